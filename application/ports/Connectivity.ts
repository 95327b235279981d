import { token } from '../di/token';
import type { Cancel } from './Timer';

/** What the platform says about the network: the browser's online and offline events. */
export interface Connectivity {
  /** Calls `onChange` each time the platform goes offline (false) or back online (true); returns the stop function. */
  watch(onChange: (online: boolean) => void): Cancel;
}

export const Connectivity = token<Connectivity>('Connectivity');
