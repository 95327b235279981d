import { err, ok, type Result } from 'neverthrow';
import { toRRule, type Series } from '../../domain/appointments/recurrence';
import { hasPermission } from '../../domain/auth/permissions';
import { minuteToTime, type IsoDate } from '../../domain/time/dates';
import { audit, fieldChanges } from '../audit';
import type { AppContext } from '../http/env';
import { applyEdit, applyRemove, refusedOutcome, type EditRefusal } from './edits';
import { invalid, type FieldMessage } from '../service/failure';
import type { AppointmentFailure, FieldErrors } from './failures';
import { seriesFrom, times, type AppointmentInput, type AppointmentUpdate } from './input';
import { overlapsFor } from './overlaps';
import { appointmentIdsOf, areaExists, bookableWorkerCount, branchExists, clientExists, insertAppointment, orderForLink, orderSummary, setOrderLink } from './repository';
import { seesAll, seriesColumns, seriesOf, visibleAppointment, workersOf, type AppointmentRow } from './store';
import { appointmentDetail } from './views';

/**
 * The appointments (series) that change: create, edit from the form, drag and drop, delete with a
 * scope, and the link to an order. Each checks its rules, runs its change and audit line in one
 * transaction, and returns a Result whose failure the route turns into its reply.
 */

/** Checks beyond the shape: the client, workers, area, branch and order exist (and the order is the client's and not void). */
async function checkReferences(c: AppContext, input: Pick<AppointmentInput, 'clientId' | 'workerIds' | 'areaId' | 'branchId'> & { orderId?: number | null }): Promise<FieldErrors> {
  const { db } = c.var.deps;
  const errors: Record<string, FieldMessage> = {};
  if (!(await clientExists(db, input.clientId))) errors.clientId = 'appointments.unknownClient';
  if ((await bookableWorkerCount(db, input.workerIds)) !== new Set(input.workerIds).size) errors.workerIds = 'appointments.unknownWorker';
  if (input.areaId !== null && !(await areaExists(db, input.areaId))) errors.areaId = 'validation.invalid';
  if (input.branchId !== null && !(await branchExists(db, input.branchId))) errors.branchId = 'validation.invalid';
  if (input.orderId) {
    const order = await orderForLink(db, input.orderId);
    if (!order || order.voided) errors.orderId = 'validation.invalid';
    else if (order.client_id !== input.clientId) errors.orderId = 'appointments.orderOtherClient';
  }
  return errors;
}

/** The schedule's series and the references, checked together: every field message at once. */
async function checkedSeries(c: AppContext, input: AppointmentInput | AppointmentUpdate): Promise<Result<Series, AppointmentFailure>> {
  const series = seriesFrom(input);
  const errors = { ...(await checkReferences(c, input)), ...(series.isErr() ? series.error : {}) };
  if (Object.keys(errors).length > 0 || series.isErr()) return err(invalid(errors));
  return ok(series.value);
}

/** Who the user may see as the client of another appointment (in a double-booking warning). */
async function clientVisibility(c: AppContext): Promise<(appointmentId: number) => boolean> {
  const user = c.var.user!;
  if (seesAll(user)) return () => true;
  const ids = new Set(await appointmentIdsOf(c.var.deps.db, user.id));
  return (id) => ids.has(id);
}

/** The double-bookings of a series for some workers, the appointments being edited left out. */
export async function overlapsOf(c: AppContext, workerIds: readonly number[], series: Series, excludeIds: readonly number[]) {
  return overlapsFor(c.var.deps.db, workerIds, series, excludeIds, await clientVisibility(c));
}

const refused = (refusal: EditRefusal): AppointmentFailure => ({ code: refusal });

