import { err, ok, type Result } from 'neverthrow';
import { occurrenceOn } from '../../domain/appointments/recurrence';
import { checkVisitTransition, isReportEditable } from '../../domain/appointments/report';
import { APPOINTMENT_TRANSITIONS, type AppointmentStatus } from '../../domain/appointments/status';
import type { IsoDate } from '../../domain/time/dates';
import { audit, fieldChanges } from '../audit';
import type { AppContext } from '../http/env';
import { isoDate } from './input';
import { today } from './calendarService';
import type { AppointmentFailure } from './failures';
import type { Db, Tx } from '../service/context';
import { ensureVisit, knownProductIds, updateVisitReport, updateVisitStatus, visitRow, type ReportWords, type VisitWithNames } from './repository';
import { seriesOf, visibleAppointment, type AppointmentRow } from './store';
import { reportOf, type Report } from './views';

/**
 * A visit's own state: its status (by the domain's transitions) and its completed report's words.
 * Signatures and photos: ./reportFiles.ts.
 */

/**
 * The version of a visit's row as ensureVisit makes it. An edit of a visit that had no row (the
 * caller saw version 0) must find the row still at this version: if another request made and
 * changed it meanwhile, the edit is stale (409), not a second winner.
 */
export const NEW_VISIT_VERSION = 1;

/** Rolls back a visit's change that met a newer version (the service answers conflict). */
export class VisitConflict extends Error {}
export const visitConflictAsNull = (error: unknown): null => {
  if (error instanceof VisitConflict) return null;
  throw error;
};

export interface VisitTarget {
  readonly row: AppointmentRow;
  readonly date: IsoDate;
}

/** The appointment and visit a /visits/:date address names, when the user may see them. */
export async function visitTarget(c: AppContext, id: number, date: string): Promise<Result<VisitTarget, AppointmentFailure>> {
  const row = await visibleAppointment(c.var.deps.db, c.var.user!, id);
  if (!row || !isoDate.safeParse(date).success) return err({ code: 'notFound' });
  const series = seriesOf(row);
  if (!occurrenceOn(series, date) || series.exceptions.includes(date)) return err({ code: 'notFound' });
  return ok({ row, date });
}

/** The visit's report as the report tab shows it. */
export const visitReport = async (c: AppContext, target: VisitTarget): Promise<{ report: Report }> => ({ report: await reportOf(c.var.deps.db, c.var.user!, target.row, target.date) });

export interface StatusRequest {
  readonly status: AppointmentStatus;
  readonly version: number;
  readonly reason: string;
  readonly confirmFuture: boolean;
}

/** A status change as checked: from, to, and the reason kept (a cancellation's). */
export interface StatusMove {
  readonly from: AppointmentStatus;
  readonly to: AppointmentStatus;
  readonly reason: string;
}

/**
 * Whether the visit (its row as it stands, none yet when it has no state) may go to the asked status:
 * the domain's transitions (ending needs a complete report), a reason only when canceling, and a visit
 * dated after today completed only when confirmed.
 */
export function checkStatusChange(c: AppContext, target: VisitTarget, existing: VisitWithNames | undefined, input: StatusRequest): Result<StatusMove, AppointmentFailure> {
  const from: AppointmentStatus = existing?.status ?? 'in_progress';
  const to = input.status;
  if (input.reason !== '' && to !== 'canceled') return err({ code: 'cancelReasonOnlyWhenCanceling' });
  const checked = checkVisitTransition(from, to, {
    workDone: existing?.work_done ?? '',
    findings: existing?.findings ?? '',
    productsUsed: existing?.products_used ?? [],
    clientSigned: Boolean(existing?.client_signature?.length),
    workerSigned: Boolean(existing?.worker_signature?.length),
  });
  if (checked.isErr()) {
    const e = checked.error;
    if (e.code === 'statusTransition') return err({ code: 'statusTransition', from, to });
    if (e.code === 'reportIncomplete') return err({ code: 'reportIncomplete', missing: e.missing });
    return err({ code: 'reportLocked' });
  }
  // A visit is completed on or after its day: one dated later is completed only when confirmed.
  if (to === 'ended' && target.date > today(c) && !input.confirmFuture) return err({ code: 'futureVisit', date: target.date });
  return ok({ from, to, reason: to === 'canceled' ? input.reason : '' });
}

