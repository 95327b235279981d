import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { checkUploadSize } from '../../domain/files/upload';
import type { AppointmentStatus } from '../../domain/appointments/status';
import { addDays, daysBetween, type IsoDate } from '../../domain/time/dates';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { QueryValue } from '../ports/ApiTransport';
import type * as AppointmentDecoders from './appointment';
import type {
  AppointmentInput,
  AppointmentOptions,
  CalendarEvent,
  CalendarRange,
  ClientChoice,
  Holiday,
  OrderSummary,
  Overlap,
  Report,
  Scope,
  Worker,
} from './appointment';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type Decoders = typeof AppointmentDecoders;
/**
 * The replies' decoders come with the first reply that needs them: this service is part of every
 * page's first download (the composition root), the decoders only of the calendar's.
 */
const decode = <T>(use: (d: Decoders) => T): ResultAsync<T, never> => ResultAsync.fromSafePromise(import('./appointment').then(use));

/** The calendar's filters (spec: by worker, branch, area and status). */
export interface CalendarFilters {
  readonly workerId?: number | undefined;
  readonly branchId?: number | undefined;
  readonly areaId?: number | undefined;
  readonly status?: AppointmentStatus | undefined;
}

/** What saving an appointment gives back: where the edited visit now is, and any double-booking. */
export interface Saved {
  readonly id: number;
  readonly date: string;
  readonly overlaps: readonly Overlap[];
}

const saved = (body: unknown): ResultAsync<Saved, never> =>
  decode((d) => {
    const appointment = isRecord(body) && isRecord(body.appointment) ? body.appointment : {};
    return { id: typeof appointment.id === 'number' ? appointment.id : 0, date: typeof appointment.date === 'string' ? appointment.date : '', overlaps: d.decodeOverlaps(isRecord(body) ? body.overlaps : []) };
  });

const reportFrom = (body: unknown): ResultAsync<Report, ApiError> =>
  decode((d) => (isRecord(body) ? d.decodeReport(body.report) : null)).andThen((report) => (report ? okAsync(report) : errAsync({ code: 'server', status: 200, message: '' } as const)));

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
const filterQuery = (f: CalendarFilters): Record<string, QueryValue> => ({
  ...(f.workerId ? { worker_id: f.workerId } : {}),
  ...(f.branchId ? { branch_id: f.branchId } : {}),
  ...(f.areaId ? { area_id: f.areaId } : {}),
  ...(f.status ? { status: f.status } : {}),
});

/** The calendar and appointments: the visible range's visits, and every change of an appointment or a visit. */
export class AppointmentService {
  private caches = new Map<string, DayCache>();
  private inFlight = new Map<string, Promise<void>>();

