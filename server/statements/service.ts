import { err, ok, type Result } from 'neverthrow';
import type { SendStatementsReply, StatementPeriod, StatementSend, StatementSends, StatementSkipReason } from '../../contract/statements';
import { owes, statementReference } from '../../domain/documents/statementDocument';
import { checkStatementPeriod, type Statement } from '../../domain/statements/statement';
import { hongKongDate } from '../../domain/time/dates';
import { clientCode } from '../clients/repository';
import { clientStatement, defaultStatementPeriod } from '../clients/statement';
import { enqueue } from '../jobs/queue';
import * as mailRepo from '../mail/repository';
import { EMAIL_LINK_DAYS, readyToMail, SEND_DOCUMENT_JOB, sendView, type MailFailure } from '../mail/service';
import { makeDocumentLink } from '../links/service';
import { takeSends } from '../mail/sendLimit';
import type { MailLanguage } from '../mail/texts';
import type { ServiceContext } from '../service/context';
import { invalid, notFound, type Failure } from '../service/failure';
import type { Db } from '../sales/caller';
import { sendPeriods, statementClient, statementClients } from './repository';
import { defaultStatementMessage } from './texts';

/**
 * Statements of account by e-mail: one from the client's Statement tab, or one per client for
 * several clients in one action (from the outstanding reminders). Each is a send of the mail area's
 * log (document_sends, type 'statement', with its period) and a job of the same kind as a
 * document's e-mail (server/mail/sendJob.ts), which renders the statement's PDF when it runs.
 */

/**
 * The period asked for, its missing ends as the Statement tab fills them (the last three months to
 * its last day, or to today); refused when it runs backwards.
 */
export function statementPeriodOf(now: Date, period: { readonly from?: string; readonly to?: string } | undefined, field = 'period.from'): Result<StatementPeriod, Failure> {
  const fallback = defaultStatementPeriod(period?.to ?? hongKongDate(now));
  const chosen = { from: period?.from ?? fallback.from, to: period?.to ?? fallback.to };
  if (checkStatementPeriod(chosen.from, chosen.to)) return err(invalid({ [field]: 'clients.statementPeriod' }));
  return ok(chosen);
}

const viewOf = (row: mailRepo.SendRow, period: StatementPeriod | null): StatementSend => ({ ...sendView(row), period });

/** The statements sent to a client, whom they may go to, and whether e-mail is set up; notFound when there is no such client. */
export async function statementSends(db: Db, clientId: number): Promise<Result<StatementSends, Failure>> {
  const client = await statementClient(db, clientId);
  if (!client) return err(notFound);
  const [rows, contacts, settings] = await Promise.all([mailRepo.sendsOf(db, 'statement', clientId), mailRepo.contactEmails(db, clientId, 'accounts'), mailRepo.settingsRow(db)]);
  const periods = await sendPeriods(
    db,
    rows.map((r) => r.id),
  );
  return ok({ sends: rows.map((r) => viewOf(r, periods.get(r.id) ?? null)), contacts, mailConfigured: settings.host !== '', clientLanguage: client.mail_language });
}

/**
 * Queues one statement's e-mail: the customer link to the client's statement (audited as made by the
 * sender; the job gives it the site's address), then the send and its job in one transaction,
 * audited on the client.
 */
async function queueStatement(ctx: ServiceContext, clientId: number, statement: Statement, send: { to: string; language: MailLanguage; message: string }): Promise<StatementSend> {
  const period = { from: statement.from, to: statement.to };
  const reference = statementReference(clientCode(clientId), statement.to);
  const message = send.message.trim() || defaultStatementMessage(send.language, statement);
  const link = await makeDocumentLink({ db: ctx.db, now: ctx.now, today: hongKongDate(ctx.now()), user: ctx.actor, audit: ctx.audit }, ctx.deps.encrypter, 'statement', clientId, EMAIL_LINK_DAYS);
  const linked = link.isOk() ? { linkId: link.value.link.id } : {};
  const sendId = await ctx.db.transaction().execute(async (tx) => {
    const job = await enqueue(tx, ctx.now(), { kind: SEND_DOCUMENT_JOB, payload: { summary: `${reference} → ${send.to}`, ...linked } });
    const { id } = await mailRepo.insertSend(tx, { type: 'statement', documentId: clientId, jobId: job.id, recipient: send.to, language: send.language, message, userId: ctx.actor.id, now: ctx.now(), period });
    await ctx.audit({ action: 'email', entityType: 'client', entityId: clientId, changes: { document: 'statement', to: send.to, language: send.language, period, closing: statement.closing, jobId: job.id } }, tx);
    return id;
  });
  return viewOf((await mailRepo.sendById(ctx.db, sendId))!, period);
}

