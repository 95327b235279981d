import nodemailer from 'nodemailer';
import type { Mailer, MailMessage, SmtpSettings } from '../mail/mailer';

/** How long the SMTP server may take to answer, at each step. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * The Mailer over nodemailer (Node only: it opens TCP and TLS sockets). One connection per message:
 * sends are few and spaced (a document now and then), and a fresh connection picks up changed settings.
 * TLS mode: 'tls' = implicit TLS (port 465), 'starttls' = plain then STARTTLS, required, 'none' = plain.
 */
export class SmtpMailer implements Mailer {
  async send(smtp: SmtpSettings, message: MailMessage): Promise<void> {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.tlsMode === 'tls',
      requireTLS: smtp.tlsMode === 'starttls',
      ignoreTLS: smtp.tlsMode === 'none',
      auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? '' } : undefined,
      ...TIMEOUTS,
    });
    try {
      await transport.sendMail({
        from: { name: message.from.name, address: message.from.address },
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: (message.attachments ?? []).map((a) => ({ filename: a.fileName, contentType: a.contentType, content: Buffer.from(a.bytes) })),
      });
    } finally {
      transport.close();
    }
  }
}
