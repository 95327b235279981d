import type { ReportPart } from '../../domain/appointments/report';
import type { AppointmentStatus } from '../../domain/appointments/status';
import type { IsoDate } from '../../domain/time/dates';

/** Field messages, already in the caller's language. */
export type FieldErrors = Record<string, string[]>;

/**
 * Why an appointments service refused: one stable `code` each, with its details. The routes turn
 * each into its reply (./http.ts), the same status, message and body as ever.
 */
export type AppointmentFailure =
  | { readonly code: 'notFound' }
  | { readonly code: 'forbidden' }
  | { readonly code: 'conflict' }
  | { readonly code: 'tooLarge' }
  /** Field messages (the shape, the references, the schedule). */
  | { readonly code: 'validation'; readonly errors: FieldErrors }
  /** The calendar's range ends before it starts, or spans more than the longest view. */
  | { readonly code: 'rangeOrder' }
  | { readonly code: 'rangeTooLong' }
  /** The visit an edit names is not one of the series. */
  | { readonly code: 'notAnOccurrence' }
  /** A visit with state of its own (a status, a report) would be lost. */
  | { readonly code: 'visitHasState' }
  | { readonly code: 'reportLocked' }
  | { readonly code: 'statusTransition'; readonly from: AppointmentStatus; readonly to: AppointmentStatus }
  | { readonly code: 'reportIncomplete'; readonly missing: readonly ReportPart[] }
  | { readonly code: 'cancelReasonOnlyWhenCanceling' }
  /** Completing a visit dated after today needs the person's confirmation. */
  | { readonly code: 'futureVisit'; readonly date: IsoDate }
  | { readonly code: 'unknownProducts'; readonly indexes: readonly number[] }
  | { readonly code: 'signerNotWorker' }
  | { readonly code: 'signerRequired' }
  | { readonly code: 'notPng' }
  | { readonly code: 'notImage' }
  | { readonly code: 'photoRequired' };

export const failure = <F extends AppointmentFailure>(f: F): F => f;
