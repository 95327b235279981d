import { err, ok, type Result } from 'neverthrow';
import { checkStatusTransition, type AppointmentStatus, type StatusError } from './status';

/**
 * The completed report of one visit: what was done, what was found, the products used, photos, and
 * the client's and the worker's signatures drawn on the screen.
 */
export interface ReportContent {
  readonly workDone: string;
  readonly findings: string;
  readonly productsUsed: readonly { readonly productId: number; readonly quantity: number }[];
  readonly clientSigned: boolean;
  readonly workerSigned: boolean;
}

/** When a report photo was taken: before the work or after it (issue 22). */
export const PHOTO_TAGS = ['before', 'after'] as const;
export type PhotoTag = (typeof PHOTO_TAGS)[number];

export type ReportPart = 'workDone' | 'clientSignature' | 'workerSignature';
export type ReportError = { readonly code: 'reportIncomplete'; readonly missing: readonly ReportPart[] } | { readonly code: 'reportLocked'; readonly status: AppointmentStatus };

/** The statuses of a finished visit's report, in the order the office moves it (spec §4 labels). */
export const REPORT_STATUSES = ['ended', 'pending_recheck', 'auditing', 'audited'] as const satisfies readonly AppointmentStatus[];

/** A report is complete when it says what was done and both the client and the worker have signed. */
export function checkReportComplete(report: ReportContent): Result<void, ReportError> {
  const missing: ReportPart[] = [];
  if (report.workDone.trim() === '') missing.push('workDone');
  if (!report.clientSigned) missing.push('clientSignature');
  if (!report.workerSigned) missing.push('workerSignature');
  return missing.length > 0 ? err({ code: 'reportIncomplete', missing }) : ok(undefined);
}

/**
 * The report can be written while the visit is open and while it waits for a recheck; once it is
 * with the office (auditing, audited) or the visit is canceled it is locked.
 */
export function isReportEditable(status: AppointmentStatus): boolean {
  return status === 'in_progress' || status === 'on_hold' || status === 'ended' || status === 'pending_recheck';
}

/**
 * A visit's change of status: the domain's transitions, and a visit is ended (the work done) only
 * with a complete report, so the office never audits an empty one.
 */
export function checkVisitTransition(from: AppointmentStatus, to: AppointmentStatus, report: ReportContent): Result<void, StatusError | ReportError> {
  const allowed = checkStatusTransition(from, to);
  if (allowed.isErr()) return err(allowed.error);
  if (to === 'ended' || to === 'auditing') return checkReportComplete(report);
  return ok(undefined);
}

export type SignerError = { readonly code: 'signerNotWorker' } | { readonly code: 'signerRequired' };

/**
 * Who a worker's signature is credited to: the worker who signs, one of the visit's workers.
 * `named` is the worker the person chose (undefined when none was named, null when what was named
 * is no user id at all); without one, the signed-in user when they work the visit (or when the
 * visit has no worker), else the visit's only worker; with several and none named, one must be chosen.
 */
export function creditedSigner(named: number | null | undefined, me: number, workers: readonly number[]): Result<number, SignerError> {
  if (named !== undefined) return named !== null && workers.includes(named) ? ok(named) : err({ code: 'signerNotWorker' });
  if (workers.length === 0 || workers.includes(me)) return ok(me);
  return workers.length === 1 ? ok(workers[0]!) : err({ code: 'signerRequired' });
}