export async function createAppointment(c: AppContext, input: AppointmentInput): Promise<Result<object, AppointmentFailure>> {
  const user = c.var.user!;
  // Linking an order reads it (its client, whether it is void), so it needs order_view.
  if (input.orderId !== null && !hasPermission(user, 'order_view')) return err({ code: 'forbidden' });
  const series = await checkedSeries(c, input);
  if (series.isErr()) return err(series.error);
  const { db, now } = c.var.deps;
  const id = await db.transaction().execute(async (tx) => {
    const values = {
      client_id: input.clientId,
      address: input.address,
      area_id: input.areaId,
      branch_id: input.branchId ?? user.branchId,
      order_id: input.orderId,
      appointment_type: input.appointmentType,
      notes: input.notes,
      ...seriesColumns(series.value),
      created_by: user.id,
      created_at: now(),
      updated_at: now(),
    };
    const created = await insertAppointment(tx, values, input.workerIds);
    await audit(c, { action: 'create', entityType: 'appointment', entityId: created, changes: { clientId: input.clientId, workerIds: input.workerIds, rrule: toRRule(series.value), orderId: input.orderId } }, tx);
    return created;
  });
  return ok({ appointment: { id, date: input.date }, overlaps: await overlapsOf(c, input.workerIds, series.value, [id]) });
}

/** Edit from the form: every field, for this visit only or for this and future visits. */
export async function updateAppointment(c: AppContext, id: number, input: AppointmentUpdate): Promise<Result<object, AppointmentFailure>> {
  const { db, now } = c.var.deps;
  const user = c.var.user!;
  const row = await visibleAppointment(db, user, id);
  if (!row) return err({ code: 'notFound' });
  const proposed = await checkedSeries(c, input);
  if (proposed.isErr()) return err(proposed.error);
  const before = await appointmentDetail(db, row);
  const { startDate, startMinute, durationMinutes, allDay, recurrence, end } = proposed.value;
  // The edit and its audit line in one transaction; a refusal met half-way rolls all of it back.
  const outcome = await db
    .transaction()
    .execute(async (tx) => {
      const fields = { clientId: input.clientId, address: input.address, areaId: input.areaId, branchId: input.branchId, appointmentType: input.appointmentType, notes: input.notes, workerIds: input.workerIds };
      const done = await applyEdit(tx, row, seriesOf(row), { occurrence: input.occurrence, scope: input.scope, version: input.version, schedule: { startDate, startMinute, durationMinutes, allDay }, rule: { recurrence, end }, fields }, user.id, now());
      if (!done.ok) return done;
      const changed = (await visibleAppointment(tx, user, done.id)) ?? row;
      const after = await appointmentDetail(tx, changed);
      const compared = ['clientId', 'address', 'areaId', 'branchId', 'orderId', 'appointmentType', 'notes', 'workerIds', 'date', 'startTime', 'endTime', 'allDay', 'recurrence', 'end'] as const;
      const changes = { scope: { from: null, to: input.scope }, occurrence: { from: input.occurrence, to: done.date }, result: { from: row.id, to: done.id }, ...fieldChanges(before, after, [...compared]) };
      await audit(c, { action: 'update', entityType: 'appointment', entityId: row.id, changes }, tx);
      return done;
    })
    .catch(refusedOutcome);
  if (!outcome.ok) return err(refused(outcome.refusal));
  return ok({ appointment: { id: outcome.id, date: outcome.date }, overlaps: await overlapsOf(c, input.workerIds, outcome.series, outcome.touched) });
}

export interface RescheduleRequest {
  readonly version: number;
  readonly occurrence: IsoDate;
  readonly scope: 'one' | 'future';
  readonly date: IsoDate;
  readonly startTime: string;
  readonly endTime: string;
  readonly allDay: boolean;
}

