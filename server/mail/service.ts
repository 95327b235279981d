import { err, ok, type Result } from 'neverthrow';
import type { DocumentSend, DocumentSends, MailSettings } from '../../contract/mail';
import type { ServerDeps } from '../http/env';
import { enqueue } from '../jobs/queue';
import type { ServiceContext } from '../service/context';
import { hongKongDate } from '../../domain/time/dates';
import { makeDocumentLink } from '../links/service';
import { conflict, invalid, notFound, type Failure } from '../service/failure';
import { mailFailureReason, siteOrigin, type MailFailureKind } from '../../domain/mail/mail';
import { PermanentJobError } from '../jobs/runner';
import { MailError, type Mailer, type MailMessage, type SmtpSettings } from './mailer';
import * as repo from './repository';
import { takeSends, type SendLimitFailure } from './sendLimit';
import { siteAddress } from './siteAddress';
import { defaultDocumentMessage, testMail, type MailLanguage } from './texts';

/** Settings → E-mail, its test e-mail, and sending a quotation or an invoice by e-mail (queued as a job). */

export type MailFailure = Failure<{ code: 'mailNotConfigured' } | { code: 'mailUnavailable' } | { code: 'mailFailed'; kind: MailFailureKind } | { code: 'siteUrlNotSet' } | SendLimitFailure>;

/** The job kind that sends a document (server/mail/sendJob.ts). */
export const SEND_DOCUMENT_JOB = 'sendDocument';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

async function settingsView(deps: Pick<ServerDeps, 'db' | 'config'>, row: repo.MailSettingRow): Promise<MailSettings> {
  return {
    host: row.host,
    port: row.port,
    tlsMode: row.tls_mode,
    username: row.username,
    passwordSet: row.password_sealed !== null,
    fromName: row.from_name,
    fromAddress: row.from_address,
    siteUrl: row.site_url,
    linksOpenAt: await siteAddress(deps),
    sendsPerHour: row.sends_per_hour,
    version: row.version,
  };
}

export const mailSettings = async (deps: Pick<ServerDeps, 'db' | 'config'>): Promise<MailSettings> => settingsView(deps, await repo.settingsRow(deps.db));

export interface MailSettingsInput {
  readonly host: string;
  readonly port: number;
  readonly tlsMode: SmtpSettings['tlsMode'];
  readonly username: string;
  readonly password?: string;
  readonly clearPassword?: boolean;
  readonly fromName: string;
  readonly fromAddress: string;
  /** The site's address as typed; left out: unchanged. */
  readonly siteUrl?: string;
  /** E-mails one person may send in an hour; left out: unchanged. */
  readonly sendsPerHour?: number;
  readonly version: number;
}

/**
 * Saves Settings → E-mail; a new password is sealed, an empty one keeps the one kept; the site's
 * address is kept as its origin (http or https, nothing after the host). Audited without the password.
 */
export async function saveMailSettings(ctx: ServiceContext, input: MailSettingsInput): Promise<Result<MailSettings, Failure>> {
  if (input.host && !input.fromAddress) return err(invalid({ fromAddress: 'mail.fromRequired' }));
  const siteUrl = input.siteUrl === undefined ? undefined : siteOrigin(input.siteUrl);
  if (siteUrl === null) return err(invalid({ siteUrl: 'mail.siteUrlFormat' }));
  const before = await repo.settingsRow(ctx.db);
  const passwordSealed = input.clearPassword ? null : input.password ? await ctx.deps.encrypter.encrypt(input.password) : undefined;
  const saved = await ctx.db.transaction().execute(async (tx) => {
    const saved = await repo.updateSettings(tx, { ...input, siteUrl, passwordSealed }, input.version, ctx.now());
    if (!saved) return null;
    const changes: Record<string, unknown> = {};
    for (const [field, from, to] of [
      ['host', before.host, saved.host],
      ['port', before.port, saved.port],
      ['tlsMode', before.tls_mode, saved.tls_mode],
      ['username', before.username, saved.username],
      ['fromName', before.from_name, saved.from_name],
      ['fromAddress', before.from_address, saved.from_address],
      ['siteUrl', before.site_url, saved.site_url],
      ['sendsPerHour', before.sends_per_hour, saved.sends_per_hour],
    ] as const) {
      if (from !== to) changes[field] = { from, to };
    }
    if (passwordSealed !== undefined) changes.password = passwordSealed === null ? 'removed' : 'changed';
    await ctx.audit({ action: 'update', entityType: 'mail_settings', entityId: 1, changes }, tx);
    return saved;
  });
  return saved ? ok(await settingsView(ctx.deps, saved)) : err(conflict);
}