  constructor(private readonly api: ApiClient) {}

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
    return this.api
      .get('/api/appointments', { start: gap.from, end: addDays(gap.to, 1), ...filterQuery(filters) }, progress ? {} : { progress: false, navigateOnError: false })
      .andThen((body) =>
        decode((d) => {
          // A clear() while this was on its way makes its answer stale: it then lands in a cache no one reads.
          cache.put(gap.from, gap.to, d.decodeRange(body));
        }),
      );
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
    return this.api.get('/api/appointments/filters', undefined, { progress: false }).andThen((body) => decode((d) => d.decodeOptions(body)));
  }

  searchClients(q: string): ResultAsync<ClientChoice[], ApiError> {
    return this.api
      .get('/api/appointments/clients', { q }, { progress: false })
      .andThen((body) => decode((d) => (isRecord(body) && Array.isArray(body.items) ? body.items.map(d.decodeClientChoice).filter((c): c is ClientChoice => c !== null) : [])));
  }

  /** Double-booking of a schedule for some workers (before saving). */
  overlaps(input: Pick<AppointmentInput, 'workerIds' | 'date' | 'startTime' | 'endTime' | 'allDay' | 'recurrence' | 'end'>, excludeId: number | null): ResultAsync<Overlap[], ApiError> {
    return this.api
      .post('/api/appointments/overlaps', { ...input, excludeId }, { progress: false, navigateOnError: false })
      .andThen((body) => decode((d) => d.decodeOverlaps(isRecord(body) ? body.overlaps : [])));
  }

  /** A new appointment, linked to one of its client's orders (invoices) when `orderId` is given. */
  create(input: AppointmentInput, orderId: number | null = null): ResultAsync<Saved, ApiError> {
    return this.api.post('/api/appointments', { ...input, orderId }).andThen((body) => {
      this.clear();
      return saved(body);
    });
  }

  /** An edit from the form, of `occurrence` only or of it and the visits after it. A stale version is refused (conflict). */
  update(id: number, version: number, occurrence: string, scope: Scope, input: AppointmentInput): ResultAsync<Saved, ApiError> {
    return this.api.put(`/api/appointments/${id}`, { ...input, version, occurrence, scope }).andThen((body) => {
      this.clear();
      return saved(body);
    });
  }

  /** Drag and drop or resize: the visit's new day and times. */
  reschedule(id: number, change: { version: number; occurrence: string; scope: Scope; date: string; startTime: string; endTime: string; allDay: boolean }): ResultAsync<Saved, ApiError> {
    return this.api.post(`/api/appointments/${id}/reschedule`, change).andThen((body) => {
      this.clear();
      return saved(body);
    });
  }

  remove(id: number, version: number, occurrence: string, scope: Scope): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/appointments/${id}`, { version, occurrence, scope }).map(() => {
      this.clear();
    });
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
  ): ResultAsync<{ status: AppointmentStatus; visitVersion: number; transitions: AppointmentStatus[]; cancelReason: string }, ApiError> {
    return this.api.post(`/api/appointments/${id}/visits/${date}/status`, { status, version, ...(reason ? { reason } : {}), ...(confirmFuture ? { confirmFuture } : {}) }).map((body) => {
      this.clear();
      const o = isRecord(body) ? body : {};
      return {
        status: (typeof o.status === 'string' ? o.status : status) as AppointmentStatus,
        visitVersion: typeof o.visitVersion === 'number' ? o.visitVersion : version + 1,
        transitions: Array.isArray(o.transitions) ? (o.transitions as AppointmentStatus[]) : [],
        cancelReason: typeof o.cancelReason === 'string' ? o.cancelReason : '',
      };
    });
  }

  saveReport(id: number, date: string, input: { workDone: string; findings: string; productsUsed: readonly { productId: number; quantity: number; note: string }[]; clientSigner: string; version: number }): ResultAsync<Report, ApiError> {
    return this.api.put(`/api/appointments/${id}/visits/${date}/report`, input).andThen(reportFrom);
  }

  /** A signature drawn on the screen (PNG); the worker's is credited to `signerId`, one of the visit's workers. */
  sign(id: number, date: string, who: 'client' | 'worker', png: Blob, signerId?: number): ResultAsync<Report, ApiError> {
    if (checkUploadSize(png.size).isErr()) return errAsync({ code: 'tooLarge', message: '' });
    const signer = who === 'worker' && signerId !== undefined ? `?signer=${signerId}` : '';
    return this.api.request({ method: 'PUT', path: `/api/appointments/${id}/visits/${date}/signatures/${who}${signer}`, body: png }).andThen(reportFrom);
  }

  clearSignature(id: number, date: string, who: 'client' | 'worker'): ResultAsync<Report, ApiError> {
    return this.api.delete(`/api/appointments/${id}/visits/${date}/signatures/${who}`).andThen(reportFrom);
  }

  /** A photo for the report: over 5 MB is refused before sending, with the server's own error. */
  addPhoto(id: number, date: string, file: File): ResultAsync<Report, ApiError> {
    if (checkUploadSize(file.size).isErr()) return errAsync({ code: 'tooLarge', message: '' });
    return this.api.request({ method: 'POST', path: `/api/appointments/${id}/visits/${date}/photos`, body: file, headers: { 'X-File-Name': encodeURIComponent(file.name) } }).andThen(reportFrom);
  }

  removePhoto(id: number, photoId: number): ResultAsync<Report, ApiError> {
    return this.api.delete(`/api/appointments/${id}/photos/${photoId}`).andThen(reportFrom);
  }

  /**
   * The orders (invoices) of a client an appointment may be linked to: not void, newest first. Needs
   * order_view; a refusal is the caller's to show (no error page).
   */
  clientOrders(clientId: number): ResultAsync<OrderSummary[], ApiError> {
    return this.api
      .get('/api/appointments/orders', { client_id: clientId }, { progress: false, navigateOnError: false })
      .andThen((body) => decode((d) => d.decodeOrders(isRecord(body) ? body.items : [])));
  }

  /** Links an order (invoice) to the appointment, or unlinks it with null. */
  linkOrder(id: number, orderId: number | null, version?: number): ResultAsync<OrderSummary | null, ApiError> {
    return this.api.put(`/api/appointments/${id}/order`, { orderId, ...(version === undefined ? {} : { version }) }).andThen((body) => decode((d) => d.decodeOrder(isRecord(body) ? body.order : null)));
  }
}
