import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { Observable } from 'rxjs';
import { checkUploadSize } from '../../domain/files/upload';
import type { AppointmentStatus } from '../../domain/appointments/status';
import { addDays, daysBetween, type IsoDate } from '../../domain/time/dates';
import type { ApiError } from '../api/ApiError';
import type { AppointmentBook } from '../ports/AppointmentBook';
import type {
  AppointmentInput,
  AppointmentOptions,
  CalendarEvent,
  CalendarFilters,
  CalendarRange,
  ClientChoice,
  Holiday,
  OrderSummary,
  Overlap,
  Report,
  ReportInput,
  Reschedule,
  Saved,
  Scope,
  VisitStatus,
  Worker,
} from './appointment';

export type { CalendarFilters, Saved } from './appointment';

/** One answer, asked for when subscribed to (rxjs's `defer` would bring its whole input machinery into the first download). */
const asked = <T>(ask: () => Promise<T>): Observable<T> =>
  new Observable<T>((subscriber) => {
    void ask().then((value) => {
      subscriber.next(value);
      subscriber.complete();
    });
  });

/** Days a prefetch reaches either side of the range shown (a month view shows six weeks). */
const PREFETCH_DAYS = 42;
/** The server answers at most this many days at once. */
const MAX_DAYS = 100;

/**
 * The calendar's visits, kept by day for each set of filters: a range already fetched (or
 * prefetched) is answered from memory, so "next" and "previous" do not wait for the server. Any
 * change (save, move, delete, status) clears it.
 */
class DayCache {
  private readonly days = new Map<IsoDate, CalendarEvent[]>();
  private readonly holidays = new Map<IsoDate, Holiday>();
  private readonly workers = new Map<number, Worker>();
  private readonly covered = new Set<IsoDate>();

  covers(from: IsoDate, to: IsoDate): boolean {
    for (let d = from; d <= to; d = addDays(d, 1)) if (!this.covered.has(d)) return false;
    return true;
  }

  put(from: IsoDate, to: IsoDate, range: CalendarRange): void {
    for (let d = from; d <= to; d = addDays(d, 1)) {
      this.covered.add(d);
      this.days.set(d, []);
    }
    for (const event of range.events) this.days.get(event.date)?.push(event);
    for (const h of range.holidays) this.holidays.set(h.date, h);
    for (const w of range.workers) this.workers.set(w.id, w);
  }

  get(from: IsoDate, to: IsoDate): CalendarRange {
    const events: CalendarEvent[] = [];
    const holidays: Holiday[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      events.push(...(this.days.get(d) ?? []));
      const h = this.holidays.get(d);
      if (h) holidays.push(h);
    }
    const ids = new Set(events.flatMap((e) => e.workerIds));
    return { events, holidays, workers: [...this.workers.values()].filter((w) => ids.has(w.id)) };
  }

  /** The first stretch of days in [from, to] not yet fetched, or null. */
  missing(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } | null {
    let first: IsoDate | null = null;
    let last: IsoDate | null = null;
    for (let d = from; d <= to; d = addDays(d, 1)) {
      if (this.covered.has(d)) continue;
      first ??= d;
      last = d;
    }
    return first && last ? { from: first, to: last } : null;
  }
}

const filterKey = (f: CalendarFilters) => JSON.stringify([f.workerId ?? null, f.branchId ?? null, f.areaId ?? null, f.status ?? null]);
/**
 * The calendar and appointments (use-case over the AppointmentBook port): the visible range's
 * visits from memory when already fetched, every change forgetting them, and the upload limit
 * checked before sending.
 */
export class AppointmentService {
  private caches = new Map<string, DayCache>();
  private inFlight = new Map<string, Promise<void>>();