/** The SMTP server and the sender of Settings → E-mail, its password opened; null when no server is set. */
export async function smtpOf(deps: Pick<ServerDeps, 'db' | 'encrypter'>): Promise<{ smtp: SmtpSettings; from: { name: string; address: string } } | null> {
  const row = await repo.settingsRow(deps.db);
  if (!row.host) return null;
  const password = row.password_sealed === null ? null : await deps.encrypter.decrypt(row.password_sealed);
  return {
    smtp: { host: row.host, port: row.port, tlsMode: row.tls_mode, username: row.username, password },
    from: { name: row.from_name, address: row.from_address },
  };
}

/** The kind of a failed send: a Mailer names it; anything else thrown is a failure of no known kind (never its words). */
const kindOf = (error: unknown): MailFailureKind => (error instanceof MailError ? error.kind : 'failed');

/** Sends through a mailer, any failure thrown as a MailError of its kind only. */
async function sendThrough(mailer: Mailer, smtp: SmtpSettings, message: MailMessage): Promise<void> {
  try {
    await mailer.send(smtp, message);
  } catch (error) {
    throw new MailError(kindOf(error));
  }
}

/**
 * Sends the test e-mail now, while the administrator waits (a few seconds at most: the SMTP timeouts
 * of the mailer), so a wrong host, port or password is said at once, by its kind only (refused, timed
 * out, TLS, authentication, not an SMTP server …: never what the remote side answered); audited.
 */
export async function sendTestMail(ctx: ServiceContext, to: string): Promise<Result<void, MailFailure>> {
  const mailer: Mailer | undefined = ctx.deps.mailer;
  if (!mailer) return err({ code: 'mailUnavailable' });
  const where = await smtpOf(ctx.deps);
  if (!where) return err({ code: 'mailNotConfigured' });
  const allowed = await takeSends(ctx);
  if (allowed.isErr()) return err(allowed.error);
  const words = testMail(where.smtp.host);
  let failure: MailFailureKind | null = null;
  try {
    await sendThrough(mailer, where.smtp, { from: where.from, to, subject: words.subject, text: words.text });
  } catch (error) {
    failure = kindOf(error);
  }
  await ctx.audit({ action: 'testMail', entityType: 'mail_settings', entityId: 1, changes: { to, ...(failure ? { error: mailFailureReason(failure) } : {}) } }, ctx.db);
  return failure === null ? ok(undefined) : err({ code: 'mailFailed', kind: failure });
}

/** Sends one e-mail from Settings → E-mail's sender, through its SMTP server. */
export type Outbox = (message: Omit<MailMessage, 'from'>) => Promise<void>;

/**
 * The way out for a background job's e-mail, checked before the job does its work: a host that sends
 * no e-mail ends the job; e-mail not set up fails the attempt with that reason code, as a failed send
 * does with its kind's (tried again with backoff: the settings may be mended meanwhile).
 */
export async function outbox(deps: Pick<ServerDeps, 'db' | 'encrypter' | 'mailer'>): Promise<Outbox> {
  const mailer = deps.mailer;
  if (!mailer) throw new PermanentJobError(mailFailureReason('unavailable'));
  const where = await smtpOf(deps);
  if (!where) throw new MailError('notConfigured');
  return (message) => sendThrough(mailer, where.smtp, { from: where.from, ...message });
}

/**
 * Whether an e-mail to a customer may be queued now: e-mail is set up, and the site's address its
 * links open at is known (never taken from the request: server/mail/siteAddress.ts).
 */
