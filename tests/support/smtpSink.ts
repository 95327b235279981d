import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in this process (smtp-server, plain SMTP with AUTH PLAIN/LOGIN allowed without
 * TLS), keeping each message it receives, parsed (mailparser): the tests and the e2e server send
 * through it as through a company's mail server.
 */
export interface SmtpSink {
  readonly port: number;
  readonly received: ParsedMail[];
  /** Called with each message as it arrives (the e2e server writes it to a folder). */
  onMessage?: (mail: ParsedMail, raw: Buffer) => void;
  close(): Promise<void>;
}

export async function startSmtpSink(credentials: { user: string; password: string }, port = 0): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const sink: { onMessage?: (mail: ParsedMail, raw: Buffer) => void } = {};
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    // A client that does not log in may send too (the e2e server's settings name no user).
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            received.push(mail);
            sink.onMessage?.(mail, raw);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