/** Writes a checked status change at the visit row's `expected` version, with its audit line; the new version, or VisitConflict. */
export async function writeStatus(c: AppContext, tx: Tx, target: VisitTarget, visitId: number, expected: number, move: StatusMove) {
  const { from, to, reason } = move;
  const row = await updateVisitStatus(tx, visitId, expected, to, to === 'canceled' ? reason : null, c.var.deps.now());
  if (!row) throw new VisitConflict();
  const changes = { date: target.date, status: { from, to }, ...(to === 'canceled' ? { cancelReason: reason } : {}) };
  await audit(c, { action: 'status', entityType: 'appointment', entityId: target.row.id, changes }, tx);
  return row;
}

/** A visit's status, by the domain's transitions (ending needs a complete report). */
export async function changeVisitStatus(c: AppContext, target: VisitTarget, input: StatusRequest): Promise<Result<object, AppointmentFailure>> {
  const { db, now } = c.var.deps;
  const existing = await visitRow(db, target.row.id, target.date);
  if ((existing?.version ?? 0) !== input.version) return err({ code: 'conflict' });
  const move = checkStatusChange(c, target, existing, input);
  if (move.isErr()) return err(move.error);
  const { to } = move.value;
  // The visit's row (made when it has none), its change and the audit line: all kept, or none.
  const updated = await db
    .transaction()
    .execute(async (tx) => {
      const visit = existing ?? (await ensureVisit(tx, target.row.id, target.date, now()));
      return writeStatus(c, tx, target, visit.id, existing?.version ?? NEW_VISIT_VERSION, move.value);
    })
    .catch(visitConflictAsNull);
  if (!updated) return err({ code: 'conflict' });
  return ok({ status: to, visitVersion: updated.version, transitions: APPOINTMENT_TRANSITIONS[to], cancelReason: updated.cancel_reason });
}

/** Whether a report's words may be written over the visit (its row, none yet when it has no state): not locked, every product known. */
export async function checkReportWords(db: Db, existing: VisitWithNames | undefined, input: ReportWords): Promise<Result<void, AppointmentFailure>> {
  if (existing && !isReportEditable(existing.status)) return err({ code: 'reportLocked' });
  const productIds = [...new Set(input.productsUsed.map((p) => p.productId))];
  if (productIds.length > 0) {
    const known = await knownProductIds(db, productIds);
    const indexes = input.productsUsed.flatMap((p, i) => (known.has(p.productId) ? [] : [i]));
    if (indexes.length > 0) return err({ code: 'unknownProducts', indexes });
  }
  return ok(undefined);
}

/** Writes checked words over the visit's row at its `expected` version, with the audit line of what changed; the new row, or VisitConflict. */
export async function writeReport(c: AppContext, tx: Tx, target: VisitTarget, visit: VisitWithNames, expected: number, input: ReportWords) {
  const row = await updateVisitReport(tx, visit.id, expected, input, c.var.user!.id, c.var.deps.now());
  if (!row) throw new VisitConflict();
  const before = { workDone: visit.work_done, findings: visit.findings, pestsFound: visit.pests_found, areasTreated: visit.areas_treated, productsUsed: visit.products_used };
  const after = { workDone: input.workDone, findings: input.findings, pestsFound: input.pestsFound ?? visit.pests_found, areasTreated: input.areasTreated ?? visit.areas_treated, productsUsed: input.productsUsed };
  const changes = { date: target.date, ...fieldChanges(before, after) };
  await audit(c, { action: 'update', entityType: 'appointment_report', entityId: target.row.id, changes }, tx);
  return row;
}

/** The completed report's words and products (signatures and photos have their own calls). */
export async function saveReport(c: AppContext, target: VisitTarget, input: ReportWords & { version: number }): Promise<Result<{ report: Report }, AppointmentFailure>> {
  const { db, now } = c.var.deps;
  const existing = await visitRow(db, target.row.id, target.date);
  if ((existing?.version ?? 0) !== input.version) return err({ code: 'conflict' });
  const checked = await checkReportWords(db, existing, input);
  if (checked.isErr()) return err(checked.error);
  const updated = await db
    .transaction()
    .execute(async (tx) => writeReport(c, tx, target, existing ?? (await ensureVisit(tx, target.row.id, target.date, now())), existing?.version ?? NEW_VISIT_VERSION, input))
    .catch(visitConflictAsNull);
  if (!updated) return err({ code: 'conflict' });
  return ok(await visitReport(c, target));
}
