import type { ResultAsync } from 'neverthrow';
import type { AppointmentStatus } from '../../domain/appointments/status';
import type { IsoDate } from '../../domain/time/dates';
import { token } from '../di/token';
import type { ApiError } from '../api/ApiError';
import type {
  AppointmentInput,
  AppointmentOptions,
  CalendarFilters,
  CalendarRange,
  ClientChoice,
  OrderSummary,
  Overlap,
  Report,
  ReportInput,
  Reschedule,
  Saved,
  Scope,
  VisitStatus,
} from '../appointments/appointment';

/** The schedule a double-booking check is about. */
export type OverlapSchedule = Pick<AppointmentInput, 'workerIds' | 'date' | 'startTime' | 'endTime' | 'allDay' | 'recurrence' | 'end'>;

/** A visit's new status; a cancellation may carry its reason ('' for none). */
export interface StatusChange {
  readonly status: AppointmentStatus;
  readonly version: number;
  readonly reason: string;
  /** Completing a visit dated after today: the person was warned and goes on. */
  readonly confirmFuture: boolean;
}

/**
 * The appointments (the series) and their visits, as the calendar and the appointment screens need
 * them: the visits of a range, the form's options and searches, saving, moving, deleting, a visit's
 * status and its completed report. A stale version is refused (conflict) and nothing is saved.
 */
export interface AppointmentBook {
  /**
   * The visits from `from` to `to` (both included). `background`: a prefetch, with no progress bar
   * and no error page.
   */
  range(from: IsoDate, to: IsoDate, filters: CalendarFilters, background: boolean): ResultAsync<CalendarRange, ApiError>;
  /** What the calendar's filters and the form offer. */
  options(): ResultAsync<AppointmentOptions, ApiError>;
  searchClients(query: string): ResultAsync<ClientChoice[], ApiError>;
  /** Double-booking of a schedule for its workers (before saving; no error page). */
  overlaps(schedule: OverlapSchedule, excludeId: number | null): ResultAsync<Overlap[], ApiError>;
  /** A new appointment, linked to one of its client's orders when `orderId` is given. */
  create(input: AppointmentInput, orderId: number | null): ResultAsync<Saved, ApiError>;
  update(id: number, version: number, occurrence: string, scope: Scope, input: AppointmentInput): ResultAsync<Saved, ApiError>;
  reschedule(id: number, change: Reschedule): ResultAsync<Saved, ApiError>;
  remove(id: number, version: number, occurrence: string, scope: Scope): ResultAsync<void, ApiError>;
  setStatus(id: number, date: string, change: StatusChange): ResultAsync<VisitStatus, ApiError>;
  saveReport(id: number, date: string, input: ReportInput): ResultAsync<Report, ApiError>;
  /** A signature drawn on the screen (PNG); the worker's is credited to `signerId` when given. */
  sign(id: number, date: string, who: 'client' | 'worker', png: Blob, signerId: number | undefined): ResultAsync<Report, ApiError>;
  clearSignature(id: number, date: string, who: 'client' | 'worker'): ResultAsync<Report, ApiError>;
  addPhoto(id: number, date: string, file: File): ResultAsync<Report, ApiError>;
  removePhoto(id: number, photoId: number): ResultAsync<Report, ApiError>;
  /** A client's orders (not void, newest first) an appointment may be linked to; a refusal shows no error page. */
  clientOrders(clientId: number): ResultAsync<OrderSummary[], ApiError>;
  /** Links an order to the appointment, or unlinks it with null. */
  linkOrder(id: number, orderId: number | null, version: number | undefined): ResultAsync<OrderSummary | null, ApiError>;
}

export const AppointmentBook = token<AppointmentBook>('AppointmentBook');
