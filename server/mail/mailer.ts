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
}

export interface MailMessage {
  readonly from: { readonly name: string; readonly address: string };
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments?: readonly MailAttachment[];
}

/**
 * Sends one e-mail through an SMTP server: resolves when the server accepted it, rejects with the
 * reason (refused connection, authentication failed, recipient refused …). The Node host gives one
 * (server/node/smtpMailer.ts, nodemailer); the in-page demo none.
 */
export interface Mailer {
  send(smtp: SmtpSettings, message: MailMessage): Promise<void>;
}
