/**
 * The wire of the calendar and appointments: every JSON reply of server/appointments/routes (the
 * calendar's range, the form's options and searches, an appointment with a visit and its tab, saves,
 * visit status, the completed report). The server declares each route's reply with these (so every
 * server test holds it to them, and the OpenAPI document describes them); the browser decodes with them.
 */
import * as z from 'zod/mini';
import { PHOTO_TAGS } from '../domain/appointments/report';
import { APPOINTMENT_STATUSES, type ShownStatus } from '../domain/appointments/status';
import type { SeriesEnd } from '../domain/appointments/recurrence';
import { BilingualName, Cents, Id, IsoDateText, Timestamp, Version } from './common';

export const AppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export const SHOWN_STATUSES = ['scheduled', ...APPOINTMENT_STATUSES] as const satisfies readonly ShownStatus[];
export const ShownStatusSchema = z.enum(SHOWN_STATUSES);
export const FREQUENCIES = ['once', 'daily', 'weekly', 'biweekly', 'monthly', 'yearly', 'monthly_weekday'] as const;

export const NamedOption = z.object({ id: Id, nameEn: z.string(), nameZh: z.string() });
export const Worker = z.object({ id: Id, name: z.string(), color: z.nullable(z.string()), branchId: z.nullable(Id) });
export const Holiday = z.object({ date: IsoDateText, nameEn: z.string(), nameZh: z.string() });

/** One visit in the calendar. */
export const CalendarEvent = z.object({
  id: z.string(),
  appointmentId: Id,
  date: IsoDateText,
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  client: z.nullable(BilingualName),
  area: z.nullable(BilingualName),
  workerIds: z.array(Id),
  status: AppointmentStatusSchema,
  shownStatus: ShownStatusSchema,
  onHoliday: z.boolean(),
  recurring: z.boolean(),
  version: Version,
});
/** GET /api/appointments: the visits of a range, its holidays and the workers of its visits. */
export const CalendarRangeReply = z.object({ events: z.array(CalendarEvent), holidays: z.array(Holiday), workers: z.array(Worker) });

/** What the form and the calendar's filters offer (GET /api/appointments/filters). */
export const AppointmentOptions = z.object({
  workers: z.array(Worker),
  branches: z.array(NamedOption),
  areas: z.array(NamedOption),
  types: z.array(z.object({ value: z.string(), labelEn: z.string(), labelZh: z.string() })),
  statuses: z.array(AppointmentStatusSchema),
  seesAll: z.boolean(),
});

export const ClientChoice = z.object({
  id: Id,
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  branchId: z.nullable(Id),
  addresses: z.array(z.object({ label: z.string(), address: z.string(), areaId: z.nullable(Id) })),
});
export const ClientSearchReply = z.object({ items: z.array(ClientChoice) });

/** GET /api/appointments/create: the new appointment form. */
export const CreateScreenReply = z.object({ options: AppointmentOptions, defaults: z.object({ date: IsoDateText, branchId: z.nullable(Id), client: z.nullable(ClientChoice) }) });

export const OrderSummary = z.object({ id: Id, number: z.string(), date: IsoDateText, total: Cents, paid: Cents, voided: z.boolean() });
export const OrdersReply = z.object({ items: z.array(OrderSummary) });

export const Overlap = z.object({
  workerId: Id,
  workerName: z.string(),
  date: IsoDateText,
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  appointmentId: Id,
  client: z.nullable(BilingualName),
});
export const OverlapsReply = z.object({ overlaps: z.array(Overlap) });

/** A save (create, edit, drag and drop): where the edited visit now is, and any double-booking. */
export const SavedReply = z.object({ appointment: z.object({ id: Id, date: IsoDateText }), overlaps: z.array(Overlap) });
export const DeletedReply = z.object({ deleted: z.boolean() });

