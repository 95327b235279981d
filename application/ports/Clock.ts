import { token } from '../di/token';

/** The current time, passed in so use-cases stay testable. */
export interface Clock {
  now(): Date;
}

export const Clock = token<Clock>('Clock');
