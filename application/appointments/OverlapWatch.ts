import type { Cancel, Timer } from '../ports/Timer';
import { timeToMinute } from '../../domain/time/dates';
import type { AppointmentBook, OverlapSchedule } from '../ports/AppointmentBook';
import type { Overlap } from './appointment';

export type { OverlapSchedule } from '../ports/AppointmentBook';

/** How long the form waits after the last change before it asks (typing a time changes it twice). */
export const OVERLAP_DELAY_MS = 400;

/**
 * Double-booking while the form is typed: a schedule that cannot be a visit yet (no worker, no day,
 * an end not after its start) has none; otherwise the server is asked shortly after the last change,
 * and an answer that arrives after a newer change (or after the form closed) is dropped.
 */
export class OverlapWatch {
  constructor(
    private readonly appointments: Pick<AppointmentBook, 'overlaps'>,
    private readonly timer: Timer,
  ) {}

  /** Whether the schedule is complete enough to be checked. */
  static checkable(s: OverlapSchedule): boolean {
    return s.workerIds.length > 0 && s.date !== '' && (s.allDay || (timeToMinute(s.endTime) ?? 0) > (timeToMinute(s.startTime) ?? 0));
  }

  /** Checks the schedule after the delay; `found` gets the double-bookings ([] at once when it cannot be checked). Cancel drops it. */
  watch(schedule: OverlapSchedule, excludeId: number | null, found: (overlaps: readonly Overlap[]) => void): Cancel {
    if (!OverlapWatch.checkable(schedule)) {
      found([]);
      return () => undefined;
    }
    let live = true;
    const cancel = this.timer.setTimeout(() => {
      void this.appointments.overlaps(schedule, excludeId).map((list) => {
        if (live) found(list);
      });
    }, OVERLAP_DELAY_MS);
    return () => {
      live = false;
      cancel();
    };
  }
}
