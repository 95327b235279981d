import type { SkipReason } from '../../contract/reminders';
import { randomToken } from '../auth/tokens';
import type { ReminderKind } from '../db/schema';
import type { ServerDeps } from '../http/env';
import { enqueue } from '../jobs/queue';
import { insertLink } from '../links/repository';
import type { Db, Tx } from '../service/context';
import type { MailLanguage } from '../mail/texts';
import type { IsoDate } from '../../domain/time/dates';
import * as repo from './repository';

/**
 * Putting one reminder on its way: recorded in the send log under its key (once only: a repeated or
 * raced run finds the key taken and does nothing), and queued for sending in the same transaction;
 * or recorded as skipped (the client opted out, or has no e-mail address).
 */

/** The job kind that sends one reminder (server/reminders/sendJob.ts). */
export const SEND_REMINDER_JOB = 'sendReminder';

/** How long the customer links an overdue reminder holds stay open, in days (as the invoice e-mail's). */
export const REMINDER_LINK_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A client as reminders need it: the opt-out, the contacts e-mail goes to, the language and the branch (whose company it comes from). */
export interface ReminderClient {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly optedOut: boolean;
  /** The first contact with an e-mail address (the primary first), or null: a visit's reminder goes there. */
  readonly contact: { readonly name: string; readonly email: string } | null;
  /** The same with the contact for accounts before all: an overdue reminder goes there. */
  readonly accountsContact: { readonly name: string; readonly email: string } | null;
  readonly language: MailLanguage;
  readonly branchId: number | null;
}

const contactOf = (text: string | null): { name: string; email: string } | null => {
  const [name = '', email = ''] = (text ?? '').split('\n');
  return email ? { name, email } : null;
};

/** The contact a reminder of this kind goes to. */
export const recipientOf = (client: ReminderClient, kind: ReminderKind) => (kind === 'overdue' ? client.accountsContact : client.contact);

export async function reminderClients(db: Db, ids: readonly number[]): Promise<Map<number, ReminderClient>> {
  const rows = await repo.reminderClients(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        nameEn: row.name_en,
        nameZh: row.name_zh,
        optedOut: row.reminders_opt_out,
        contact: contactOf(row.contact),
        accountsContact: contactOf(row.accounts_contact),
        language: row.mail_language,
        branchId: row.branch_id,
      },
    ]),
  );
}

/** Writes one audit line inside the reminder's transaction (the caller's user, or none for the daily run). */
export type AuditWriter = (entry: { action: string; entityType: string; entityId: number; changes: Record<string, unknown> }, tx: Tx) => Promise<void>;

export interface ReminderRequest {
  readonly kind: ReminderKind;
  /** The subject and day that make the reminder once only, e.g. `dayBefore:12:2026-11-24`. */
  readonly key: string;
  /** The day the reminder is made for (Hong Kong). */
  readonly day: IsoDate;
  readonly client: ReminderClient;
  readonly appointmentId?: number;
  readonly visit?: { readonly date: string; readonly start: Date; readonly end: Date; readonly allDay: boolean };
  readonly address?: string;
  readonly invoices?: readonly { readonly orderId: number; readonly number: string; readonly outstanding: number }[];
  readonly manual: boolean;
  readonly userId: number | null;
}

export type ReminderOutcome = { readonly outcome: 'queued'; readonly reminderId: number } | { readonly outcome: 'skipped'; readonly reason: SkipReason; readonly reminderId: number | null } | { readonly outcome: 'taken' };

/**
 * Records the reminder and queues its sending, or records it as skipped; 'taken' when its key (or
 * the key of its skip) was recorded before, so nothing is sent or logged twice.
 */
export async function putReminder(deps: Pick<ServerDeps, 'db' | 'now'>, request: ReminderRequest, audit: AuditWriter): Promise<ReminderOutcome> {
  const now = deps.now();
  const { client } = request;
  const contact = recipientOf(client, request.kind);
  const skip: SkipReason | null = client.optedOut ? 'optedOut' : contact === null ? 'noEmail' : null;
  const base = {
    kind: request.kind,
    clientId: client.id,
    day: request.day,
    appointmentId: request.appointmentId ?? null,
    visitDate: request.visit?.date ?? null,
    visitStart: request.visit?.start ?? null,
    visitEnd: request.visit?.end ?? null,
    allDay: request.visit?.allDay ?? false,
    address: request.address ?? '',
    recipient: contact?.email ?? '',
    manual: request.manual,
    userId: request.userId,
    now,
  };
  return deps.db.transaction().execute(async (tx): Promise<ReminderOutcome> => {
    if (skip) {
      const id = await repo.insertReminder(tx, { ...base, dedupeKey: `${request.key}:skipped`, status: 'skipped', reason: skip });
      // Skipped today already: said again, not logged again.
      if (id === null) return { outcome: 'skipped', reason: skip, reminderId: null };
      await repo.insertReminderInvoices(tx, id, request.invoices ?? []);
      await audit({ action: 'reminderSkipped', entityType: 'client', entityId: client.id, changes: { kind: request.kind, reminderId: id, reason: skip, manual: request.manual } }, tx);
      return { outcome: 'skipped', reason: skip, reminderId: id };
    }
    const id = await repo.insertReminder(tx, { ...base, dedupeKey: request.key, status: 'queued' });
    if (id === null) return { outcome: 'taken' };
    const invoices = request.invoices ?? [];
    await repo.insertReminderInvoices(tx, id, invoices);
    // The customer's link to each invoice; the job gives it the site's address when it sends (as the invoice e-mail's).
    const links: Record<string, number> = {};
    for (const invoice of invoices) {
      links[invoice.orderId] = await insertLink(tx, { type: 'invoice', documentId: invoice.orderId, placeholder: `pending:${randomToken(16)}`, expiresAt: new Date(now.getTime() + REMINDER_LINK_DAYS * DAY_MS), userId: request.userId, now });
      await audit({ action: 'link_create', entityType: 'order', entityId: invoice.orderId, changes: { linkId: links[invoice.orderId], via: 'reminder', reminderId: id } }, tx);
    }
    const subject = request.kind === 'overdue' ? invoices.map((i) => i.number).join(', ') : `${request.visit?.date ?? ''}`;
    const job = await enqueue(tx, now, { kind: SEND_REMINDER_JOB, payload: { summary: `${subject} → ${base.recipient}`, links } });
    await repo.setReminderJob(tx, id, job.id);
    await audit({ action: 'reminderQueued', entityType: 'client', entityId: client.id, changes: { kind: request.kind, reminderId: id, to: base.recipient, jobId: job.id, manual: request.manual } }, tx);
    return { outcome: 'queued', reminderId: id };
  });
}
