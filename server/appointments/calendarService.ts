import { err, ok, type Result } from 'neverthrow';
import { expand, occurrenceOn, seriesDates, type Series } from '../../domain/appointments/recurrence';
import { APPOINTMENT_TRANSITIONS, shownStatus, type AppointmentStatus } from '../../domain/appointments/status';
import { hasPermission } from '../../domain/auth/permissions';
import { mayOpenTab } from '../../domain/auth/tabs';
import { addDays, daysBetween, hongKongDate, toHongKongIso, type IsoDate } from '../../domain/time/dates';
import type { AppContext } from '../http/env';
import { activeOptions } from '../admin/lists/optionLists';
import { invalid } from '../service/failure';
import type { AppointmentFailure } from './failures';
import { MAX_RANGE_DAYS, seriesFrom, type ScheduleInput } from './input';
import { allAreas, activeProducts, clientNames, clientSummary, firstCompany, latestVisitDate, linkableOrders, orderSummary, searchClientIds, visitState, workerOptions } from './repository';
import { overlapsOf } from './service';
import { holidaysInRange, holidaySet, seesAll, seriesInRange, seriesOf, visibleAppointment, visitsBetween, workersOf } from './store';
import { appointmentDetail, fieldVisit, formOptions, reportOf } from './views';

/**
 * What the calendar and the appointment screens read: the visits of a range, the form's options and
 * searches, a double-booking check, and an appointment with one of its visits and a tab's data.
 */

export const today = (c: AppContext): IsoDate => hongKongDate(c.var.deps.now());

export interface RangeRequest {
  readonly start: IsoDate;
  /** Exclusive, as the calendar asks. */
  readonly end: IsoDate;
  readonly worker_id?: number | undefined;
  readonly branch_id?: number | undefined;
  readonly area_id?: number | undefined;
  readonly status?: AppointmentStatus | undefined;
}

/** The visits between start (included) and end (excluded), the server expanding each series. */
export async function calendarRange(c: AppContext, query: RangeRequest): Promise<Result<object, AppointmentFailure>> {
  const { start, end, worker_id, branch_id, area_id, status } = query;
  const from = start;
  const to = addDays(end, -1);
  if (to < from) return err({ code: 'rangeOrder' });
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) return err({ code: 'rangeTooLong' });
  const { db } = c.var.deps;
  const user = c.var.user!;
  const [rows, holidays] = await Promise.all([seriesInRange(db, user, from, to, { workerId: worker_id, branchId: branch_id, areaId: area_id }), holidaysInRange(db, from, to)]);
  let visits = await visitsBetween(db, rows, from, to, holidaySet(holidays));
  if (status) visits = visits.filter((v) => v.status === status);
  visits.sort((a, b) => a.occurrence.start.getTime() - b.occurrence.start.getTime() || a.row.id - b.row.id);
  const ids = [...new Set(visits.map((v) => v.row.id))];
  const [workers, clients, areas] = await Promise.all([workersOf(db, ids), ids.length === 0 ? [] : clientNames(db, [...new Set(visits.map((v) => v.row.client_id))]), allAreas(db)]);
  const clientById = new Map(clients.map((cl) => [cl.id, { nameEn: cl.name_en, nameZh: cl.name_zh }]));
  const areaById = new Map(areas.map((a) => [a.id, { nameEn: a.name_en, nameZh: a.name_zh }]));
  const workerIds = [...new Set([...workers.values()].flat())];
  return ok({
    events: visits.map(({ row, occurrence: o, status: s }) => ({
      id: `${row.id}:${o.date}`,
      appointmentId: row.id,
      date: o.date,
      start: row.all_day ? o.date : toHongKongIso(o.start),
      end: row.all_day ? addDays(o.date, 1) : toHongKongIso(o.end),
      allDay: row.all_day,
      client: clientById.get(row.client_id) ?? null,
      area: row.area_id === null ? null : (areaById.get(row.area_id) ?? null),
      workerIds: workers.get(row.id) ?? [],
      status: s,
      shownStatus: shownStatus(s, o.start, c.var.deps.now()),
      onHoliday: o.onHoliday,
      recurring: row.recurrence.freq !== 'once',
      version: row.version,
    })),
    holidays,
    workers: await workerOptions(db, workerIds),
  });
}

/** What the calendar's filters offer: workers (only oneself without appointment_view_all), branches, areas, statuses. */
export async function calendarFilters(c: AppContext) {
  const user = c.var.user!;
  const options = await formOptions(c.var.deps.db, user);
  return { ...options, workers: options.seesAll ? options.workers : options.workers.filter((w) => w.id === user.id) };
}

/** The new appointment form: its options and defaults (the day asked for or today, the client's branch or the user's). */
export async function createScreen(c: AppContext, query: { date?: IsoDate | undefined; client_id?: number | undefined }) {
  const { db } = c.var.deps;
  const user = c.var.user!;
  const client = query.client_id ? await clientSummary(db, query.client_id) : null;
  return { options: await formOptions(db, user), defaults: { date: query.date ?? today(c), branchId: client?.branchId ?? user.branchId, client } };
}

