import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';

/**
 * E-mail and background jobs as the application needs them: Settings → E-mail (the SMTP server and
 * the sender; the password is sent, never read back), its test e-mail, "Send by e-mail" on a
 * quotation or an invoice with the document's send log, and the retry of a failed background job.
 */

export type TlsMode = 'none' | 'starttls' | 'tls';
export type MailLanguage = 'zh-HK' | 'en' | 'both';
export type MailedDocument = 'quotation' | 'invoice';
/** Where the links in e-mails take their address from: APP_URL, Settings → E-mail, or the server's own loopback address. */
export type SiteAddressSource = 'appUrl' | 'settings' | 'loopback';

export interface MailSettings {
  readonly host: string;
  readonly port: number;
  readonly tlsMode: TlsMode;
  readonly username: string;
  /** Whether a password is kept; the password itself never comes back. */
  readonly passwordSet: boolean;
  readonly fromName: string;
  readonly fromAddress: string;
  /** The site's address kept here for the links in e-mails ('' none). */
  readonly siteUrl: string;
  /** Where the links in e-mails open now, and why; null: nowhere, so e-mails with links are refused. */
  readonly linksOpenAt: { readonly url: string; readonly source: SiteAddressSource } | null;
  /** How many e-mails one person may send in an hour. */
  readonly sendsPerHour: number;
  readonly version: number;
}

export interface MailSettingsChange {
  readonly host: string;
  readonly port: number;
  readonly tlsMode: TlsMode;
  readonly username: string;
  /** Left out: the kept password stays. */
  readonly password?: string;
  readonly clearPassword?: boolean;
  readonly fromName: string;
  readonly fromAddress: string;
  readonly siteUrl: string;
  readonly sendsPerHour: number;
  readonly version: number;
}

export type SendState = 'queued' | 'sending' | 'sent' | 'failed';

/** One e-mail of a document and where it stands (its background job's state). */
export interface DocumentSend {
  readonly id: number;
  readonly recipient: string;
  readonly language: MailLanguage;
  readonly message: string;
  readonly status: SendState;
  /** Why the last attempt failed ('' when none did). */
  readonly error: string;
  readonly attempts: number;
  readonly jobId: number;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly byName: string | null;
}

/** A document's sends, the contacts it may go to, and whether e-mail is set up. */
export interface DocumentSends {
  readonly sends: readonly DocumentSend[];
  readonly contacts: readonly { readonly name: string; readonly email: string }[];
  readonly mailConfigured: boolean;
  /** The language of the client's e-mails: the form's first choice. */
  readonly clientLanguage: MailLanguage;
}

export interface SendRequest {
  readonly to: string;
  readonly language: MailLanguage;
  readonly message: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface BackgroundJob {
  readonly id: number;
  readonly kind: string;
  readonly summary: string;
  readonly status: JobStatus;
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly runAt: string;
  readonly lastError: string;
  readonly lockedBy: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

export interface Mailing {
  saveSettings(change: MailSettingsChange): ResultAsync<MailSettings, ApiError>;
  sendTest(to: string): ResultAsync<void, ApiError>;
  sends(document: MailedDocument, id: number): ResultAsync<DocumentSends, ApiError>;
  send(document: MailedDocument, id: number, request: SendRequest): ResultAsync<DocumentSend, ApiError>;
  retryJob(id: number): ResultAsync<BackgroundJob, ApiError>;
}

export const Mailing = token<Mailing>('Mailing');

/** Settings → Background jobs: a page of jobs and how many are in each state. */
export interface JobListData {
  readonly items: readonly BackgroundJob[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  readonly counts: Readonly<Record<JobStatus, number>>;
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    jobs: JobListData;
    mailSettings: { readonly settings: MailSettings };
  }
}
