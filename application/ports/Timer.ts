import { token } from '../di/token';

export type Cancel = () => void;

/** Schedules work; the browser adapter wraps window timers, tests use fake timers. */
export interface Timer {
  setTimeout(callback: () => void, ms: number): Cancel;
  setInterval(callback: () => void, ms: number): Cancel;
}

export const Timer = token<Timer>('Timer');