/** Drag and drop or resize in the calendar: a visit's new day and times, with the same choice of scope. */
export async function rescheduleAppointment(c: AppContext, id: number, input: RescheduleRequest): Promise<Result<object, AppointmentFailure>> {
  const { db, now } = c.var.deps;
  const user = c.var.user!;
  const row = await visibleAppointment(db, user, id);
  if (!row) return err({ code: 'notFound' });
  const t = times(input);
  if (t.isErr()) return err(invalid(t.error));
  const outcome = await db
    .transaction()
    .execute(async (tx) => {
      const done = await applyEdit(tx, row, seriesOf(row), { occurrence: input.occurrence, scope: input.scope, version: input.version, schedule: { startDate: input.date, ...t.value, allDay: input.allDay } }, user.id, now());
      if (!done.ok) return done;
      const changes = { scope: input.scope, occurrence: { from: input.occurrence, to: done.date }, time: { from: minuteToTime(row.start_minute), to: input.allDay ? null : input.startTime }, result: done.id };
      await audit(c, { action: 'reschedule', entityType: 'appointment', entityId: row.id, changes }, tx);
      return done;
    })
    .catch(refusedOutcome);
  if (!outcome.ok) return err(refused(outcome.refusal));
  const workerIds = (await workersOf(db, [outcome.id])).get(outcome.id) ?? [];
  return ok({ appointment: { id: outcome.id, date: outcome.date }, overlaps: await overlapsOf(c, workerIds, outcome.series, outcome.touched) });
}

/** Deleting a visit with its scope ("this one only", "this and future ones"); the appointment goes with its last visit. */
export async function removeAppointment(c: AppContext, id: number, input: { version: number; occurrence: IsoDate; scope: 'one' | 'future' }): Promise<Result<{ deleted: boolean }, AppointmentFailure>> {
  const { db, now } = c.var.deps;
  const row = await visibleAppointment(db, c.var.user!, id);
  if (!row) return err({ code: 'notFound' });
  const outcome = await db
    .transaction()
    .execute(async (tx) => {
      const done = await applyRemove(tx, row, seriesOf(row), input, now());
      if (done.ok) await audit(c, { action: 'delete', entityType: 'appointment', entityId: row.id, changes: { scope: input.scope, occurrence: input.occurrence, seriesDeleted: done.deleted, rrule: toRRule(seriesOf(row)) } }, tx);
      return done;
    })
    .catch(refusedOutcome);
  if (!outcome.ok) return err(refused(outcome.refusal));
  return ok({ deleted: outcome.deleted });
}

/**
 * The appointment whose order link may change: one the user sees, and the user may read orders
 * (linking reads the order, and the reply shows its number, total and paid).
 */
export async function orderLinkTarget(c: AppContext, id: number): Promise<Result<AppointmentRow, AppointmentFailure>> {
  const row = await visibleAppointment(c.var.deps.db, c.var.user!, id);
  if (!row) return err({ code: 'notFound' });
  if (!hasPermission(c.var.user, 'order_view')) return err({ code: 'forbidden' });
  return ok(row);
}

/** Links an existing order (invoice) to the appointment, or unlinks it (null); `version` is checked when given. */
export async function linkOrder(c: AppContext, row: AppointmentRow, input: { orderId: number | null; version?: number | undefined }): Promise<Result<object, AppointmentFailure>> {
  const { db, now } = c.var.deps;
  const { orderId, version } = input;
  if (orderId !== null) {
    const errors = await checkReferences(c, { clientId: row.client_id, workerIds: [], areaId: null, branchId: null, orderId });
    if (errors.orderId) return err(invalid({ orderId: errors.orderId }));
  }
  // The link and its audit line in one transaction: both kept, or neither.
  const updated = await db.transaction().execute(async (tx) => {
    const done = await setOrderLink(tx, row.id, orderId, version, now());
    if (done) await audit(c, { action: 'update', entityType: 'appointment', entityId: row.id, changes: { orderId: { from: row.order_id, to: orderId } } }, tx);
    return done;
  });
  if (!updated) return err({ code: 'conflict' });
  return ok({ appointment: { id: row.id, orderId, version: updated.version }, order: await orderSummary(db, orderId) });
}
