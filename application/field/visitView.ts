import type { AppointmentStatus, ShownStatus } from '../../domain/appointments/status';
import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import type { Appointment, FieldContact, FieldVisit, LastVisit, Named, PlannedProduct, Visit } from '../appointments/appointment';

export { isFieldWorker } from './fieldWorker';

/** What a worker may do with a visit: start it (or resume it), put it on hold, complete it (the report form). */
export type WorkerAction = 'start' | 'hold' | 'complete';

/** A contact person with a `tel:` address for each phone number. */
export interface CallableContact {
  readonly name: string;
  readonly title: string;
  readonly phones: readonly { readonly text: string; readonly href: string }[];
}

/** The worker's view of a visit: whom, where (with a map), what to do, what was found last time, what they may do. */
export interface WorkerVisitView {
  readonly client: Named | null;
  readonly clientCode: string;
  readonly address: string;
  readonly area: Named | null;
  /** Opens the phone's map at the address (null when the visit has no address). */
  readonly mapHref: string | null;
  readonly contacts: readonly CallableContact[];
  readonly notes: string;
  readonly planned: readonly PlannedProduct[];
  readonly lastVisit: LastVisit | null;
  readonly status: ShownStatus;
  readonly actions: readonly WorkerAction[];
  /** Where "complete" goes: the visit's report form. */
  readonly reportHref: string;
}

/** A phone number as a `tel:` address: its digits, with a leading + kept. */
export const telHref = (phone: string): string => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** A search for the address in the phone's map application (Google Maps' universal address, which Apple devices hand to their map too). */
export const mapHref = (address: string): string | null => (address.trim() === '' ? null : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`);

/**
 * The actions the rules allow: the visit's transitions (the domain's) for a user who may edit
 * appointments, as a worker names them — back to in progress is "start", on hold is "hold", ended is
 * "complete" (the report form, since ending needs a complete report). Canceling is the office's.
 */
export function workerActions(user: User | null, transitions: readonly AppointmentStatus[]): WorkerAction[] {
  if (!hasPermission(user, 'appointment_edit')) return [];
  const out: WorkerAction[] = [];
  if (transitions.includes('in_progress')) out.push('start');
  if (transitions.includes('on_hold')) out.push('hold');
  if (transitions.includes('ended')) out.push('complete');
  return out;
}

const callable = (contact: FieldContact): CallableContact => ({
  name: contact.name,
  title: contact.title,
  phones: contact.phones.filter((p) => /\d/.test(p)).map((p) => ({ text: p, href: telHref(p) })),
});

/** The worker's view of one visit from the appointment screen's data and the visit's current status. */
export function workerVisitView(
  user: User | null,
  appointment: Appointment,
  visit: Visit,
  field: FieldVisit | undefined,
  current: { readonly status: AppointmentStatus; readonly transitions: readonly AppointmentStatus[] },
): WorkerVisitView {
  const shown: ShownStatus = current.status === 'in_progress' && visit.shownStatus === 'scheduled' ? 'scheduled' : current.status;
  return {
    client: appointment.client,
    clientCode: appointment.client?.code ?? '',
    address: appointment.address,
    area: appointment.area,
    mapHref: mapHref(appointment.address),
    contacts: (field?.contacts ?? []).map(callable),
    notes: appointment.notes,
    planned: field?.plannedProducts ?? [],
    lastVisit: field?.lastVisit ?? null,
    status: shown,
    actions: workerActions(user, current.transitions),
    reportHref: `/calendar/completed-report/${appointment.id}?date=${visit.date}`,
  };
}
