import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { ClientTable, Database, ReminderKind, ReminderSettingTable, ReminderStatus } from '../db/schema';
import type { Db } from '../service/context';
import { orderSql } from '../sql/rules';
import type { IsoDate } from '../../domain/time/dates';

/** Settings → Customer reminders (one row), the send log and what the reminders are about: SQL only. */

export type ReminderSettingRow = Selectable<ReminderSettingTable>;

export const settingsRow = (db: Db): Promise<ReminderSettingRow> => db.selectFrom('reminder_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

export interface ReminderSettingsChange {
  readonly day_before_enabled: boolean;
  readonly overdue_enabled: boolean;
  readonly overdue_after_days: number;
  readonly overdue_every_days: number;
  readonly overdue_max_count: number;
  readonly send_minute: number;
}

/** Saves the settings at `version`; the row, or undefined when the version was stale. */
export function updateSettings(db: Db, change: ReminderSettingsChange, version: number, now: Date): Promise<ReminderSettingRow | undefined> {
  return db
    .updateTable('reminder_settings')
    .set((eb) => ({ ...change, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/* The daily run's job, once per day. */

/** The queued daily runs (their key names the day). */
export const queuedScans = (db: Db) => db.selectFrom('jobs').select(['id', 'dedupe_key', 'run_at']).where('kind', '=', 'reminderScan').where('status', '=', 'queued').execute();

export const moveJob = (db: Db, id: number, runAt: Date) => db.updateTable('jobs').set({ run_at: runAt }).where('id', '=', id).where('status', '=', 'queued').execute();

/** When the next daily run is due, if one is queued. */
export async function nextScanAt(db: Db): Promise<Date | null> {
  const row = await db.selectFrom('jobs').select('run_at').where('kind', '=', 'reminderScan').where('status', 'in', ['queued', 'running']).orderBy('run_at').executeTakeFirst();
  return row ? new Date(row.run_at) : null;
}

/* The log. */

export interface NewReminder {
  readonly kind: ReminderKind;
  readonly dedupeKey: string;
  readonly clientId: number;
  readonly day: IsoDate;
  readonly appointmentId?: number | null;
  readonly visitDate?: IsoDate | null;
  readonly visitStart?: Date | null;
  readonly visitEnd?: Date | null;
  readonly allDay?: boolean;
  readonly address?: string;
  readonly recipient: string;
  readonly status: ReminderStatus;
  readonly reason?: string;
  readonly manual: boolean;
  readonly userId: number | null;
  readonly now: Date;
}

/** Records a reminder unless one with its key exists (a repeated or raced run): its id, or null when the key was taken. */
export async function insertReminder(db: Db, r: NewReminder): Promise<number | null> {
  const row = await db
    .insertInto('reminders')
    .values({
      kind: r.kind,
      dedupe_key: r.dedupeKey,
      client_id: r.clientId,
      day: r.day,
      appointment_id: r.appointmentId ?? null,
      visit_date: r.visitDate ?? null,
      visit_start: r.visitStart ?? null,
      visit_end: r.visitEnd ?? null,
      all_day: r.allDay ?? false,
      address: r.address ?? '',
      recipient: r.recipient,
      status: r.status,
      reason: r.reason ?? '',
      manual: r.manual,
      created_by: r.userId,
      created_at: r.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertReminderInvoices(db: Db, reminderId: number, invoices: readonly { orderId: number; outstanding: number }[]): Promise<void> {
  if (invoices.length === 0) return;
  await db
    .insertInto('reminder_invoices')
    .values(invoices.map((i) => ({ reminder_id: reminderId, order_id: i.orderId, outstanding: i.outstanding })))
    .execute();
}

export const setReminderJob = (db: Db, id: number, jobId: number) => db.updateTable('reminders').set({ job_id: jobId }).where('id', '=', id).execute();

/** The reminder a send job sends. */
export const reminderOfJob = (db: Db, jobId: number) =>
  db
    .selectFrom('reminders')
    .select(['id', 'kind', 'client_id', 'recipient', 'status', sql<string | null>`visit_date::text`.as('visit_date'), 'visit_start', 'visit_end', 'all_day', 'address', 'created_by'])
    .where('job_id', '=', jobId)
    .executeTakeFirst();

/** The reminder's outcome: sent (and when), failed or skipped with the reason, or still queued with the last attempt's error. */
export const setReminderState = (db: Db, id: number, state: { status: ReminderStatus; reason: string; sentAt?: Date }) =>
  db
    .updateTable('reminders')
    .set({ status: state.status, reason: state.reason, ...(state.sentAt ? { sent_at: state.sentAt } : {}) })
    .where('id', '=', id)
    .execute();

export interface LogFilter {
  readonly kind?: ReminderKind;
  readonly status?: ReminderStatus;
  readonly page: number;
  readonly perPage: number;
}

/** A page of the log, newest first, with each reminder's client, and how many there are. */
export async function reminderPage(db: Db, filter: LogFilter) {
  let query = db.selectFrom('reminders as r').innerJoin('clients as c', 'c.id', 'r.client_id');
  if (filter.kind) query = query.where('r.kind', '=', filter.kind);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  const [items, count] = await Promise.all([
    query
      .select([
        'r.id',
        'r.kind',
        'r.created_at',
        'r.sent_at',
        'r.client_id',
        sql<string>`r.day::text`.as('day'),
        'c.name_en',
        'c.name_zh',
        'r.recipient',
        'r.appointment_id',
        sql<string | null>`r.visit_date::text`.as('visit_date'),
        'r.visit_start',
        'r.visit_end',
        'r.all_day',
        'r.address',
        'r.status',
        'r.reason',
        'r.manual',
      ])
      .orderBy('r.id', 'desc')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** The invoices each reminder listed. */
export async function invoicesOf(db: Db, reminderIds: readonly number[]) {
  if (reminderIds.length === 0) return [];
  return db
    .selectFrom('reminder_invoices as ri')
    .innerJoin('orders as o', 'o.id', 'ri.order_id')
    .select(['ri.reminder_id', 'o.id', 'o.number', sql<string>`o.due_date::text`.as('due_date'), 'ri.outstanding'])
    .where('ri.reminder_id', 'in', [...reminderIds])
    .orderBy('o.due_date')
    .orderBy('o.id')
    .execute();
}

/* What reminders are about. */

/** A client's first contact with an e-mail address, as 'name\nemail' (the one for accounts before all when `accountsFirst`, then the primary). */
function firstContact(eb: ExpressionBuilder<Database & { c: ClientTable }, 'c'>, accountsFirst: boolean) {
  let query = eb
    .selectFrom('client_contacts as cc')
    .select(sql<string>`cc.name || chr(10) || cc.email`.as('contact'))
    .whereRef('cc.client_id', '=', 'c.id')
    .where('cc.email', '<>', '');
  if (accountsFirst) query = query.orderBy('cc.is_accounts', 'desc');
  return query.orderBy('cc.is_primary', 'desc').orderBy('cc.sort_order').orderBy('cc.id').limit(1);
}

/**
 * The clients, with their opt-out, branch, language of e-mails, and two contact e-mail addresses
 * ('name\nemail', null when none): the first with an address, the primary first (`contact`: a visit's
 * reminder), and the same with the contact for accounts before all (`accounts_contact`: an overdue one).
 */
export async function reminderClients(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('clients as c')
    .select((eb) => [
      'c.id',
      'c.name_en',
      'c.name_zh',
      'c.reminders_opt_out',
      'c.branch_id',
      'c.mail_language',
      firstContact(eb, false).as('contact'),
      firstContact(eb, true).as('accounts_contact'),
    ])
    .where('c.id', 'in', [...ids])
    .execute();
}

/** The overdue invoices (something owed, due before `today`), of some clients or of every client, oldest due first. */
export function overdueInvoices(db: Db, today: IsoDate, clientIds?: readonly number[]) {
  const o = orderSql('o');
  let query = db
    .selectFrom('orders as o')
    .select(['o.id', 'o.client_id', 'o.number', sql<string>`o.due_date::text`.as('due_date'), o.outstanding.as('outstanding')])
    .where(o.overdue(today));
  if (clientIds) query = clientIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('o.client_id', 'in', [...clientIds]);
  return query.orderBy('o.client_id').orderBy('o.due_date').orderBy('o.id').execute();
}

/** How often each invoice was reminded (queued or sent overdue reminders) and the day of the latest. */
export async function reminderHistory(db: Db, orderIds: readonly number[]): Promise<Map<number, { count: number; last: IsoDate }>> {
  const out = new Map<number, { count: number; last: IsoDate }>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .selectFrom('reminder_invoices as ri')
    .innerJoin('reminders as r', 'r.id', 'ri.reminder_id')
    .select(['ri.order_id', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`max(r.day)::text`.as('last')])
    .where('ri.order_id', 'in', [...orderIds])
    .where('r.kind', '=', 'overdue')
    .where('r.status', 'in', ['queued', 'sent'])
    .groupBy('ri.order_id')
    .execute();
  for (const row of rows) out.set(row.order_id, { count: Number(row.n), last: row.last });
  return out;
}

export const clientExists = async (db: Db, id: number): Promise<boolean> => Boolean(await db.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst());