export interface SendStatementInput {
  readonly to: string;
  readonly language: MailLanguage;
  readonly message: string;
  readonly period?: StatementPeriod;
}

/** Queues the e-mail of a client's statement of the period (its PDF attached when the job runs); an empty message is the default one. */
export async function sendStatement(ctx: ServiceContext, clientId: number, input: SendStatementInput): Promise<Result<StatementSend, MailFailure>> {
  const period = statementPeriodOf(ctx.now(), input.period);
  if (period.isErr()) return err(period.error);
  if (!(await statementClient(ctx.db, clientId))) return err(notFound);
  const ready = await readyToMail(ctx);
  if (ready.isErr()) return err(ready.error);
  const statement = await clientStatement(ctx.db, clientId, period.value.from, period.value.to);
  if (!statement) return err(notFound);
  const allowed = await takeSends(ctx);
  if (allowed.isErr()) return err(allowed.error);
  const send = await queueStatement(ctx, clientId, statement, input);
  ctx.deps.jobs?.notify();
  return ok(send);
}

export interface SendStatementsInput {
  readonly clientIds: readonly number[];
  readonly period?: StatementPeriod;
  readonly language?: MailLanguage;
}

/**
 * Sends the statements of several clients in one action: each client's is queued as its own job,
 * to its first contact with an e-mail address (the one for accounts first, then the primary), in the
 * client's language of e-mails unless told;
 * a client is skipped, with the reason, when it owes nothing at the period's end, has no contact
 * with an e-mail address, does not exist, or when e-mail is not set up at all. The e-mails count
 * against the sender's e-mails of the hour, all together: past it, nothing is queued (sendLimit).
 * The outcomes are in the order asked (each client once).
 */
export async function sendStatements(ctx: ServiceContext, input: SendStatementsInput): Promise<Result<SendStatementsReply, MailFailure>> {
  const period = statementPeriodOf(ctx.now(), input.period);
  if (period.isErr()) return err(period.error);
  const ready = await readyToMail(ctx);
  // Not set up: each client is said to be skipped for it; set up but with no site address for the links: nothing is sent.
  if (ready.isErr() && ready.error.code === 'siteUrlNotSet') return err(ready.error);
  const configured = ready.isOk();
  type Outcome = SendStatementsReply['results'][number];
  const outcomes: (Outcome | { clientId: number; names: { nameEn: string; nameZh: string }; statement: Statement; to: string; language: MailLanguage })[] = [];
  const skipped = (clientId: number, names: { nameEn: string; nameZh: string }, reason: StatementSkipReason): Outcome => ({ clientId, ...names, status: 'skipped', recipient: null, reason });
  const ids = [...new Set(input.clientIds)];
  const clients = new Map((await statementClients(ctx.db, ids)).map((row) => [row.id, row]));
  for (const clientId of ids) {
    const client = clients.get(clientId);
    if (!client) {
      outcomes.push(skipped(clientId, { nameEn: '', nameZh: '' }, 'notFound'));
      continue;
    }
    const names = { nameEn: client.name_en, nameZh: client.name_zh };
    if (!configured) {
      outcomes.push(skipped(clientId, names, 'mailNotConfigured'));
      continue;
    }
    const statement = await clientStatement(ctx.db, clientId, period.value.from, period.value.to);
    if (!statement || !owes(statement)) {
      outcomes.push(skipped(clientId, names, 'nothingOwed'));
      continue;
    }
    const contact = (await mailRepo.contactEmails(ctx.db, clientId, 'accounts'))[0];
    if (!contact) {
      outcomes.push(skipped(clientId, names, 'noEmail'));
      continue;
    }
    outcomes.push({ clientId, names, statement, to: contact.email, language: input.language ?? client.mail_language });
  }
  const toSend = outcomes.filter((o) => 'statement' in o);
  const allowed = await takeSends(ctx, toSend.length);
  if (allowed.isErr()) return err(allowed.error);
  const results: Outcome[] = [];
  for (const outcome of outcomes) {
    if (!('statement' in outcome)) {
      results.push(outcome);
      continue;
    }
    const send = await queueStatement(ctx, outcome.clientId, outcome.statement, { to: outcome.to, language: outcome.language, message: '' });
    results.push({ clientId: outcome.clientId, ...outcome.names, status: 'queued', recipient: send.recipient, reason: null });
  }
  if (toSend.length > 0) ctx.deps.jobs?.notify();
  return ok({ results, period: period.value });
}