  constructor(private readonly book: AppointmentBook) {}
  /**
   * The visits from `start` (included) to `end` (excluded), as the calendar asks for them; from
   * memory when already fetched. `prefetch` then fetches the weeks either side in the background.
   */
  range(start: IsoDate, end: IsoDate, filters: CalendarFilters = {}, options: { prefetch?: boolean } = {}): ResultAsync<CalendarRange, ApiError> {
    const to = addDays(end, -1);
    const key = filterKey(filters);
    const cache = this.caches.get(key) ?? this.caches.set(key, new DayCache()).get(key)!;
    const answer = (): CalendarRange => cache.get(start, to);
    const after = (range: CalendarRange) => {
      if (options.prefetch !== false) this.prefetch(start, to, filters);
      return range;
    };
    if (cache.covers(start, to)) return okAsync(after(answer()));
    // A prefetch of these days may be on its way: wait for it rather than asking twice.
    const waiting = [...this.inFlight].filter(([flight]) => flight.startsWith(`${key}|`)).map(([, done]) => done);
    if (waiting.length > 0) {
      return ResultAsync.fromSafePromise(Promise.all(waiting)).andThen(() =>
        cache.covers(start, to) ? okAsync(after(answer())) : this.fetchInto(cache, start, to, filters, true).map(() => after(answer())),
      );
    }
    return this.fetchInto(cache, start, to, filters, true).map(() => after(answer()));
  }

  private fetchInto(cache: DayCache, from: IsoDate, to: IsoDate, filters: CalendarFilters, progress: boolean): ResultAsync<void, ApiError> {
    const gap = cache.missing(from, to) ?? { from, to };
    return this.book.range(gap.from, gap.to, filters, !progress).map((range) => {
      // A clear() while this was on its way makes its answer stale: it then lands in a cache no one reads.
      cache.put(gap.from, gap.to, range);
    });
  }

  /** Fetches the weeks before and after a range (no progress bar, no error navigation). */
  prefetch(from: IsoDate, to: IsoDate, filters: CalendarFilters = {}): void {
    const key = filterKey(filters);
    const cache = this.caches.get(key);
    if (!cache) return;
    const spans = [
      { from: addDays(to, 1), to: addDays(to, PREFETCH_DAYS) },
      { from: addDays(from, -PREFETCH_DAYS), to: addDays(from, -1) },
    ];
    for (const span of spans) {
      const gap = cache.missing(span.from, span.to);
      if (!gap || daysBetween(gap.from, gap.to) + 1 > MAX_DAYS) continue;
      const flight = `${key}|${gap.from}|${gap.to}`;
      if (this.inFlight.has(flight)) continue;
      const done = this.fetchInto(cache, gap.from, gap.to, filters, false)
        .match(
          () => undefined,
          () => undefined,
        )
        .finally(() => this.inFlight.delete(flight));
      this.inFlight.set(flight, done);
    }
  }

  /** Forgets every fetched visit (after any change). */
  clear(): void {
    this.caches = new Map();
    this.inFlight = new Map();
  }

  filters(): ResultAsync<AppointmentOptions, ApiError> {
    return this.book.options();
  }

  /** What the calendar's filters offer, asked for at once, for the screen: null until it comes (and after a failure, which its error page tells). */
  filterOptions$(): Observable<AppointmentOptions | null> {
    // Asked at once (the screen makes the stream as it first renders), not when the screen subscribes
    // after the calendar has drawn: the filters and their hint come with the first visits.
    const answer = this.book.options().match((options): AppointmentOptions | null => options, () => null);
    return asked(() => answer);
  }

  /**
   * A client's orders for the form's order picker, for the screen: the list, or the failure (a
   * refusal shows no error page) with an empty list. Asked when subscribed to.
   */
  clientOrders$(clientId: number): Observable<{ readonly clientId: number; readonly list: readonly OrderSummary[]; readonly error: ApiError | null }> {
    return asked(() =>
      this.book.clientOrders(clientId).match(
        (list) => ({ clientId, list, error: null }),
        (error) => ({ clientId, list: [], error }),
      ),
    );
  }

