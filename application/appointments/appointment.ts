import { APPOINTMENT_STATUSES, type AppointmentStatus, type ShownStatus } from '../../domain/appointments/status';
import type { Recurrence } from '../../domain/appointments/recurrence';

/** Appointments as the screens hold them (decoded from the API with small guards). */
type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = <T>(v: unknown, decode: (x: unknown) => T | null): T[] => (Array.isArray(v) ? v.map(decode).filter((x): x is T => x !== null) : []);
const numbers = (v: unknown): number[] => list(v, num);
const status = (v: unknown): AppointmentStatus => ((APPOINTMENT_STATUSES as readonly unknown[]).includes(v) ? (v as AppointmentStatus) : 'in_progress');
/** The status a visit reads as (`shownStatus`: scheduled before its start), else its stored one. */
const shown = (v: unknown, stored: AppointmentStatus): ShownStatus => (v === 'scheduled' ? 'scheduled' : (APPOINTMENT_STATUSES as readonly unknown[]).includes(v) ? (v as AppointmentStatus) : stored);
const statuses = (v: unknown): AppointmentStatus[] => list(v, (s) => ((APPOINTMENT_STATUSES as readonly unknown[]).includes(s) ? (s as AppointmentStatus) : null));

export interface Named {
  readonly nameEn: string;
  readonly nameZh: string;
}
export interface NamedOption extends Named {
  readonly id: number;
}
const named = (v: unknown): Named | null => (isRecord(v) ? { nameEn: str(v.nameEn), nameZh: str(v.nameZh) } : null);
const namedOption = (v: unknown): NamedOption | null => (isRecord(v) && typeof v.id === 'number' ? { id: v.id, nameEn: str(v.nameEn), nameZh: str(v.nameZh) } : null);

