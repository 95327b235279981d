import type { AppointmentStatus, ShownStatus } from '../../domain/appointments/status';
import { hasPermission } from '../../domain/auth/permissions';
import { mayOpenTab } from '../../domain/auth/tabs';
import type { User } from '../../domain/auth/user';
import { minuteToTime, timeToMinute } from '../../domain/time/dates';
import type { CalendarFilters, Visit } from './appointment';

/** The calendar date of a time the calendar gives (Hong Kong time, as the calendar is set). */
export const dayOf = (iso: string) => iso.slice(0, 10);
/** The 'HH:mm' of a time the calendar gives. */
const timeOf = (iso: string) => (iso.length > 10 ? iso.slice(11, 16) : '00:00');

/** A visit dropped or resized: its new day and times (an all-day visit runs 00:00–23:59; never past midnight). */
export function movedTo(start: string, allDay: boolean, durationMinutes: number | null): { date: string; startTime: string; endTime: string; allDay: boolean } {
  const startTime = allDay ? '00:00' : timeOf(start);
  const startMinute = timeToMinute(startTime) ?? 0;
  const length = durationMinutes ?? 60;
  return { date: dayOf(start), startTime, endTime: allDay ? '23:59' : minuteToTime(Math.min(1440, startMinute + Math.max(1, length))), allDay };
}

/** The calendar's filters with one changed as its field gives it ('' for all). */
export function withFilter(filters: CalendarFilters, key: keyof CalendarFilters, value: string): CalendarFilters {
  return { ...filters, [key]: value === '' ? undefined : key === 'status' ? (value as AppointmentStatus) : Number(value) };
}

/**
 * What a visit reads as after its status may have changed on the screen: scheduled while it is still
 * in progress and has not started (the server's `shownStatus`), else its current status.
 */
export function visitShows(current: AppointmentStatus, visit: Pick<Visit, 'shownStatus'>): ShownStatus {
  return current === 'in_progress' && visit.shownStatus === 'scheduled' ? 'scheduled' : current;
}

/** What the calendar offers the signed-in user: booking (a click on a free slot) and moving visits (drag, resize). */
export interface CalendarOffers {
  readonly create: boolean;
  readonly edit: boolean;
}

/** What an appointment's page offers the signed-in user. */
export interface AppointmentOffers {
  /** Editing it, its visit's status, its report and its linked invoice. */
  readonly edit: boolean;
  readonly delete: boolean;
  /** Linking one of the client's invoices (it needs seeing them). */
  readonly linkOrder: boolean;
  /** Creating an invoice for it. */
  readonly createOrder: boolean;
  /** Its invoice tab (the linked invoice's number and totals): with order_view only, else not shown. */
  readonly invoiceTab: boolean;
}

/**
 * The calendar (and a client's appointment tab, whose "New appointment" is `create`), by the
 * appointment rights. These offers are plain functions here, with the calendar's other helpers: this
 * module loads with those screens only, and a module of its own would add a chunk's name to the
 * sign-in page's entry.
 */
export function calendarOffers(user: User | null): CalendarOffers {
  return { create: hasPermission(user, 'appointment_create'), edit: hasPermission(user, 'appointment_edit') };
}

/** An appointment's page: its own rights, and for its invoice tab the rights to see and create invoices. */
export function appointmentOffers(user: User | null): AppointmentOffers {
  const edit = hasPermission(user, 'appointment_edit');
  return {
    edit,
    delete: hasPermission(user, 'appointment_delete'),
    linkOrder: edit && hasPermission(user, 'order_view'),
    createOrder: hasPermission(user, 'order_create'),
    invoiceTab: mayOpenTab(user, 'appointment', 'invoice'),
  };
}
