import type { Clock } from '../../application/ports/Clock';

/** The machine's clock. */
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
