import type { Transaction } from 'kysely';
import { editFuture, editOne, followVisits, occurrenceOn, removeFuture, removeOne, type Recurrence, type Series, type SeriesEnd } from '../../domain/appointments/recurrence';
import type { IsoDate } from '../../domain/time/dates';
import type { Database } from '../db/schema';
import { seriesColumns, type AppointmentRow } from './store';

type Tx = Transaction<Database>;

/** What an edit of a visit may change besides the schedule (the whole form sends them; drag and drop does not). */
export interface AppointmentFieldsChange {
  readonly clientId: number;
  readonly address: string;
  readonly areaId: number | null;
  readonly branchId: number | null;
  readonly appointmentType: string;
  readonly notes: string;
  readonly workerIds: readonly number[];
}

export interface EditRequest {
  readonly occurrence: IsoDate;
  readonly scope: 'one' | 'future';
  readonly version: number;
  readonly schedule: { readonly startDate: IsoDate; readonly startMinute: number; readonly durationMinutes: number; readonly allDay: boolean };
  /** The rule and end as the form shows them (absent for drag and drop). */
  readonly rule?: { readonly recurrence: Recurrence; readonly end: SeriesEnd };
  readonly fields?: AppointmentFieldsChange;
}

/** Why an edit or a deletion is refused (the route turns each into its reply). */
export type EditRefusal = 'conflict' | 'notAnOccurrence' | 'visitHasState';

export type EditOutcome =
  | { readonly ok: true; readonly id: number; readonly date: IsoDate; readonly series: Series; readonly touched: readonly number[]; readonly mode: 'whole' | 'one' | 'future' }
  | { readonly ok: false; readonly refusal: EditRefusal };

class Refused extends Error {
  constructor(readonly refusal: EditRefusal) {
    super(refusal);
  }
}

/** The columns of the form's fields; an order (invoice) stays linked only while the client does not change. */
const fieldColumns = (fields: AppointmentFieldsChange, base: AppointmentRow) => ({
  client_id: fields.clientId,
  ...(fields.clientId === base.client_id ? {} : { order_id: null }),
  address: fields.address,
  area_id: fields.areaId,
  branch_id: fields.branchId,
  appointment_type: fields.appointmentType,
  notes: fields.notes,
});

