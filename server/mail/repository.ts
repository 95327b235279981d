import { sql, type Selectable } from 'kysely';
import type { DocumentSendTable, MailSettingTable, TlsMode } from '../db/schema';
import type { Db } from '../service/context';
import type { MailLanguage } from './texts';

/** Settings → E-mail (one row) and the log of documents sent by e-mail: SQL only. */

export type MailSettingRow = Selectable<MailSettingTable>;

export const settingsRow = (db: Db): Promise<MailSettingRow> => db.selectFrom('mail_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

export interface MailSettingsChange {
  readonly host: string;
  readonly port: number;
  readonly tlsMode: TlsMode;
  readonly username: string;
  /** undefined: keep the sealed password as it is. */
  readonly passwordSealed?: string | null;
  readonly fromName: string;
  readonly fromAddress: string;
  /** undefined: keep the site's address as it is. */
  readonly siteUrl?: string;
  /** undefined: keep the limit as it is. */
  readonly sendsPerHour?: number;
}

/** Saves the settings if `version` is still the current one; the row, or undefined when it was stale. */
export function updateSettings(db: Db, change: MailSettingsChange, version: number, now: Date): Promise<MailSettingRow | undefined> {
  return db
    .updateTable('mail_settings')
    .set((eb) => ({
      host: change.host,
      port: change.port,
      tls_mode: change.tlsMode,
      username: change.username,
      ...(change.passwordSealed !== undefined ? { password_sealed: change.passwordSealed } : {}),
      from_name: change.fromName,
      from_address: change.fromAddress,
      ...(change.siteUrl !== undefined ? { site_url: change.siteUrl } : {}),
      ...(change.sendsPerHour !== undefined ? { sends_per_hour: change.sendsPerHour } : {}),
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', 1)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** What a send e-mails: a document (a quotation or an invoice), or a client's statement of account (server/statements/). */
export type SentKind = DocumentSendTable['document_type'];
export type SendDocumentType = Exclude<SentKind, 'statement'>;

/** The number, client and branch of a quotation or an invoice (orders), and the language of the client's e-mails; undefined when there is none. */
export function documentHead(db: Db, type: SendDocumentType, id: number): Promise<{ number: string; client_id: number; branch_id: number | null; mail_language: MailLanguage } | undefined> {
  const columns = ['d.number', 'd.client_id', 'd.branch_id', 'c.mail_language'] as const;
  return type === 'quotation'
    ? db.selectFrom('quotations as d').innerJoin('clients as c', 'c.id', 'd.client_id').select(columns).where('d.id', '=', id).executeTakeFirst()
    : db.selectFrom('orders as d').innerJoin('clients as c', 'c.id', 'd.client_id').select(columns).where('d.id', '=', id).executeTakeFirst();
}

/** Who an e-mail is for, which decides whose address comes first: 'accounts' (invoices, statements, payment reminders) or 'primary' (quotations, visits). */
export type ContactPurpose = 'accounts' | 'primary';

/** The e-mail addresses of a client's contacts: for accounts, the contact marked for accounts first; then the primary; then in order. */
export function contactEmails(db: Db, clientId: number, purpose: ContactPurpose): Promise<{ name: string; email: string }[]> {
  let query = db.selectFrom('client_contacts').select(['name', 'email']).where('client_id', '=', clientId).where('email', '<>', '');
  if (purpose === 'accounts') query = query.orderBy('is_accounts', 'desc');
  return query.orderBy('is_primary', 'desc').orderBy('sort_order').orderBy('id').execute();
}

/** The language of a client's e-mails, or undefined when there is no such client. */
export async function clientMailLanguage(db: Db, clientId: number): Promise<MailLanguage | undefined> {
  return (await db.selectFrom('clients').select('mail_language').where('id', '=', clientId).executeTakeFirst())?.mail_language;
}

/** Records a send; a statement's with the period it covers. */
export function insertSend(db: Db, send: { type: SentKind; documentId: number; jobId: number; recipient: string; language: string; message: string; userId: number | null; now: Date; period?: { from: string; to: string } }) {
  return db
    .insertInto('document_sends')
    .values({
      document_type: send.type,
      document_id: send.documentId,
      job_id: send.jobId,
      recipient: send.recipient,
      language: send.language,
      message: send.message,
      created_by: send.userId,
      created_at: send.now,
      ...(send.period ? { period_from: send.period.from, period_to: send.period.to } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const sendColumns = [
  'document_sends.id',
  'document_sends.document_type',
  'document_sends.document_id',
  'document_sends.recipient',
  'document_sends.language',
  'document_sends.message',
  'document_sends.job_id',
  'document_sends.created_by',
  'document_sends.created_at',
  'jobs.status',
  'jobs.attempts',
  'jobs.last_error',
  'jobs.finished_at',
  'users.name as by_name',
] as const;

const sends = (db: Db) => db.selectFrom('document_sends').innerJoin('jobs', 'jobs.id', 'document_sends.job_id').leftJoin('users', 'users.id', 'document_sends.created_by').select(sendColumns);

export type SendRow = Awaited<ReturnType<typeof sendById>> & object;

export const sendById = (db: Db, id: number) => sends(db).where('document_sends.id', '=', id).executeTakeFirst();

/** The send a job sends. */
export const sendOfJob = (db: Db, jobId: number) => sends(db).where('document_sends.job_id', '=', jobId).executeTakeFirst();

/** The sends of a document (a client's, for statements), newest first. */
export const sendsOf = (db: Db, type: SentKind, documentId: number) =>
  sends(db).where('document_sends.document_type', '=', type).where('document_sends.document_id', '=', documentId).orderBy('document_sends.id', 'desc').limit(50).execute();

/** The audit line of what a job did (no request, no address): on behalf of the user who asked for it. */
export function auditFromJob(db: Db, entry: { userId: number | null; action: string; entityType: string; entityId: number; changes: Record<string, unknown>; now: Date }) {
  return db
    .insertInto('audits')
    .values({ user_id: entry.userId, action: entry.action, entity_type: entry.entityType, entity_id: String(entry.entityId), changes: JSON.stringify(entry.changes), ip: null, created_at: entry.now })
    .execute();
}

/**
 * Takes `count` sends from a person's allowance of the window kept under `key` in rate_limits (so
 * every server instance counts the same), all or none: the new count, or null when they would pass
 * `limit` (nothing is taken then). A window that has ended starts afresh.
 */
export async function takeAllowance(db: Db, key: string, count: number, limit: number, at: Date, resetAt: Date): Promise<{ hits: number } | null> {
  if (count > limit) return null;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: count, reset_at: resetAt })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          hits: sql<number>`case when rate_limits.reset_at <= ${at}::timestamptz then ${count}::int else rate_limits.hits + ${count}::int end`,
          reset_at: sql<Date>`case when rate_limits.reset_at <= ${at}::timestamptz then ${resetAt}::timestamptz else rate_limits.reset_at end`,
        })
        .where(sql<boolean>`rate_limits.reset_at <= ${at}::timestamptz or rate_limits.hits + ${count}::int <= ${limit}::int`),
    )
    .returning('hits')
    .executeTakeFirst();
  return row ?? null;
}

/** Gives `count` sends back to the allowance under `key` (sends counted that did not happen). */
export async function giveBackAllowance(db: Db, key: string, count: number): Promise<void> {
  if (count <= 0) return;
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`greatest(rate_limits.hits - ${count}::int, 0)` })
    .where('key', '=', key)
    .execute();
}

/** When the window under `key` ends, if there is one. */
export async function allowanceResetAt(db: Db, key: string): Promise<Date | null> {
  const row = await db.selectFrom('rate_limits').select('reset_at').where('key', '=', key).executeTakeFirst();
  return row ? new Date(row.reset_at) : null;
}