export interface Worker {
  readonly id: number;
  readonly name: string;
  /** The worker's calendar colour (#rrggbb), or null for the default. */
  readonly color: string | null;
}
const worker = (v: unknown): Worker | null =>
  isRecord(v) && typeof v.id === 'number' ? { id: v.id, name: str(v.name), color: typeof v.color === 'string' && /^#[0-9a-f]{6}$/i.test(v.color) ? v.color : null } : null;

export interface Holiday {
  readonly date: string;
  readonly nameEn: string;
  readonly nameZh: string;
}
const holiday = (v: unknown): Holiday | null => (isRecord(v) && typeof v.date === 'string' ? { date: v.date, nameEn: str(v.nameEn), nameZh: str(v.nameZh) } : null);

/** One visit in the calendar. */
export interface CalendarEvent {
  readonly id: string;
  readonly appointmentId: number;
  readonly date: string;
  readonly start: string;
  readonly end: string;
  readonly allDay: boolean;
  readonly client: Named | null;
  readonly area: Named | null;
  readonly workerIds: readonly number[];
  readonly status: AppointmentStatus;
  /** What the visit reads as: scheduled until it starts, else its status. */
  readonly shownStatus: ShownStatus;
  readonly onHoliday: boolean;
  readonly recurring: boolean;
  readonly version: number;
}

export function decodeEvent(v: unknown): CalendarEvent | null {
  if (!isRecord(v) || typeof v.id !== 'string' || typeof v.appointmentId !== 'number') return null;
  return {
    id: v.id,
    appointmentId: v.appointmentId,
    date: str(v.date),
    start: str(v.start),
    end: str(v.end),
    allDay: v.allDay === true,
    client: named(v.client),
    area: named(v.area),
    workerIds: numbers(v.workerIds),
    status: status(v.status),
    shownStatus: shown(v.shownStatus, status(v.status)),
    onHoliday: v.onHoliday === true,
    recurring: v.recurring === true,
    version: num(v.version) ?? 0,
  };
}

export interface CalendarRange {
  readonly events: readonly CalendarEvent[];
  readonly holidays: readonly Holiday[];
  readonly workers: readonly Worker[];
}

export function decodeRange(v: unknown): CalendarRange {
  const o = isRecord(v) ? v : {};
  return { events: list(o.events, decodeEvent), holidays: list(o.holidays, holiday), workers: list(o.workers, worker) };
}

export interface TypeOption {
  readonly value: string;
  readonly labelEn: string;
  readonly labelZh: string;
}

export interface AppointmentOptions {
  readonly workers: readonly Worker[];
  readonly branches: readonly NamedOption[];
  readonly areas: readonly NamedOption[];
  readonly types: readonly TypeOption[];
  readonly statuses: readonly AppointmentStatus[];
  /** Whether the user sees every appointment (appointment_view_all). */
  readonly seesAll: boolean;
}

export function decodeOptions(v: unknown): AppointmentOptions {
  const o = isRecord(v) ? v : {};
  return {
    workers: list(o.workers, worker),
    branches: list(o.branches, namedOption),
    areas: list(o.areas, namedOption),
    types: list(o.types, (t) => (isRecord(t) && typeof t.value === 'string' ? { value: t.value, labelEn: str(t.labelEn), labelZh: str(t.labelZh) } : null)),
    statuses: statuses(o.statuses),
    seesAll: o.seesAll === true,
  };
}

export interface ClientChoice extends Named {
  readonly id: number;
  readonly code: string;
  readonly branchId: number | null;
  readonly addresses: readonly { readonly label: string; readonly address: string; readonly areaId: number | null }[];
}

export function decodeClientChoice(v: unknown): ClientChoice | null {
  if (!isRecord(v) || typeof v.id !== 'number') return null;
  return {
    id: v.id,
    code: str(v.code),
    nameEn: str(v.nameEn),
    nameZh: str(v.nameZh),
    branchId: num(v.branchId),
    addresses: list(v.addresses, (a) => (isRecord(a) ? { label: str(a.label), address: str(a.address), areaId: num(a.areaId) } : null)),
  };
}

export type Frequency = Recurrence['freq'];
export const FREQUENCIES: readonly Frequency[] = ['once', 'daily', 'weekly', 'biweekly', 'monthly', 'yearly', 'monthly_weekday'];
export type WeekOfMonth = 1 | 2 | 3 | 4 | -1;
export type SeriesEndInput = { readonly kind: 'count'; readonly count: number } | { readonly kind: 'until'; readonly until: string } | { readonly kind: 'never' };

/** What the appointment form sends. */
export interface AppointmentInput {
  readonly clientId: number;
  readonly address: string;
  readonly areaId: number | null;
  readonly branchId: number | null;
  readonly appointmentType: string;
  readonly workerIds: readonly number[];
  readonly notes: string;
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly allDay: boolean;
  readonly recurrence: { readonly freq: Frequency; readonly week?: WeekOfMonth };
  readonly end: SeriesEndInput;
}

/** "This one only" or "this and future ones" (spec §4). */
export type Scope = 'one' | 'future';

export interface Appointment extends Omit<AppointmentInput, 'recurrence' | 'end'> {
  readonly id: number;
  readonly client: ClientChoice | null;
  readonly area: Named | null;
  readonly branch: Named | null;
  readonly orderId: number | null;
  readonly workers: readonly Worker[];
  readonly recurrence: { readonly freq: Frequency; readonly week?: WeekOfMonth };
  readonly end: SeriesEndInput;
  readonly exceptions: readonly string[];
  readonly recurring: boolean;
  readonly rrule: string;
  readonly version: number;
}

const weekOf = (v: unknown): WeekOfMonth | undefined => ([1, 2, 3, 4, -1] as unknown[]).includes(v) ? (v as WeekOfMonth) : undefined;

function endOf(v: unknown): SeriesEndInput {
  if (isRecord(v) && v.kind === 'count' && typeof v.count === 'number') return { kind: 'count', count: v.count };
  if (isRecord(v) && v.kind === 'until' && typeof v.until === 'string') return { kind: 'until', until: v.until };
  if (isRecord(v) && v.kind === 'never') return { kind: 'never' };
  return { kind: 'count', count: 1 };
}

export function decodeAppointment(v: unknown): Appointment | null {
  if (!isRecord(v) || typeof v.id !== 'number' || typeof v.version !== 'number') return null;
  const r = isRecord(v.recurrence) ? v.recurrence : {};
  const freq = (FREQUENCIES as readonly unknown[]).includes(r.freq) ? (r.freq as Frequency) : 'once';
  const week = weekOf(r.week);
  return {
    id: v.id,
    clientId: num(v.clientId) ?? 0,
    client: decodeClientChoice(v.client),
    address: str(v.address),
    areaId: num(v.areaId),
    area: named(v.area),
    branchId: num(v.branchId),
    branch: named(v.branch),
    orderId: num(v.orderId),
    appointmentType: str(v.appointmentType),
    notes: str(v.notes),
    workerIds: numbers(v.workerIds),
    workers: list(v.workers, worker),
    date: str(v.date),
    startTime: str(v.startTime),
    endTime: str(v.endTime),
    allDay: v.allDay === true,
    recurrence: week === undefined ? { freq } : { freq, week },
    end: endOf(v.end),
    exceptions: list(v.exceptions, (d) => (typeof d === 'string' ? d : null)),
    recurring: v.recurring === true,
    rrule: str(v.rrule),
    version: v.version,
  };
}

/** The visit an appointment screen is about. */
export interface Visit {
  readonly date: string;
  readonly index: number;
  readonly start: string;
  readonly end: string;
  readonly onHoliday: boolean;
  readonly holiday: Holiday | null;
  readonly status: AppointmentStatus;
  /** What the visit reads as: scheduled until it starts, else its status. */
  readonly shownStatus: ShownStatus;
  readonly visitVersion: number;
  readonly transitions: readonly AppointmentStatus[];
  /** Why a canceled visit was canceled ('' when no reason was given). */
  readonly cancelReason: string;
}

export function decodeVisit(v: unknown): Visit | null {
  if (!isRecord(v) || typeof v.date !== 'string') return null;
  return {
    date: v.date,
    index: num(v.index) ?? 0,
    start: str(v.start),
    end: str(v.end),
    onHoliday: v.onHoliday === true,
    holiday: holiday(v.holiday),
    status: status(v.status),
    shownStatus: shown(v.shownStatus, status(v.status)),
    visitVersion: num(v.visitVersion) ?? 0,
    transitions: statuses(v.transitions),
    cancelReason: str(v.cancelReason),
  };
}

/** A usual reason for canceling a visit (Settings → Options), in both languages. */
export interface CancellationReason {
  readonly value: string;
  readonly nameEn: string;
  readonly nameZh: string;
}

/** The usual cancellation reasons the visit's reply offers (none when the user may not cancel it). */
export function decodeCancellationReasons(v: unknown): CancellationReason[] {
  return list(v, (r) => (isRecord(r) && typeof r.value === 'string' ? { value: r.value, nameEn: str(r.nameEn), nameZh: str(r.nameZh) } : null));
}

export interface Overlap {
  readonly workerId: number;
  readonly workerName: string;
  readonly date: string;
  readonly start: string;
  readonly end: string;
  readonly allDay: boolean;
  readonly appointmentId: number;
  readonly client: Named | null;
}

export function decodeOverlaps(v: unknown): Overlap[] {
  return list(v, (o) =>
    isRecord(o) && typeof o.appointmentId === 'number'
      ? { workerId: num(o.workerId) ?? 0, workerName: str(o.workerName), date: str(o.date), start: str(o.start), end: str(o.end), allDay: o.allDay === true, appointmentId: o.appointmentId, client: named(o.client) }
      : null,
  );
}

export interface OrderSummary {
  readonly id: number;
  readonly number: string;
  readonly date: string;
  readonly total: number;
  readonly paid: number;
  readonly voided: boolean;
}

export function decodeOrder(v: unknown): OrderSummary | null {
  return isRecord(v) && typeof v.id === 'number' ? { id: v.id, number: str(v.number), date: str(v.date), total: num(v.total) ?? 0, paid: num(v.paid) ?? 0, voided: v.voided === true } : null;
}

/** A list of orders (the client's orders an appointment may be linked to). */
export function decodeOrders(v: unknown): OrderSummary[] {
  return list(v, decodeOrder);
}

export interface ProductChoice {
  readonly id: number;
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly unit: string;
}

export interface ReportPhoto {
  readonly id: number;
  readonly name: string;
  readonly sizeBytes: number;
  readonly downloadUrl: string;
}

export interface Report {
  readonly version: number;
  readonly status: AppointmentStatus;
  readonly editable: boolean;
  readonly workDone: string;
  readonly findings: string;
  readonly productsUsed: readonly { readonly productId: number; readonly quantity: number; readonly note: string; readonly code: string; readonly nameEn: string; readonly nameZh: string; readonly unit: string }[];
  readonly clientSignature: string | null;
  readonly clientSigner: string;
  readonly clientSignedAt: string | null;
  readonly workerSignature: string | null;
  readonly workerSigner: string | null;
  /** The worker the signature is credited to (one of the visit's workers). */
  readonly workerSignerId: number | null;
  readonly workerSignedAt: string | null;
  readonly reportedBy: string | null;
  readonly reportedAt: string | null;
  readonly photos: readonly ReportPhoto[];
}

const dataUrl = (v: unknown): string | null => (typeof v === 'string' && v.startsWith('data:image/png;base64,') ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function decodeReport(v: unknown): Report | null {
  if (!isRecord(v)) return null;
  return {
    version: num(v.version) ?? 0,
    status: status(v.status),
    editable: v.editable === true,
    workDone: str(v.workDone),
    findings: str(v.findings),
    productsUsed: list(v.productsUsed, (p) =>
      isRecord(p) && typeof p.productId === 'number'
        ? { productId: p.productId, quantity: num(p.quantity) ?? 0, note: str(p.note), code: str(p.code), nameEn: str(p.nameEn), nameZh: str(p.nameZh), unit: str(p.unit) }
        : null,
    ),
    clientSignature: dataUrl(v.clientSignature),
    clientSigner: str(v.clientSigner),
    clientSignedAt: text(v.clientSignedAt),
    workerSignature: dataUrl(v.workerSignature),
    workerSigner: text(v.workerSigner),
    workerSignerId: num(v.workerSignerId) ?? null,
    workerSignedAt: text(v.workerSignedAt),
    reportedBy: text(v.reportedBy),
    reportedAt: text(v.reportedAt),
    photos: list(v.photos, (p) => (isRecord(p) && typeof p.id === 'number' ? { id: p.id, name: str(p.name), sizeBytes: num(p.sizeBytes) ?? 0, downloadUrl: str(p.downloadUrl) } : null)),
  };
}

export function decodeProducts(v: unknown): ProductChoice[] {
  return list(v, (p) => (isRecord(p) && typeof p.id === 'number' ? { id: p.id, code: str(p.code), nameEn: str(p.nameEn), nameZh: str(p.nameZh), unit: str(p.unit) } : null));
}

export interface CompanyHeading {
  readonly nameEn: string;
  readonly nameZh: string;
  readonly addressEn: string;
  readonly addressZh: string;
  readonly phone: string;
}

export function decodeCompany(v: unknown): CompanyHeading | null {
  return isRecord(v) ? { nameEn: str(v.nameEn), nameZh: str(v.nameZh), addressEn: str(v.addressEn), addressZh: str(v.addressZh), phone: str(v.phone) } : null;
}

/** An appointment on a client's appointment tab. */
export interface ClientAppointment {
  readonly id: number;
  readonly date: string;
  /** The status of the visit shown (`date`). */
  readonly status: AppointmentStatus;
  /** What that visit reads as: scheduled until it starts, else its status. */
  readonly shownStatus: ShownStatus;
  readonly upcoming: boolean;
  readonly startTime: string | null;
  readonly allDay: boolean;
  readonly recurrence: Frequency;
  readonly address: string;
  readonly workers: readonly string[];
}

export function decodeClientAppointments(v: unknown): ClientAppointment[] | null {
  if (!Array.isArray(v)) return null;
  return list(v, (a) =>
    isRecord(a) && typeof a.id === 'number'
      ? {
          id: a.id,
          date: str(a.date),
          status: status(a.status),
          shownStatus: shown(a.shownStatus, status(a.status)),
          upcoming: a.upcoming === true,
          startTime: text(a.startTime),
          allDay: a.allDay === true,
          recurrence: (FREQUENCIES as readonly unknown[]).includes(a.recurrence) ? (a.recurrence as Frequency) : 'once',
          address: str(a.address),
          workers: list(a.workers, text),
        }
      : null,
  );
}