/** Clients to book, by either name, code or phone (the form's client search). */
/**
 * The form's client search. Someone who may book visits or see the clients finds any client; anyone
 * else (a worker, who sees only their own visits) finds only the clients of the visits they work on:
 * another client's addresses are not theirs to read (issue 31 item 21).
 */
export async function searchClients(c: AppContext, q: string) {
  const { db } = c.var.deps;
  const user = c.var.user!;
  const findsAny = seesAll(user) || hasPermission(user, 'client_view') || hasPermission(user, 'appointment_create');
  const items = [];
  for (const id of await searchClientIds(db, q, findsAny ? undefined : user.id)) {
    const summary = await clientSummary(db, id);
    if (summary) items.push(summary);
  }
  return { items };
}

/** The orders (invoices) of a client that an appointment may be linked to. */
export async function ordersToLink(c: AppContext, clientId: number) {
  return { items: await linkableOrders(c.var.deps.db, clientId) };
}

/** Double-booking check of a schedule for some workers, before saving. */
export async function checkOverlaps(c: AppContext, input: ScheduleInput & { workerIds: readonly number[]; excludeId: number | null }): Promise<Result<object, AppointmentFailure>> {
  const series = seriesFrom(input);
  if (series.isErr()) return err(invalid(series.error));
  return ok({ overlaps: await overlapsOf(c, input.workerIds, series.value, input.excludeId ? [input.excludeId] : []) });
}

/** The day an appointment's screen shows when the address names none: the next visit, else the last one. */
function defaultVisit(series: Series, from: IsoDate): IsoDate | null {
  const skip = new Set(series.exceptions);
  let last: IsoDate | null = null;
  for (const { date } of seriesDates(series)) {
    if (skip.has(date)) continue;
    if (date >= from) return date;
    last = date;
  }
  return last;
}

export type Tab = 'appointment' | 'invoice' | 'report';

/** An appointment with one of its visits (the day asked for, else the next or last one) and the tab's data. */
export async function appointmentScreen(c: AppContext, id: number, query: { tab: Tab; date?: IsoDate | undefined }): Promise<Result<object, AppointmentFailure>> {
  const { db } = c.var.deps;
  const user = c.var.user!;
  const { tab } = query;
  // The invoice tab is the order's (number, date, totals): it needs order_view (domain/auth/tabs.ts).
  if (!mayOpenTab(user, 'appointment', tab)) return err({ code: 'forbidden' });
  const row = await visibleAppointment(db, user, id);
  if (!row) return err({ code: 'notFound' });
  const series = seriesOf(row);
  let date = query.date ?? null;
  if (date === null && tab === 'report') date = await latestVisitDate(db, row.id);
  date ??= defaultVisit(series, today(c));
  if (date === null || !occurrenceOn(series, date) || series.exceptions.includes(date)) return err({ code: 'notFound' });
  const holidays = await holidaysInRange(db, date, date);
  const occurrence = expand(series, date, date, holidaySet(holidays))[0]!;
  const visit = await visitState(db, row.id, date);
  const status: AppointmentStatus = visit?.status ?? 'in_progress';
  const appointment = await appointmentDetail(db, row);
  const mayCancel = hasPermission(user, 'appointment_edit') && APPOINTMENT_TRANSITIONS[status].includes('canceled');
  return ok({
    appointment,
    occurrence: {
      date,
      index: occurrence.index,
      start: toHongKongIso(occurrence.start),
      end: toHongKongIso(occurrence.end),
      onHoliday: occurrence.onHoliday,
      holiday: holidays[0] ?? null,
      status,
      shownStatus: shownStatus(status, occurrence.start, c.var.deps.now()),
      visitVersion: visit?.version ?? 0,
      transitions: APPOINTMENT_TRANSITIONS[status],
      cancelReason: visit?.cancel_reason ?? '',
    },
    // The usual reasons a cancellation offers (Settings → Options), when this user may cancel this visit.
    ...(mayCancel ? { cancellationReasons: await activeOptions(db, 'cancellation_reason') } : {}),
    tab,
    ...(tab === 'appointment' ? { options: await formOptions(db, user) } : {}),
    ...(tab === 'invoice' ? { order: await orderSummary(db, row.order_id), orders: await linkableOrders(db, row.client_id) } : {}),
    ...(tab === 'report' ? { report: await reportOf(db, user, row, date), products: await activeProducts(db), company: await firstCompany(db) } : {}),
    // The worker's view of the visit (contacts, planned products, last findings) on the visit's and its report's tabs.
    ...(tab !== 'invoice' ? { field: await fieldVisit(db, row, date) } : {}),
  });
}
