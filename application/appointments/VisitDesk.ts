import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { AppointmentStatus } from '../../domain/appointments/status';
import type { ApiError } from '../api/ApiError';
import { invalid, type Invalid } from '../forms/Invalid';
import type { AppointmentFlow } from './AppointmentFlow';
import type { AppointmentService } from './AppointmentService';
import type { Saved, Scope, VisitStatus } from './appointment';

/** The visit an appointment screen acts on: its appointment, its date and the visit's version. */
export interface VisitRef {
  readonly appointmentId: number;
  readonly date: string;
  readonly version: number;
}

/** How a status change went: the visit's new status, or the server's warning to confirm first. */
export type StatusChange = { readonly changed: VisitStatus } | { readonly confirmFuture: string };

/**
 * What an appointment screen's buttons do (spec §4): move a visit's status, cancel it with a reason,
 * delete the appointment (or some of its visits), link or unlink its invoice — each with its
 * notification and, after a deletion, the calendar (AppointmentFlow).
 */
export class VisitDesk {
  constructor(
    private readonly service: AppointmentService,
    private readonly flow: AppointmentFlow,
  ) {}

  /**
   * Moves the visit to `to`. Completing a visit dated after today, the server warns first: that
   * warning comes back as `confirmFuture`, for the person to go on with `confirmed`.
   */
  setStatus(visit: VisitRef, to: AppointmentStatus, confirmed = false): ResultAsync<StatusChange, ApiError> {
    return this.service
      .setStatus(visit.appointmentId, visit.date, to, visit.version, '', confirmed)
      .map((changed): StatusChange => {
        this.flow.statusChanged();
        return { changed };
      })
      .orElse((error) => {
        const warning = error.code === 'validation' ? error.fields.confirmFuture : undefined;
        return warning ? okAsync<StatusChange, ApiError>({ confirmFuture: warning.join(' ') }) : errAsync(error);
      });
  }

  /** The appointment's form was saved: its (possibly moved) visit shows again. */
  edited(saved: Saved): Promise<void> {
    return this.flow.edited(saved);
  }

  /** Cancels the visit (final) with its reason ('' for none). */
  cancel(visit: VisitRef, reason: string): ResultAsync<VisitStatus, ApiError> {
    return this.service.setStatus(visit.appointmentId, visit.date, 'canceled', visit.version, reason).map((changed) => {
      this.flow.statusChanged();
      return changed;
    });
  }

  /** Deletes the appointment, or by `scope` this visit or this and the future ones; the calendar opens. */
  remove(appointment: { readonly id: number; readonly version: number }, date: string, scope: Scope): ResultAsync<void, ApiError> {
    return this.service.remove(appointment.id, appointment.version, date, scope).andThen(() => ResultAsync.fromSafePromise(this.flow.deleted()));
  }

  /** Links the order chosen (its id as the select gives it; none chosen is refused) or, with null, unlinks the linked one. */
  linkOrder(appointment: { readonly id: number; readonly version: number }, choice: string | null): ResultAsync<void, ApiError | Invalid> {
    if (choice === '') return errAsync(invalid({ orderId: [{ key: 'calendar:invoice.chooseRequired' }] }));
    const orderId = choice === null ? null : Number(choice);
    return this.service.linkOrder(appointment.id, orderId, appointment.version).map(() => this.flow.orderLinked(orderId));
  }
}