export async function readyToMail(ctx: Pick<ServiceContext, 'db' | 'deps'>): Promise<Result<void, { readonly code: 'mailNotConfigured' | 'siteUrlNotSet' }>> {
  if (!(await repo.settingsRow(ctx.db)).host) return err({ code: 'mailNotConfigured' });
  if (!(await siteAddress({ db: ctx.db, config: ctx.deps.config }))) return err({ code: 'siteUrlNotSet' });
  return ok(undefined);
}

/** A send as the document screen shows it: its state is its job's. */
export function sendView(row: repo.SendRow): DocumentSend {
  const status = row.status === 'done' ? 'sent' : row.status === 'failed' ? 'failed' : row.status === 'running' ? 'sending' : 'queued';
  return {
    id: row.id,
    recipient: row.recipient,
    language: row.language as MailLanguage,
    message: row.message,
    status,
    error: row.status === 'done' ? '' : row.last_error,
    attempts: row.attempts,
    jobId: row.job_id,
    createdAt: iso(row.created_at)!,
    sentAt: row.status === 'done' ? iso(row.finished_at) : null,
    byName: row.by_name,
  };
}

/** The sends of a document, whom it may go to, and whether e-mail is set up; notFound when there is no such document. */
export async function documentSends(deps: Pick<ServerDeps, 'db'>, type: repo.SendDocumentType, id: number): Promise<Result<DocumentSends, Failure>> {
  const head = await repo.documentHead(deps.db, type, id);
  if (!head) return err(notFound);
  const [rows, contacts, settings] = await Promise.all([repo.sendsOf(deps.db, type, id), repo.contactEmails(deps.db, head.client_id, type === 'invoice' ? 'accounts' : 'primary'), repo.settingsRow(deps.db)]);
  return ok({ sends: rows.map(sendView), contacts, mailConfigured: settings.host !== '', clientLanguage: head.mail_language });
}

export interface SendDocumentInput {
  readonly to: string;
  readonly language: MailLanguage;
  readonly message: string;
}

/** How long the customer link an e-mail holds stays open, in days (a link made by hand: 1–365, 30 by default). */
export const EMAIL_LINK_DAYS = 30;

const ENTITY = { quotation: 'quotation', invoice: 'order' } as const;

/**
 * Queues the e-mail of a quotation or an invoice: the send and its job in one transaction (both kept
 * or neither), audited on the document; the job renders the PDF and sends it (server/mail/sendJob.ts).
 * An empty message is the default one in the chosen language(s).
 */
export async function sendDocument(ctx: ServiceContext, type: repo.SendDocumentType, id: number, input: SendDocumentInput): Promise<Result<DocumentSend, MailFailure>> {
  const head = await repo.documentHead(ctx.db, type, id);
  if (!head) return err(notFound);
  const ready = await readyToMail(ctx);
  if (ready.isErr()) return err(ready.error);
  const allowed = await takeSends(ctx);
  if (allowed.isErr()) return err(allowed.error);
  const message = input.message.trim() || defaultDocumentMessage(input.language, type, head.number);
  // The customer's link to the document (audited as made by the sender); the job gives it its address
  // (the site's, server/mail/siteAddress.ts) when it sends, so no address of it is kept but in the e-mail.
  const link = await makeDocumentLink({ db: ctx.db, now: ctx.now, today: hongKongDate(ctx.now()), user: ctx.actor, audit: ctx.audit }, ctx.deps.encrypter, type, id, EMAIL_LINK_DAYS);
  const linked = link.isOk() ? { linkId: link.value.link.id } : {};
  const sendId = await ctx.db.transaction().execute(async (tx) => {
    const job = await enqueue(tx, ctx.now(), { kind: SEND_DOCUMENT_JOB, payload: { summary: `${head.number} → ${input.to}`, ...linked } });
    const { id: sendId } = await repo.insertSend(tx, { type, documentId: id, jobId: job.id, recipient: input.to, language: input.language, message, userId: ctx.actor.id, now: ctx.now() });
    await ctx.audit({ action: 'email', entityType: ENTITY[type], entityId: id, changes: { to: input.to, language: input.language, jobId: job.id } }, tx);
    return sendId;
  });
  ctx.deps.jobs?.notify();
  return ok(sendView((await repo.sendById(ctx.db, sendId))!));
}
