import { addDays, daysBetween, hongKongDate, hongKongInstant, isIsoDate, type IsoDate } from '../../domain/time/dates';
import { allSeriesInRange, holidaysInRange, holidaySet, visitsBetween } from '../appointments/store';
import type { ServerDeps } from '../http/env';
import { enqueueOnce } from '../jobs/queue';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { auditFromJob } from '../mail/repository';
import { putReminder, reminderClients, type AuditWriter } from './queue';
import * as repo from './repository';

/**
 * The daily reminder run: a job queued once per day (its key names the day, so instances sharing the
 * jobs table queue it once) at the send time of Settings → Customer reminders, Hong Kong time. It
 * queues the next day's run first, then the day-before reminders of tomorrow's visits (the calendar's
 * own expansion of each series: days taken out and cancelled visits are not reminded) and the overdue
 * reminders that are due. Each reminder is made once only (server/reminders/queue.ts).
 */

export const REMINDER_SCAN_JOB = 'reminderScan';

const scanKey = (date: IsoDate) => `${REMINDER_SCAN_JOB}:${date}`;

type Deps = Pick<ServerDeps, 'db' | 'now' | 'jobs' | 'config'>;

/** Queues the run of `date` at the send time (or now, when that time has passed), unless it was queued before. */
async function queueScan(deps: Deps, date: IsoDate, sendMinute: number): Promise<boolean> {
  const now = deps.now();
  const at = hongKongInstant(date, sendMinute);
  const job = await enqueueOnce(deps.db, now, { kind: REMINDER_SCAN_JOB, payload: { date, summary: date }, runAt: at > now ? at : now, dedupeKey: scanKey(date) });
  return job !== null;
}

/**
 * Makes sure today's and tomorrow's runs are queued (each instance calls it when it starts, and
 * Settings → Customer reminders when saved): a server that was down at the send time runs today's
 * when it comes back; each day's run is queued once whoever asks.
 */
export async function ensureDailyScan(deps: Deps): Promise<void> {
  const settings = await repo.settingsRow(deps.db);
  const today = hongKongDate(deps.now());
  const queued = [await queueScan(deps, today, settings.send_minute), await queueScan(deps, addDays(today, 1), settings.send_minute)];
  if (queued.some(Boolean)) deps.jobs?.notify();
}

/** The queued runs move to the new send time (now, for a day whose time has passed). */
export async function rescheduleScans(deps: Deps, sendMinute: number): Promise<void> {
  const now = deps.now();
  for (const job of await repo.queuedScans(deps.db)) {
    const date = job.dedupe_key?.slice(REMINDER_SCAN_JOB.length + 1) ?? '';
    if (!isIsoDate(date)) continue;
    const at = hongKongInstant(date, sendMinute);
    await repo.moveJob(deps.db, job.id, at > now ? at : now);
  }
}

/** The daily run's audit lines are the system's (no user). */
const systemAudit =
  (deps: Deps): AuditWriter =>
  async (entry, tx) => {
    await auditFromJob(tx, { userId: null, ...entry, now: deps.now() });
  };

/** Statuses of a visit that will not take place as booked: no reminder. */
const NOT_HAPPENING = new Set(['canceled', 'on_hold']);

/** The day-before reminders of `today`: each visit tomorrow (recurring series expanded), once per visit. */
export async function queueDayBefore(deps: Deps, today: IsoDate): Promise<number> {
  const tomorrow = addDays(today, 1);
  const [rows, holidays] = await Promise.all([allSeriesInRange(deps.db, tomorrow, tomorrow), holidaysInRange(deps.db, tomorrow, tomorrow)]);
  const visits = (await visitsBetween(deps.db, rows, tomorrow, tomorrow, holidaySet(holidays))).filter((v) => !NOT_HAPPENING.has(v.status));
  const clients = await reminderClients(
    deps.db,
    visits.map((v) => v.row.client_id),
  );
  let queued = 0;
  for (const { row, occurrence } of visits) {
    const client = clients.get(row.client_id);
    if (!client) continue;
    const outcome = await putReminder(
      deps,
      {
        kind: 'dayBefore',
        key: `dayBefore:${row.id}:${occurrence.date}`,
        day: today,
        client,
        appointmentId: row.id,
        visit: { date: occurrence.date, start: occurrence.start, end: occurrence.end, allDay: row.all_day },
        address: row.address,
        manual: false,
        userId: null,
      },
      systemAudit(deps),
    );
    if (outcome.outcome === 'queued') queued++;
  }
  return queued;
}

export interface OverdueRules {
  readonly afterDays: number;
  readonly everyDays: number;
  readonly maxCount: number;
}

/**
 * The invoices due for an overdue reminder on `today`: at least `afterDays` past due, reminded fewer
 * than `maxCount` times, and not in the last `everyDays` days.
 */
export function dueForReminder<T extends { id: number; due_date: string }>(invoices: readonly T[], history: ReadonlyMap<number, { count: number; last: IsoDate }>, today: IsoDate, rules: OverdueRules): T[] {
  return invoices.filter((invoice) => {
    if (!isIsoDate(invoice.due_date) || daysBetween(invoice.due_date, today) < rules.afterDays) return false;
    const past = history.get(invoice.id);
    if (!past) return true;
    return past.count < rules.maxCount && daysBetween(past.last, today) >= rules.everyDays;
  });
}

/** The overdue reminders of `today`: one per client with invoices due for one, listing those invoices. */
export async function queueOverdue(deps: Deps, today: IsoDate, rules: OverdueRules): Promise<number> {
  const invoices = await repo.overdueInvoices(deps.db, today);
  const history = await repo.reminderHistory(
    deps.db,
    invoices.map((i) => i.id),
  );
  const due = dueForReminder(invoices, history, today, rules);
  const byClient = new Map<number, typeof due>();
  for (const invoice of due) (byClient.get(invoice.client_id) ?? byClient.set(invoice.client_id, []).get(invoice.client_id)!).push(invoice);
  const clients = await reminderClients(deps.db, [...byClient.keys()]);
  let queued = 0;
  for (const [clientId, list] of byClient) {
    const client = clients.get(clientId);
    if (!client) continue;
    const outcome = await putReminder(
      deps,
      {
        kind: 'overdue',
        key: `overdue:${clientId}:${today}`,
        day: today,
        client,
        invoices: list.map((i) => ({ orderId: i.id, number: i.number, outstanding: Number(i.outstanding) })),
        manual: false,
        userId: null,
      },
      systemAudit(deps),
    );
    if (outcome.outcome === 'queued') queued++;
  }
  return queued;
}

/** The job of the daily run (its payload names the day it is for). */
export const reminderScanJob: JobHandler = {
  async run(deps, job) {
    const date = job.payload.date;
    if (!isIsoDate(date)) throw new PermanentJobError('The reminder run names no day.');
    const settings = await repo.settingsRow(deps.db);
    // The next day's run first: the chain holds even when this one fails.
    await queueScan(deps, addDays(date, 1), settings.send_minute);
    let queued = 0;
    if (settings.day_before_enabled) queued += await queueDayBefore(deps, date);
    if (settings.overdue_enabled) {
      queued += await queueOverdue(deps, date, { afterDays: settings.overdue_after_days, everyDays: settings.overdue_every_days, maxCount: settings.overdue_max_count });
    }
    if (queued > 0) deps.jobs?.notify();
  },
};
