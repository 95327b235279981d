import { firstDate, recurrenceFor, type Series } from '../../domain/appointments/recurrence';
import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { isIsoDate, timeToMinute } from '../../domain/time/dates';
import { invalid, type FieldMessage, type Invalid } from '../forms/Invalid';
import type { Appointment, AppointmentInput, AppointmentOptions, ClientChoice, Frequency, SeriesEndInput, WeekOfMonth } from './appointment';

/** The appointment form as typed: text as in the fields, the client as chosen. */
export interface AppointmentForm {
  readonly client: ClientChoice | null;
  /** One of the client's orders (invoices), linked on creating; '' for none. */
  readonly orderId: string;
  readonly address: string;
  readonly areaId: string;
  readonly branchId: string;
  readonly appointmentType: string;
  readonly workerIds: readonly number[];
  readonly notes: string;
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly allDay: boolean;
  readonly freq: Frequency;
  readonly week: string;
  readonly endKind: SeriesEndInput['kind'];
  readonly count: string;
  readonly until: string;
}

/** What a new appointment starts with (an edit starts from the appointment). */
export interface AppointmentFormDefaults {
  readonly branchId: number | null;
  readonly client: ClientChoice | null;
  readonly workerIds: readonly number[];
}

/** The fields the form shows a message under (the server's messages for others go to the whole form). */
export const APPOINTMENT_FIELDS = ['clientId', 'orderId', 'address', 'areaId', 'branchId', 'appointmentType', 'workerIds', 'notes', 'date', 'startTime', 'endTime', 'end.count', 'end.until', 'occurrence'];

/** The form of an appointment at one of its visits (`date`), or of a new one from its defaults. */
export function appointmentForm(appointment: Appointment | null, date: string, defaults: AppointmentFormDefaults): AppointmentForm {
  const client = appointment?.client ?? defaults.client;
  const firstAddress = client?.addresses[0];
  return {
    client,
    orderId: '',
    address: appointment?.address ?? firstAddress?.address ?? '',
    areaId: String(appointment ? (appointment.areaId ?? '') : (firstAddress?.areaId ?? '')),
    branchId: String(appointment ? (appointment.branchId ?? '') : (client?.branchId ?? defaults.branchId ?? '')),
    appointmentType: appointment?.appointmentType ?? '',
    workerIds: appointment?.workerIds ?? defaults.workerIds,
    notes: appointment?.notes ?? '',
    date,
    startTime: appointment && !appointment.allDay ? appointment.startTime : '09:00',
    endTime: appointment && !appointment.allDay ? appointment.endTime : '10:00',
    allDay: appointment?.allDay ?? false,
    freq: appointment?.recurrence.freq ?? 'once',
    week: String(appointment?.recurrence.week ?? 1),
    endKind: appointment?.end.kind === 'count' && appointment.end.count === 1 && appointment.recurrence.freq === 'once' ? 'count' : (appointment?.end.kind ?? 'count'),
    count: appointment?.end.kind === 'count' ? String(appointment.end.count) : '10',
    until: appointment?.end.kind === 'until' ? appointment.end.until : '',
  };
}

/**
 * A new appointment's workers: the signed-in user when they are one of the workers offered and see
 * only their own appointments (so what they book is theirs), otherwise none yet.
 */
export function newAppointmentWorkers(user: User | null, options: AppointmentOptions): number[] {
  return user && options.workers.some((w) => w.id === user.id) && !options.seesAll ? [user.id] : [];
}

/** Whether the form offers to link one of the client's orders: on creating only, for who may see orders. */
export function picksOrder(user: User | null, creating: boolean, readOnly: boolean): boolean {
  return creating && !readOnly && hasPermission(user, 'order_view');
}

