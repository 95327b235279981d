/**
 * The wire of Settings → E-mail and of sending a document by e-mail (server/mail/routes.ts). The SMTP
 * password never comes back: only whether one is set.
 */
import * as z from 'zod/mini';
import { Done, Id, Timestamp, Version } from './common';

export const TLS_MODES = ['none', 'starttls', 'tls'] as const;
export const SITE_ADDRESS_SOURCES = ['appUrl', 'settings', 'loopback'] as const;
export const TlsMode = z.enum(TLS_MODES);
export type TlsMode = z.infer<typeof TlsMode>;

/** What Settings → E-mail shows. */
export const MailSettings = z.object({
  host: z.string(),
  port: z.number(),
  tlsMode: TlsMode,
  username: z.string(),
  /** Whether a password is kept (sealed); the password itself is never sent. */
  passwordSet: z.boolean(),
  fromName: z.string(),
  fromAddress: z.string(),
  /** The site's address kept here for the links in e-mails (an http(s) origin, '' none). */
  siteUrl: z.string(),
  /**
   * Where the links in e-mails open now, and why: APP_URL, the address above, or this server's own
   * loopback address; null: none, so e-mails with links are refused.
   */
  linksOpenAt: z.nullable(z.object({ url: z.string(), source: z.enum(SITE_ADDRESS_SOURCES) })),
  /** How many e-mails one person may send in an hour (documents, statements, reminders sent by hand, test e-mails). */
  sendsPerHour: z.number(),
  version: Version,
});
export type MailSettings = z.infer<typeof MailSettings>;

/** GET, PUT /api/settings/mail */
export const MailSettingsReply = z.object({ settings: MailSettings });
export type MailSettingsReply = z.infer<typeof MailSettingsReply>;

/** PUT /api/settings/mail: `password` left out (or empty) keeps the one kept; `clearPassword` removes it. */
export const MailSettingsInput = z.object({
  host: z.string(),
  port: z.number(),
  tlsMode: TlsMode,
  username: z.string(),
  password: z.optional(z.string()),
  clearPassword: z.optional(z.boolean()),
  fromName: z.string(),
  fromAddress: z.string(),
  /** The site's address for the links in e-mails: http(s), a host, nothing after it; '' none; left out: unchanged. */
  siteUrl: z.optional(z.string()),
  /** 1–10,000; left out: unchanged. */
  sendsPerHour: z.optional(z.number()),
  version: Version,
});
export type MailSettingsInput = z.infer<typeof MailSettingsInput>;

/** POST /api/settings/mail/test: the address the test e-mail goes to. */
export const MailTestInput = z.object({ to: z.string() });
/** The test e-mail was accepted by the SMTP server. */
export const MailTestReply = Done;

export const SEND_DOCUMENT_TYPES = ['quotation', 'invoice'] as const;
export const SendDocumentType = z.enum(SEND_DOCUMENT_TYPES);
export type SendDocumentType = z.infer<typeof SendDocumentType>;

export const SEND_STATES = ['queued', 'sending', 'sent', 'failed'] as const;

/** One e-mail of a document: to whom, in which language, and where it stands. */
export const DocumentSend = z.object({
  id: Id,
  recipient: z.string(),
  language: z.enum(['zh-HK', 'en', 'both']),
  message: z.string(),
  status: z.enum(SEND_STATES),
  /** Why the last attempt failed ('' when none did). */
  error: z.string(),
  attempts: z.number(),
  jobId: Id,
  createdAt: Timestamp,
  /** When the SMTP server took it. */
  sentAt: z.nullable(Timestamp),
  byName: z.nullable(z.string()),
});
export type DocumentSend = z.infer<typeof DocumentSend>;

/** A contact of the document's client the e-mail may go to. */
export const MailContact = z.object({ name: z.string(), email: z.string() });
export type MailContact = z.infer<typeof MailContact>;

/** GET /api/{quotations|orders}/{id}/emails: the sends of the document, newest first, and whom it may go to. */
export const DocumentSends = z.object({
  sends: z.array(DocumentSend),
  /** The client's contacts with an e-mail address: for an invoice the one for accounts first, else the primary first. */
  contacts: z.array(MailContact),
  /** Whether Settings → E-mail names an SMTP server (else sending is refused). */
  mailConfigured: z.boolean(),
  /** The language of the client's e-mails: the form's first choice. */
  clientLanguage: z.enum(['zh-HK', 'en', 'both']),
});
export type DocumentSends = z.infer<typeof DocumentSends>;

/** POST /api/{quotations|orders}/{id}/emails */
export const SendDocumentInput = z.object({
  to: z.string(),
  language: z.enum(['zh-HK', 'en', 'both']),
  message: z.string(),
});
export type SendDocumentInput = z.infer<typeof SendDocumentInput>;

/** The send queued. */
export const DocumentSendReply = z.object({ send: DocumentSend });
export type DocumentSendReply = z.infer<typeof DocumentSendReply>;