async function bumpVersion(tx: Tx, row: AppointmentRow, set: Record<string, unknown>, now: Date): Promise<void> {
  const updated = await tx
    .updateTable('appointments')
    .set((eb) => ({ ...set, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw new Refused('conflict');
}

async function setWorkers(tx: Tx, id: number, workerIds: readonly number[]): Promise<void> {
  await tx.deleteFrom('appointment_workers').where('appointment_id', '=', id).execute();
  if (workerIds.length > 0) await tx.insertInto('appointment_workers').values([...new Set(workerIds)].map((user_id) => ({ appointment_id: id, user_id }))).execute();
}

async function copyWorkers(tx: Tx, from: number, to: number): Promise<void> {
  const rows = await tx.selectFrom('appointment_workers').select('user_id').where('appointment_id', '=', from).execute();
  await setWorkers(
    tx,
    to,
    rows.map((r) => r.user_id),
  );
}

/**
 * Moves the visits (their status, report, signatures and photos, which hang on the visit's id) of
 * `fromId` to their new place; a visit with nowhere to go refuses the whole change.
 */
async function moveVisits(tx: Tx, fromId: number, moves: ReadonlyMap<IsoDate, { id: number; date: IsoDate } | null>): Promise<void> {
  if (moves.size === 0) return;
  const rows = await tx.selectFrom('appointment_visits').selectAll().where('appointment_id', '=', fromId).where('date', 'in', [...moves.keys()]).execute();
  if (rows.length === 0) return;
  const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
  const placed = rows.map((r) => ({ row: r, to: moves.get(day(r.date)) ?? null }));
  if (placed.some((p) => p.to === null)) throw new Refused('visitHasState');
  await tx
    .deleteFrom('appointment_visits')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  await tx
    .insertInto('appointment_visits')
    .values(placed.map(({ row, to }) => ({ ...row, date: to!.date, appointment_id: to!.id, products_used: JSON.stringify(row.products_used) })))
    .execute();
}

/** Dates of the visits of an appointment (from a day on) that have state of their own. */
async function visitDates(tx: Tx, id: number, from: IsoDate | null, only: IsoDate | null = null): Promise<IsoDate[]> {
  let query = tx.selectFrom('appointment_visits').select('date').where('appointment_id', '=', id);
  if (from !== null) query = query.where('date', '>=', from);
  if (only !== null) query = query.where('date', '=', only);
  const rows = await query.execute();
  return rows.map((r) => (r.date as unknown) instanceof Date ? (r.date as unknown as Date).toISOString().slice(0, 10) : String(r.date));
}

async function insertSeries(tx: Tx, base: AppointmentRow, series: Series, fields: AppointmentFieldsChange | undefined, userId: number, now: Date): Promise<number> {
  const row = await tx
    .insertInto('appointments')
    .values({
      client_id: base.client_id,
      address: base.address,
      area_id: base.area_id,
      branch_id: base.branch_id,
      order_id: base.order_id,
      appointment_type: base.appointment_type,
      notes: base.notes,
      ...(fields ? fieldColumns(fields, base) : {}),
      ...seriesColumns(series),
      origin_id: base.id,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fields) await setWorkers(tx, row.id, fields.workerIds);
  else await copyWorkers(tx, base.id, row.id);
  return row.id;
}

const sameRule = (a: Recurrence, b: Recurrence): boolean => a.freq === b.freq && (a.freq !== 'monthly_weekday' || b.freq !== 'monthly_weekday' || a.week === b.week);
const sameEnd = (a: SeriesEnd, b: SeriesEnd): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * An edit of one visit with its scope, in one transaction: a single visit is changed in place;
 * "this one only" takes the day out of the series and makes the visit an appointment of its own;
 * "this and future ones" ends the series before the day and starts a new one (or, from the first
 * visit, changes the series whole). Visits with state follow their visit. A stale version refuses.
 * A refusal met after writing has begun is thrown: run it in a transaction and catch with
 * `refusedOutcome`, so nothing of it is kept.
 */
export async function applyEdit(tx: Tx, row: AppointmentRow, series: Series, request: EditRequest, userId: number, now: Date): Promise<EditOutcome> {
  if (row.version !== request.version) return { ok: false, refusal: 'conflict' };
  if (!occurrenceOn(series, request.occurrence) || series.exceptions.includes(request.occurrence)) return { ok: false, refusal: 'notAnOccurrence' };
  const { schedule, rule, fields } = request;
  if (series.recurrence.freq === 'once' || (request.scope === 'future' && occurrenceOn(series, request.occurrence)?.index === 0 && rule !== undefined && rule.recurrence.freq === 'once')) {
    // A single visit (or a series made single again from its first visit): changed in place.
    const next: Series = { ...series, ...schedule, recurrence: rule?.recurrence ?? series.recurrence, end: rule?.end ?? series.end, exceptions: rule && rule.recurrence.freq !== 'once' ? [] : series.exceptions };
    await bumpVersion(tx, row, { ...seriesColumns(next), ...(fields ? fieldColumns(fields, row) : {}) }, now);
    if (fields) await setWorkers(tx, row.id, fields.workerIds);
    if (series.recurrence.freq === 'once') {
      await moveVisits(tx, row.id, new Map([[request.occurrence, { id: row.id, date: schedule.startDate }]]));
    } else {
      const dates = await visitDates(tx, row.id, null);
      if (dates.some((d) => d !== request.occurrence)) throw new Refused('visitHasState');
      await moveVisits(tx, row.id, new Map(dates.map((d) => [d, { id: row.id, date: schedule.startDate }])));
    }
    return { ok: true, id: row.id, date: schedule.startDate, series: next, touched: [row.id], mode: 'whole' };
  }
  if (request.scope === 'one') {
    const { series: rest, single } = editOne(series, request.occurrence, schedule)._unsafeUnwrap();
    await bumpVersion(tx, row, { exceptions: JSON.stringify(rest.exceptions) }, now);
    const id = await insertSeries(tx, row, single, fields, userId, now);
    await moveVisits(tx, row.id, new Map([[request.occurrence, { id, date: schedule.startDate }]]));
    return { ok: true, id, date: schedule.startDate, series: single, touched: [row.id, id], mode: 'one' };
  }
  const change = {
    ...schedule,
    ...(rule && !sameRule(rule.recurrence, series.recurrence) ? { recurrence: rule.recurrence } : {}),
    ...(rule && !sameEnd(rule.end, series.end) ? { end: rule.end } : {}),
  };
  const { before, after } = editFuture(series, request.occurrence, change)._unsafeUnwrap();
  const dates = await visitDates(tx, row.id, request.occurrence);
  const followed = followVisits(series, request.occurrence, after, dates);
  if (before === null) {
    await bumpVersion(tx, row, { ...seriesColumns(after), ...(fields ? fieldColumns(fields, row) : {}) }, now);
    if (fields) await setWorkers(tx, row.id, fields.workerIds);
    await moveVisits(tx, row.id, new Map([...followed].map(([d, to]) => [d, to === null ? null : { id: row.id, date: to }])));
    return { ok: true, id: row.id, date: after.startDate, series: after, touched: [row.id], mode: 'future' };
  }
  await bumpVersion(tx, row, seriesColumns(before), now);
  const id = await insertSeries(tx, row, after, fields, userId, now);
  await moveVisits(tx, row.id, new Map([...followed].map(([d, to]) => [d, to === null ? null : { id, date: to }])));
  return { ok: true, id, date: after.startDate, series: after, touched: [row.id, id], mode: 'future' };
}

export type RemoveOutcome = { readonly ok: true; readonly deleted: boolean; readonly series: Series | null } | { readonly ok: false; readonly refusal: EditRefusal };

/**
 * Deleting a visit with its scope: "this one only" takes the day out, "this and future ones" ends
 * the series the day before; when no visit is left the appointment goes. A visit with state of its
 * own (a status, a report) is never deleted: cancel it instead.
 */
export async function applyRemove(tx: Tx, row: AppointmentRow, series: Series, request: { occurrence: IsoDate; scope: 'one' | 'future'; version: number }, now: Date): Promise<RemoveOutcome> {
  if (row.version !== request.version) return { ok: false, refusal: 'conflict' };
  const result = request.scope === 'one' || series.recurrence.freq === 'once' ? removeOne(series, request.occurrence) : removeFuture(series, request.occurrence);
  if (result.isErr()) return { ok: false, refusal: 'notAnOccurrence' };
  const next = result.value;
  const affected = next === null ? await visitDates(tx, row.id, null) : request.scope === 'one' ? await visitDates(tx, row.id, null, request.occurrence) : await visitDates(tx, row.id, request.occurrence);
  if (affected.length > 0) return { ok: false, refusal: 'visitHasState' };
  if (next === null) {
    const gone = await tx.deleteFrom('appointments').where('id', '=', row.id).where('version', '=', row.version).returning('id').executeTakeFirst();
    if (!gone) throw new Refused('conflict');
    return { ok: true, deleted: true, series: null };
  }
  await bumpVersion(tx, row, seriesColumns(next), now);
  return { ok: true, deleted: false, series: next };
}

/**
 * For the transaction's catch: a refusal met half-way through an edit or a deletion (thrown, so the
 * transaction rolls back everything the change had written) becomes its outcome.
 */
export function refusedOutcome(error: unknown): { readonly ok: false; readonly refusal: EditRefusal } {
  if (error instanceof Refused) return { ok: false, refusal: error.refusal };
  throw error;
}
