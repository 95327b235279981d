import { err, ok, type Result } from 'neverthrow';

/** Appointment statuses (spec §4); the spec gives the labels, the transitions are ours (below). */
export const APPOINTMENT_STATUSES = ['in_progress', 'on_hold', 'ended', 'pending_recheck', 'auditing', 'audited', 'canceled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * How a visit moves on. It starts in progress (scheduled); it may be put on hold and resumed, or
 * canceled. When the worker finishes it is ended; a finished visit that needs another look goes to
 * pending recheck, otherwise to auditing; an office check moves auditing to audited (final) or back
 * to pending recheck. Canceled and audited are final.
 *
 *   in_progress ─► ended ─► auditing ─► audited
 *        │  ▲        │          │
 *        ▼  │        ▼          ▼
 *      on_hold    pending_recheck ─► in_progress (the revisit)
 *   (in_progress, on_hold, pending_recheck) ─► canceled
 */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  in_progress: ['on_hold', 'ended', 'canceled'],
  on_hold: ['in_progress', 'canceled'],
  ended: ['auditing', 'pending_recheck'],
  pending_recheck: ['in_progress', 'auditing', 'canceled'],
  auditing: ['audited', 'pending_recheck'],
  audited: [],
  canceled: [],
};

export type StatusError = { readonly code: 'statusTransition'; readonly from: AppointmentStatus; readonly to: AppointmentStatus };

export function checkStatusTransition(from: AppointmentStatus, to: AppointmentStatus): Result<void, StatusError> {
  return APPOINTMENT_TRANSITIONS[from].includes(to) ? ok(undefined) : err({ code: 'statusTransition', from, to });
}

export function isFinal(status: AppointmentStatus): boolean {
  return APPOINTMENT_TRANSITIONS[status].length === 0;
}

/** What a visit reads as on screen: its status, or `scheduled` while it is in progress but not yet started. */
export type ShownStatus = AppointmentStatus | 'scheduled';

/**
 * The status a visit is shown with. A visit without its own state is stored as in progress (the
 * transitions start there); until its start it reads as scheduled. The stored status still decides
 * the transitions, the report rules and the filters.
 */
export function shownStatus(status: AppointmentStatus, visitStart: Date, now: Date): ShownStatus {
  return status === 'in_progress' && visitStart.getTime() > now.getTime() ? 'scheduled' : status;
}