/** The chosen client: its first address and area, its branch, and no order of another client. */
export function withClient(form: AppointmentForm, client: ClientChoice | null): AppointmentForm {
  const first = client?.addresses[0];
  return {
    ...form,
    client,
    orderId: client?.id === form.client?.id ? form.orderId : '',
    address: first?.address ?? '',
    areaId: first?.areaId === null || first === undefined ? '' : String(first.areaId),
    branchId: client?.branchId ? String(client.branchId) : form.branchId,
  };
}

/** A typed address; one of the client's own addresses brings its area. */
export function withAddress(form: AppointmentForm, address: string): AppointmentForm {
  const match = form.client?.addresses.find((a) => a.address === address);
  return { ...form, address, ...(match && match.areaId !== null ? { areaId: String(match.areaId) } : {}) };
}

/** The form as the appointment is sent (an all-day visit runs 00:00–23:59; one visit ends after one). */
export function appointmentInput(form: AppointmentForm): AppointmentInput {
  const end: SeriesEndInput =
    form.freq === 'once' ? { kind: 'count', count: 1 } : form.endKind === 'count' ? { kind: 'count', count: Number(form.count) } : form.endKind === 'until' ? { kind: 'until', until: form.until } : { kind: 'never' };
  return {
    clientId: form.client?.id ?? 0,
    address: form.address.trim(),
    areaId: form.areaId ? Number(form.areaId) : null,
    branchId: form.branchId ? Number(form.branchId) : null,
    appointmentType: form.appointmentType,
    workerIds: form.workerIds,
    notes: form.notes.trim(),
    date: form.date,
    startTime: form.allDay ? '00:00' : form.startTime,
    endTime: form.allDay ? '23:59' : form.endTime,
    allDay: form.allDay,
    recurrence: form.freq === 'monthly_weekday' ? { freq: form.freq, week: Number(form.week) as WeekOfMonth } : { freq: form.freq },
    end,
  };
}

/** The order to link on creating, or null. */
export function chosenOrder(form: AppointmentForm, offered: boolean): number | null {
  return offered && form.orderId ? Number(form.orderId) : null;
}

const say = (key: string, values?: Readonly<Record<string, string | number>>): FieldMessage[] => [values ? { key: `calendar:validation.${key}`, values } : { key: `calendar:validation.${key}` }];

/**
 * Every problem of the input at once, before anything is sent: a client, a worker, a day, an end
 * after the start, and for a series an end the recurrence can reach (domain/appointments/recurrence).
 */
export function checkAppointment(input: AppointmentInput): Invalid {
  const fields: Record<string, FieldMessage[]> = {};
  if (!input.clientId) fields.clientId = say('client');
  if (input.workerIds.length === 0) fields.workerIds = say('workers');
  if (!input.date) fields.date = say('date');
  if (!input.allDay) {
    const start = timeToMinute(input.startTime);
    const end = timeToMinute(input.endTime);
    if (start === null) fields.startTime = say('time');
    if (end === null) fields.endTime = say('time');
    else if (start !== null && end <= start) fields.endTime = say('endAfterStart');
  }
  if (input.recurrence.freq !== 'once') {
    if (input.end.kind === 'count' && (!Number.isInteger(input.end.count) || input.end.count < 1 || input.end.count > 1000)) fields['end.count'] = say('count');
    if (input.end.kind === 'until' && !input.end.until) fields['end.until'] = say('until');
    else if (input.end.kind === 'until' && input.end.until < input.date) fields['end.until'] = say('untilAfterStart');
    else if (input.end.kind === 'until' && isIsoDate(input.date) && isIsoDate(input.end.until)) {
      // "1st Friday" typed from a 3rd Friday starts next month: the last day may come before it.
      const series: Series = { startDate: input.date, startMinute: 0, durationMinutes: 60, allDay: true, recurrence: recurrenceFor(input.recurrence.freq, input.date, input.recurrence.week), end: { kind: 'until', until: input.end.until }, exceptions: [] };
      if (firstDate(series) === null) fields['end.until'] = say('noVisitBeforeUntil', { date: firstDate({ ...series, end: { kind: 'never' } }) ?? input.date });
    }
  }
  return invalid(fields);
}
