import type { ReportPart } from '../../domain/appointments/report';
import type { AppointmentStatus } from '../../domain/appointments/status';
import type { IsoDate } from '../../domain/time/dates';
import type { Failure, FieldKeys } from '../service/failure';
import type { Report } from './views';

/** Field messages (keys), keyed like the request body. */
export type FieldErrors = FieldKeys;

/**
 * Why an appointments service refused: the common failures (server/service/failure.ts) and the
 * calendar's own codes, each with its details. The routes turn each into its reply (./replies.ts),
 * the same status, message and body as ever.
 */
export type AppointmentFailure = Failure<
  /** The calendar's range ends before it starts, or spans more than the longest view. */
  | 'rangeOrder'
  | 'rangeTooLong'
  /** The visit an edit names is not one of the series. */
  | 'notAnOccurrence'
  /** A visit with state of its own (a status, a report) would be lost. */
  | 'visitHasState'
  | 'reportLocked'
  | { readonly code: 'statusTransition'; readonly from: AppointmentStatus; readonly to: AppointmentStatus }
  | { readonly code: 'reportIncomplete'; readonly missing: readonly ReportPart[] }
  | 'cancelReasonOnlyWhenCanceling'
  /** Completing a visit dated after today needs the person's confirmation. */
  | { readonly code: 'futureVisit'; readonly date: IsoDate }
  | { readonly code: 'unknownProducts'; readonly indexes: readonly number[] }
  | 'signerNotWorker'
  | 'signerRequired'
  | 'notPng'
  | 'notImage'
  | 'photoRequired'
  /** A completion met a newer version of the visit: nothing was kept; the report as it is now, to show beside the worker's. */
  | { readonly code: 'visitChanged'; readonly report: Report }
  /** An idempotency key already used for another visit's completion. */
  | 'idempotencyKeyReused'
>;

export const failure = <F extends AppointmentFailure>(f: F): F => f;
