import nodemailer from 'nodemailer';
import type { MailFailureKind } from '../../domain/mail/mail';
import { MailError, type Mailer, type MailMessage, type SmtpSettings } from '../mail/mailer';

/** How long the SMTP server may take to answer, at each step. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Socket errors that mean nothing answered at that address and port. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EPIPE']);

/**
 * The kind of a nodemailer failure, from its code (and the socket's): the only thing of it that
 * leaves this file. Its message, which may hold what the remote side said (a banner, a reply line),
 * is read here to tell a TLS failure from another socket error, and never kept.
 */
export function failureKind(error: unknown): MailFailureKind {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; errno?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  switch (code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return 'authentication';
    case 'ETLS':
      return 'tls';
    case 'EPROTOCOL':
      return 'notSmtp';
    case 'EDNS':
      return 'hostNotFound';
    case 'ETIMEDOUT':
      return 'timedOut';
    case 'EENVELOPE':
      return 'recipientRefused';
    case 'ESOCKET':
    case 'ECONNECTION': {
      if (/\b(SSL|TLS)\b|certificate|self[- ]signed|wrong version number/i.test(message)) return 'tls';
      if (/ETIMEDOUT|timed? ?out/i.test(message)) return 'timedOut';
      const socketCode = /\b(E[A-Z]+)\b/.exec(message)?.[1] ?? '';
      return UNREACHABLE.has(socketCode) || typeof e.errno === 'number' ? 'refused' : 'failed';
    }
    default:
      return 'failed';
  }
}

/**
 * The Mailer over nodemailer (Node only: it opens TCP and TLS sockets). One connection per message:
 * sends are few and spaced (a document now and then), and a fresh connection picks up changed settings.
 * TLS mode: 'tls' = implicit TLS (port 465), 'starttls' = plain then STARTTLS, required, 'none' = plain.
 * A failure is thrown as a MailError of its kind, without the remote server's words.
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
        ...(message.html === undefined ? {} : { html: message.html }),
        attachments: (message.attachments ?? []).map((a) => ({
          filename: a.fileName,
          contentType: a.contentType,
          content: Buffer.from(a.bytes),
          ...(a.inlineId ? { cid: a.inlineId, contentDisposition: 'inline' as const } : {}),
        })),
      });
    } catch (error) {
      throw new MailError(failureKind(error));
    } finally {
      transport.close();
    }
  }
}