const SeriesEndSchema = z.union([
  z.object({ kind: z.literal('count'), count: z.number().check(z.int(), z.positive()) }),
  z.object({ kind: z.literal('until'), until: IsoDateText }),
  z.object({ kind: z.literal('never') }),
]) satisfies z.ZodMiniType<SeriesEnd>;

/** The appointment (the series) as the screens show it. */
export const Appointment = z.object({
  id: Id,
  clientId: Id,
  client: z.nullable(ClientChoice),
  address: z.string(),
  areaId: z.nullable(Id),
  area: z.nullable(BilingualName),
  branchId: z.nullable(Id),
  branch: z.nullable(BilingualName),
  orderId: z.nullable(Id),
  appointmentType: z.string(),
  notes: z.string(),
  workerIds: z.array(Id),
  workers: z.array(Worker),
  date: IsoDateText,
  startTime: z.string(),
  endTime: z.string(),
  allDay: z.boolean(),
  recurrence: z.object({ freq: z.enum(FREQUENCIES), week: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)])) }),
  end: SeriesEndSchema,
  exceptions: z.array(IsoDateText),
  recurring: z.boolean(),
  rrule: z.string(),
  lastDate: z.nullable(IsoDateText),
  version: Version,
});

/** The visit an appointment's screen is about. */
export const Visit = z.object({
  date: IsoDateText,
  index: z.number().check(z.int(), z.nonnegative()),
  start: z.string(),
  end: z.string(),
  onHoliday: z.boolean(),
  holiday: z.nullable(Holiday),
  status: AppointmentStatusSchema,
  shownStatus: ShownStatusSchema,
  visitVersion: Version,
  transitions: z.array(AppointmentStatusSchema),
  cancelReason: z.string(),
});

/** A product a report may list: its unit and the pesticide's active ingredient ('' when none). */
export const ProductChoice = z.object({ id: Id, code: z.string(), nameEn: z.string(), nameZh: z.string(), unit: z.string(), activeIngredient: z.string() });
export const PhotoTagSchema = z.enum(PHOTO_TAGS);

/** The completed report of a visit. */
export const Report = z.object({
  visitId: z.nullable(Id),
  version: Version,
  status: AppointmentStatusSchema,
  editable: z.boolean(),
  workDone: z.string(),
  findings: z.string(),
  pestsFound: z.string(),
  areasTreated: z.string(),
  productsUsed: z.array(
    z.object({ productId: Id, quantity: z.number().check(z.int()), note: z.string(), code: z.string(), nameEn: z.string(), nameZh: z.string(), unit: z.string(), activeIngredient: z.string() }),
  ),
  clientSignature: z.nullable(z.string()),
  clientSigner: z.string(),
  clientSignedAt: z.nullable(Timestamp),
  workerSignature: z.nullable(z.string()),
  workerSigner: z.nullable(z.string()),
  workerSignerId: z.nullable(Id),
  workerSignedAt: z.nullable(Timestamp),
  reportedBy: z.nullable(z.string()),
  reportedAt: z.nullable(Timestamp),
  photos: z.array(
    z.object({
      id: Id,
      name: z.string(),
      contentType: z.string(),
      sizeBytes: z.number().check(z.int()),
      tag: z.nullable(PhotoTagSchema),
      uploadedBy: z.nullable(z.string()),
      uploadedAt: Timestamp,
      downloadUrl: z.string(),
    }),
  ),
});
export const ReportReply = z.object({ report: Report });

/**
 * POST /api/appointments/{id}/visits/{date}/completion (issue 22 item 4): a visit completed in one
 * call, as multipart/form-data with an `Idempotency-Key` header (a UUID the device made once, so a
 * completion kept on the phone and sent again changes nothing the second time). Its parts: the
 * `completion` JSON part (CompletionPart), each `photo` file in order (its tag at the same place in
 * `photoTags`), and the `clientSignature` and `workerSignature` PNGs. The reply is ReportReply (the
 * report as kept, the visit ended); a stale version is 409 CompletionConflictReply.
 */