  searchClients(q: string): ResultAsync<ClientChoice[], ApiError> {
    return this.book.searchClients(q);
  }

  /** Double-booking of a schedule for some workers (before saving). */
  overlaps(input: Pick<AppointmentInput, 'workerIds' | 'date' | 'startTime' | 'endTime' | 'allDay' | 'recurrence' | 'end'>, excludeId: number | null): ResultAsync<Overlap[], ApiError> {
    return this.book.overlaps(input, excludeId);
  }

  /** A new appointment, linked to one of its client's orders (invoices) when `orderId` is given. */
  create(input: AppointmentInput, orderId: number | null = null): ResultAsync<Saved, ApiError> {
    return this.changed(this.book.create(input, orderId));
  }

  /** An edit from the form, of `occurrence` only or of it and the visits after it. A stale version is refused (conflict). */
  update(id: number, version: number, occurrence: string, scope: Scope, input: AppointmentInput): ResultAsync<Saved, ApiError> {
    return this.changed(this.book.update(id, version, occurrence, scope, input));
  }

  /** Drag and drop or resize: the visit's new day and times. */
  reschedule(id: number, change: Reschedule): ResultAsync<Saved, ApiError> {
    return this.changed(this.book.reschedule(id, change));
  }

  remove(id: number, version: number, occurrence: string, scope: Scope): ResultAsync<void, ApiError> {
    return this.changed(this.book.remove(id, version, occurrence, scope));
  }

  /** A visit's new status; a cancellation may carry its reason (picked or typed; '' for none). */
  setStatus(
    id: number,
    date: string,
    status: AppointmentStatus,
    version: number,
    reason = '',
    /** Completing a visit dated after today: the person was warned and goes on. */
    confirmFuture = false,
  ): ResultAsync<VisitStatus, ApiError> {
    return this.changed(this.book.setStatus(id, date, { status, version, reason, confirmFuture }));
  }

  saveReport(id: number, date: string, input: ReportInput): ResultAsync<Report, ApiError> {
    return this.book.saveReport(id, date, input);
  }

  /** A signature drawn on the screen (PNG); the worker's is credited to `signerId`, one of the visit's workers. */
  sign(id: number, date: string, who: 'client' | 'worker', png: Blob, signerId?: number): ResultAsync<Report, ApiError> {
    if (checkUploadSize(png.size).isErr()) return errAsync({ code: 'tooLarge', message: '' });
    return this.book.sign(id, date, who, png, signerId);
  }

  clearSignature(id: number, date: string, who: 'client' | 'worker'): ResultAsync<Report, ApiError> {
    return this.book.clearSignature(id, date, who);
  }

  /** A photo for the report: over 5 MB is refused before sending, with the server's own error. */
  addPhoto(id: number, date: string, file: File): ResultAsync<Report, ApiError> {
    if (checkUploadSize(file.size).isErr()) return errAsync({ code: 'tooLarge', message: '' });
    return this.book.addPhoto(id, date, file);
  }

  removePhoto(id: number, photoId: number): ResultAsync<Report, ApiError> {
    return this.book.removePhoto(id, photoId);
  }

  /**
   * The orders (invoices) of a client an appointment may be linked to: not void, newest first. Needs
   * order_view; a refusal is the caller's to show (no error page).
   */
  clientOrders(clientId: number): ResultAsync<OrderSummary[], ApiError> {
    return this.book.clientOrders(clientId);
  }

  /** Links an order (invoice) to the appointment, or unlinks it with null. */
  linkOrder(id: number, orderId: number | null, version?: number): ResultAsync<OrderSummary | null, ApiError> {
    return this.book.linkOrder(id, orderId, version);
  }

  /** A change saved: every fetched visit is forgotten. */
  private changed<T>(result: ResultAsync<T, ApiError>): ResultAsync<T, ApiError> {
    return result.map((value) => {
      this.clear();
      return value;
    });
  }
}
