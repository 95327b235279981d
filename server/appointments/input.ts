import { err, ok, type Result } from 'neverthrow';
import * as z from 'zod';
import { firstDate, recurrenceFor, type Recurrence, type Series, type SeriesEnd } from '../../domain/appointments/recurrence';
import { APPOINTMENT_STATUSES } from '../../domain/appointments/status';
import { PHOTO_TAGS } from '../../domain/appointments/report';
import { MAX_COMPLETION_PHOTOS } from '../../contract/appointments';
import { INT_MAX } from '../db/limits';
import { addDays, timeToMinute, type IsoDate } from '../../domain/time/dates';
import { isoDate } from '../http/dates';

export { isoDate };
const time = z.string().refine((t) => timeToMinute(t) !== null);
const id = z.number().int().positive().max(2_147_483_647);

export const FREQUENCIES = ['once', 'daily', 'weekly', 'biweekly', 'monthly', 'yearly', 'monthly_weekday'] as const;

/** When and how often: the day of the (first) visit, its times, the rule and its end. */
export const ScheduleFields = {
  date: isoDate,
  startTime: time.default('09:00'),
  endTime: time.default('10:00'),
  allDay: z.boolean().default(false),
  recurrence: z
    .object({
      freq: z.enum(FREQUENCIES),
      /** For "specified week of month": 1–4, or -1 for the last. */
      week: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)]).optional(),
    })
    .default({ freq: 'once' }),
  end: z
    .object({
      kind: z.enum(['count', 'until', 'never']),
      count: z.number().int().min(1).max(1000).optional(),
      until: isoDate.optional(),
    })
    .default({ kind: 'count', count: 1 }),
};

export const AppointmentFields = {
  clientId: id,
  address: z.string().trim().max(500).default(''),
  areaId: id.nullable().default(null),
  branchId: id.nullable().default(null),
  appointmentType: z.string().trim().max(60).default(''),
  workerIds: z.array(id).min(1).max(20),
  notes: z.string().trim().max(5000).default(''),
  ...ScheduleFields,
};

export const CreateAppointment = z.object({ ...AppointmentFields, orderId: id.nullable().default(null) });
export type AppointmentInput = z.output<typeof CreateAppointment>;

export const SCOPES = ['one', 'future'] as const;
export type Scope = (typeof SCOPES)[number];

/** An edit of one visit (`occurrence`) of an appointment: "this one only" or "this and future ones". */
export const UpdateAppointment = z.object({
  ...AppointmentFields,
  version: id,
  occurrence: isoDate,
  scope: z.enum(SCOPES).default('one'),
});
export type AppointmentUpdate = z.output<typeof UpdateAppointment>;

/** Drag and drop (or resize) of one visit: its new day and times. */
export const Reschedule = z.object({
  version: id,
  occurrence: isoDate,
  scope: z.enum(SCOPES).default('one'),
  date: isoDate,
  startTime: time,
  endTime: time,
  allDay: z.boolean(),
});

export const RemoveAppointment = z.object({ version: id, occurrence: isoDate, scope: z.enum(SCOPES).default('one') });

export const RangeQuery = z.object({
  start: isoDate,
  /** Exclusive, as the calendar asks. */
  end: isoDate,
  worker_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  branch_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  area_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
});

export const MAX_RANGE_DAYS = 100;

