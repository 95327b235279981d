import { token } from '../di/token';

/** The thin bar at the top of the page (spec §2: no spinner). */
export interface ProgressBar {
  start(): void;
  done(): void;
}

export const ProgressBar = token<ProgressBar>('ProgressBar');
