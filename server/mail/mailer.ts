import { mailFailureReason, type MailFailureKind } from '../../domain/mail/mail';
import type { TlsMode } from '../db/schema';

/** Where e-mail goes: the SMTP server of Settings → E-mail, its password opened. */
export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  readonly tlsMode: TlsMode;
  readonly username: string;
  readonly password: string | null;
}

export interface MailAttachment {
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  /** Shown inside the HTML part (`<img src="cid:…">`) rather than attached: its Content-ID. */
  readonly inlineId?: string;
}

export interface MailMessage {
  readonly from: { readonly name: string; readonly address: string };
  readonly to: string;
  readonly subject: string;
  /** The plain-text part (every message has one). */
  readonly text: string;
  /** The HTML alternative of the same words, when there is one. */
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
}

/**
 * A send that failed, by kind only. Its message is the kind's reason code (domain/mail/mail.ts), so
 * whatever keeps it (a job's last error, the audit log) never holds the remote server's words.
 */
export class MailError extends Error {
  constructor(readonly kind: MailFailureKind) {
    super(mailFailureReason(kind));
    this.name = 'MailError';
  }
}

/**
 * Sends one e-mail through an SMTP server: resolves when the server accepted it, rejects with a
 * MailError naming the kind of failure (refused connection, authentication failed, not an SMTP
 * server …). The Node host gives one (server/node/smtpMailer.ts, nodemailer); the in-page demo none.
 */
export interface Mailer {
  send(smtp: SmtpSettings, message: MailMessage): Promise<void>;
}