/** An appointment's screen: its tab and the visit's day. */
export const DetailQuery = z.object({ tab: z.enum(['appointment', 'invoice', 'report']).default('appointment'), date: isoDate.optional() });
export const CreateQuery = z.object({ date: isoDate.optional(), client_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const ClientSearch = z.object({ q: z.string().trim().max(100).default('') });
export const ClientOrdersQuery = z.object({ client_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const OverlapCheck = z.object({
  workerIds: z.array(z.number().int().positive().max(2_147_483_647)).max(20),
  excludeId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  ...CreateAppointment.pick({ date: true, startTime: true, endTime: true, allDay: true, recurrence: true, end: true }).shape,
});
export const StatusChange = z.object({
  status: z.enum(APPOINTMENT_STATUSES),
  version: z.number().int().min(0).max(INT_MAX),
  /** Why the visit is canceled (only with status canceled): a cancellation_reason option's words or typed; optional. */
  reason: z.string().trim().max(500).default(''),
  /** Completing a visit dated after today needs this, once the person has been warned (issue 18). */
  confirmFuture: z.boolean().default(false),
});
export const ReportInput = z.object({
  workDone: z.string().trim().max(5000).default(''),
  findings: z.string().trim().max(5000).default(''),
  /** Pests found and areas treated (issue 22): left as they are when not sent, so a client that does not know them keeps them. */
  pestsFound: z.string().trim().max(2000).optional(),
  areasTreated: z.string().trim().max(2000).optional(),
  productsUsed: z
    .array(z.object({ productId: z.number().int().positive().max(2_147_483_647), quantity: z.number().int().min(1).max(1_000_000), note: z.string().trim().max(200).default('') }))
    .max(50)
    .default([]),
  clientSigner: z.string().trim().max(120).default(''),
  version: z.number().int().min(0).max(INT_MAX),
});
/** A report photo's query: whether it was taken before or after the work (untagged when not given). */
/** The `completion` JSON part of a visit completed in one call (contract CompletionPart): the report's words at the visit's version, the worker who signs, and a tag per photo. */
export const CompletionInput = ReportInput.extend({
  /** The worker the worker's signature is credited to; null or absent: whoever sends it. */
  workerSignerId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  confirmFuture: z.boolean().default(false),
  photoTags: z.array(z.enum(PHOTO_TAGS).nullable()).max(MAX_COMPLETION_PHOTOS).default([]),
});
export type CompletionInput = z.output<typeof CompletionInput>;
export const PhotoQuery = z.object({ tag: z.enum(PHOTO_TAGS).optional() });
export const OrderLink = z.object({ orderId: z.number().int().positive().max(2_147_483_647).nullable(), version: z.number().int().positive().max(INT_MAX).optional() });

export interface ScheduleInput {
  readonly date: IsoDate;
  readonly startTime: string;
  readonly endTime: string;
  readonly allDay: boolean;
  readonly recurrence: { readonly freq: (typeof FREQUENCIES)[number]; readonly week?: 1 | 2 | 3 | 4 | -1 | undefined };
  readonly end: { readonly kind: 'count' | 'until' | 'never'; readonly count?: number | undefined; readonly until?: IsoDate | undefined };
}

export type { FieldErrors } from './failures';
import type { FieldErrors } from './failures';

/** The start minute and duration of typed times, or the field messages when they do not make a visit. */
export function times(input: Pick<ScheduleInput, 'startTime' | 'endTime' | 'allDay'>): Result<{ startMinute: number; durationMinutes: number }, FieldErrors> {
  if (input.allDay) return ok({ startMinute: 0, durationMinutes: 1440 });
  const start = timeToMinute(input.startTime) ?? 0;
  const end = timeToMinute(input.endTime) ?? 0;
  if (start >= 1440) return err({ startTime: 'validation.invalid' });
  if (end <= start) return err({ endTime: 'appointments.endBeforeStart' });
  return ok({ startMinute: start, durationMinutes: end - start });
}

/** The domain's rule and end from the form, or the field messages. */
export function ruleOf(input: ScheduleInput): Result<{ recurrence: Recurrence; end: SeriesEnd }, FieldErrors> {
  const recurrence = recurrenceFor(input.recurrence.freq, input.date, input.recurrence.week ?? 1);
  if (recurrence.freq === 'once') return ok({ recurrence, end: { kind: 'count', count: 1 } });
  switch (input.end.kind) {
    case 'count':
      return input.end.count === undefined ? err({ 'end.count': 'validation.required' }) : ok({ recurrence, end: { kind: 'count', count: input.end.count } });
    case 'until':
      if (input.end.until === undefined) return err({ 'end.until': 'validation.required' });
      if (input.end.until < input.date) return err({ 'end.until': 'appointments.untilBeforeStart' });
      if (input.end.until > addDays(input.date, 3660)) return err({ 'end.until': 'appointments.untilTooFar' });
      return ok({ recurrence, end: { kind: 'until', until: input.end.until } });
    case 'never':
      return ok({ recurrence, end: { kind: 'never' } });
  }
}

/** The series a form describes, or the field messages (all of them at once). */
export function seriesFrom(input: ScheduleInput): Result<Series, FieldErrors> {
  const t = times(input);
  const rule = ruleOf(input);
  if (t.isErr() || rule.isErr()) return err({ ...(t.isErr() ? t.error : {}), ...(rule.isErr() ? rule.error : {}) });
  const series: Series = { startDate: input.date, ...t.value, allDay: input.allDay, ...rule.value, exceptions: [] };
  // A "week of the month" series starts on the first such day on or after its date: its end date may
  // come before that, and a series with no visit at all is refused.
  if (firstDate(series) === null) {
    return err({ 'end.until': { key: 'appointments.noVisitBeforeUntil', values: { date: firstDate({ ...series, end: { kind: 'never' } }) ?? input.date } } });
  }
  return ok(series);
}