export const COMPLETION_PARTS = { completion: 'completion', photo: 'photo', clientSignature: 'clientSignature', workerSignature: 'workerSignature' } as const;
export const MAX_COMPLETION_PHOTOS = 30;
/** The whole body at most (each file at most 5 MB, as every upload; the phone sends its photos at about 500 KB). */
export const MAX_COMPLETION_BYTES = 40 * 1024 * 1024;
export const CompletionPart = z.object({
  workDone: z.string(),
  findings: z.string(),
  pestsFound: z.string(),
  areasTreated: z.string(),
  productsUsed: z.array(z.object({ productId: Id, quantity: z.number().check(z.int()), note: z.string() })),
  clientSigner: z.string(),
  version: Version,
  workerSignerId: z.nullable(Id),
  confirmFuture: z.boolean(),
  photoTags: z.array(z.nullable(PhotoTagSchema)),
});
export type CompletionPart = z.infer<typeof CompletionPart>;
/** 409 to a completion whose version is stale: the report as the server keeps it now, to show beside the worker's. */
export const CompletionConflictReply = z.object({ message: z.string(), report: Report });

export const Company = z.object({ nameEn: z.string(), nameZh: z.string(), addressEn: z.string(), addressZh: z.string(), phone: z.string() });

/**
 * What a worker at the door needs of a visit (issue 22): the client's contacts (tap to call), the
 * products the linked order plans (quantity in hundredths, no prices), the client's last reported visit.
 */
export const FieldVisit = z.object({
  contacts: z.array(z.object({ name: z.string(), title: z.string(), phones: z.array(z.string()) })),
  plannedProducts: z.array(z.object({ code: z.string(), nameEn: z.string(), nameZh: z.string(), unit: z.string(), activeIngredient: z.string(), quantity: z.number().check(z.int()) })),
  lastVisit: z.nullable(z.object({ date: IsoDateText, findings: z.string(), workDone: z.string(), pestsFound: z.string(), areasTreated: z.string() })),
});
export type FieldVisit = z.infer<typeof FieldVisit>;

/** GET /api/appointments/{id}: the appointment, one of its visits, and the tab's data. */
export const AppointmentScreenReply = z.object({
  appointment: Appointment,
  occurrence: Visit,
  cancellationReasons: z.optional(z.array(z.object({ value: z.string(), nameEn: z.string(), nameZh: z.string() }))),
  tab: z.enum(['appointment', 'invoice', 'report']),
  options: z.optional(AppointmentOptions),
  order: z.optional(z.nullable(OrderSummary)),
  orders: z.optional(z.array(OrderSummary)),
  report: z.optional(Report),
  products: z.optional(z.array(ProductChoice)),
  company: z.optional(z.nullable(Company)),
  field: z.optional(FieldVisit),
});

/** A visit's new status. */
export const StatusReply = z.object({ status: AppointmentStatusSchema, visitVersion: Version, transitions: z.array(AppointmentStatusSchema), cancelReason: z.string() });

/** The order (invoice) linked to an appointment, or none. */
export const OrderLinkReply = z.object({ appointment: z.object({ id: Id, orderId: z.nullable(Id), version: Version }), order: z.nullable(OrderSummary) });

export type CalendarRangeReply = z.infer<typeof CalendarRangeReply>;
export type AppointmentScreenReply = z.infer<typeof AppointmentScreenReply>;
export type Report = z.infer<typeof Report>;

/**
 * An appointment on a client's or an invoice's appointment tab (GET /api/clients/{id}?tab=appointment,
 * GET /api/orders/{id}): the visit shown (the next one, else the last) with that visit's status.
 */
export const ClientAppointmentRow = z.object({
  id: Id,
  date: IsoDateText,
  status: AppointmentStatusSchema,
  shownStatus: ShownStatusSchema,
  upcoming: z.boolean(),
  startTime: z.nullable(z.string()),
  allDay: z.boolean(),
  recurrence: z.enum(FREQUENCIES),
  address: z.string(),
  workers: z.array(z.string()),
});
