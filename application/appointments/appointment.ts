import type { PhotoTag } from '../../domain/appointments/report';
import type { AppointmentStatus, ShownStatus } from '../../domain/appointments/status';
import type { Recurrence, SeriesEnd } from '../../domain/appointments/recurrence';
import type { IsoDate } from '../../domain/time/dates';

/**
 * Appointments as the use-cases and screens hold them. The HTTP adapter (infrastructure/http/
 * appointments/) reads every reply by the wire contract (contract/appointments.ts), whose output
 * these types accept: a reply that does not match is an error, never a value with defaults.
 */

export interface Named {
  readonly nameEn: string;
  readonly nameZh: string;
}
export interface NamedOption extends Named {
  readonly id: number;
}

export interface Worker {
  readonly id: number;
  readonly name: string;
  /** The worker's calendar colour (#rrggbb), or null for the default. */
  readonly color: string | null;
}

export interface Holiday extends Named {
  readonly date: string;
}

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

export interface CalendarRange {
  readonly events: readonly CalendarEvent[];
  readonly holidays: readonly Holiday[];
  readonly workers: readonly Worker[];
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

export interface ClientChoice extends Named {
  readonly id: number;
  readonly code: string;
  readonly branchId: number | null;
  readonly addresses: readonly { readonly label: string; readonly address: string; readonly areaId: number | null }[];
}

export type Frequency = Recurrence['freq'];
export const FREQUENCIES: readonly Frequency[] = ['once', 'daily', 'weekly', 'biweekly', 'monthly', 'yearly', 'monthly_weekday'];
export type WeekOfMonth = 1 | 2 | 3 | 4 | -1;
export type SeriesEndInput = SeriesEnd;

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
  readonly recurrence: { readonly freq: Frequency; readonly week?: WeekOfMonth | undefined };
  readonly end: SeriesEndInput;
}

/** "This one only" or "this and future ones" (spec §4). */
export type Scope = 'one' | 'future';

export interface Appointment extends AppointmentInput {
  readonly id: number;
  readonly client: ClientChoice | null;
  readonly area: Named | null;
  readonly branch: Named | null;
  readonly orderId: number | null;
  readonly workers: readonly Worker[];
  readonly exceptions: readonly string[];
  readonly recurring: boolean;
  readonly rrule: string;
  readonly version: number;
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

/** A visit's status after a change, as the server gives it back. */
export interface VisitStatus {
  readonly status: AppointmentStatus;
  readonly visitVersion: number;
  readonly transitions: readonly AppointmentStatus[];
  readonly cancelReason: string;
}

/** A usual reason for canceling a visit (Settings → Options), in both languages. */
export interface CancellationReason extends Named {
  readonly value: string;
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

export interface OrderSummary {
  readonly id: number;
  readonly number: string;
  readonly date: string;
  readonly total: number;
  readonly paid: number;
  readonly voided: boolean;
}

export interface ProductChoice extends Named {
  readonly id: number;
  readonly code: string;
  readonly unit: string;
  /** The pesticide's active ingredient ('' when none). */
  readonly activeIngredient: string;
}

export interface ReportPhoto {
  readonly id: number;
  readonly name: string;
  readonly sizeBytes: number;
  /** Taken before or after the work (null: not tagged). */
  readonly tag: PhotoTag | null;
  readonly downloadUrl: string;
}

export interface Report {
  readonly version: number;
  readonly status: AppointmentStatus;
  readonly editable: boolean;
  readonly workDone: string;
  readonly findings: string;
  readonly pestsFound: string;
  readonly areasTreated: string;
  readonly productsUsed: readonly {
    readonly productId: number;
    readonly quantity: number;
    readonly note: string;
    readonly code: string;
    readonly nameEn: string;
    readonly nameZh: string;
    readonly unit: string;
    readonly activeIngredient: string;
  }[];
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

/** What saving the completed report sends. */
export interface ReportInput {
  readonly workDone: string;
  readonly findings: string;
  /** Pests found and areas treated (the worker's report, issue 22; '' when not given). */
  readonly pestsFound?: string | undefined;
  readonly areasTreated?: string | undefined;
  readonly productsUsed: readonly { readonly productId: number; readonly quantity: number; readonly note: string }[];
  readonly clientSigner: string;
  readonly version: number;
}

export interface CompanyHeading {
  readonly nameEn: string;
  readonly nameZh: string;
  readonly addressEn: string;
  readonly addressZh: string;
  readonly phone: string;
}

/** What saving an appointment gives back: where the edited visit now is, and any double-booking. */
export interface Saved {
  readonly id: number;
  readonly date: string;
  readonly overlaps: readonly Overlap[];
}

/** The calendar's filters (spec: by worker, branch, area and status). */
export interface CalendarFilters {
  readonly workerId?: number | undefined;
  readonly branchId?: number | undefined;
  readonly areaId?: number | undefined;
  readonly status?: AppointmentStatus | undefined;
}

/** A visit moved by drag and drop or resize: its new day and times. */
export interface Reschedule {
  readonly version: number;
  readonly occurrence: string;
  readonly scope: Scope;
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly allDay: boolean;
}

/** The data of /calendar/appointment/create (GET /api/appointments/create). */
export interface AppointmentCreateData {
  readonly options: AppointmentOptions;
  readonly defaults: { readonly date: IsoDate; readonly branchId: number | null; readonly client: ClientChoice | null };
}

/** The data of an appointment's tabs (GET /api/appointments/{id}?tab=…): what each tab needs. */
export interface AppointmentScreenData {
  readonly appointment: Appointment;
  readonly occurrence: Visit;
  readonly cancellationReasons?: readonly CancellationReason[] | undefined;
  readonly tab: 'appointment' | 'invoice' | 'report';
  readonly options?: AppointmentOptions | undefined;
  readonly order?: OrderSummary | null | undefined;
  readonly orders?: readonly OrderSummary[] | undefined;
  readonly report?: Report | undefined;
  readonly products?: readonly ProductChoice[] | undefined;
  readonly company?: CompanyHeading | null | undefined;
  /** What a worker at the door needs (appointment and report tabs): contacts, planned products, the last visit. */
  readonly field?: FieldVisit | undefined;
}

/** A client's contact person, to call from the visit. */
export interface FieldContact {
  readonly name: string;
  readonly title: string;
  readonly phones: readonly string[];
}

/** A product the linked order plans for the visit (quantity in hundredths; no prices). */
export interface PlannedProduct extends Named {
  readonly code: string;
  readonly unit: string;
  readonly activeIngredient: string;
  readonly quantity: number;
}

/** The client's last visit with a report, before this one. */
export interface LastVisit {
  readonly date: string;
  readonly findings: string;
  readonly workDone: string;
  readonly pestsFound: string;
  readonly areasTreated: string;
}

export interface FieldVisit {
  readonly contacts: readonly FieldContact[];
  readonly plannedProducts: readonly PlannedProduct[];
  readonly lastVisit: LastVisit | null;
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    appointmentCreate: AppointmentCreateData;
    appointment: AppointmentScreenData;
  }
}

/** An appointment on a client's or an invoice's appointment tab (their screens' data, decoded by contract/appointments.ts). */
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
