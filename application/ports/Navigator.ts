import type { Observable } from 'rxjs';
import { token } from '../di/token';

export interface AppLocation {
  /** e.g. /calendar/appointment/3 */
  readonly path: string;
  /** e.g. ?session_expired=1, or '' */
  readonly search: string;
}

/**
 * Asked before the user leaves by the browser's own means (back/forward, closing the tab). Back and
 * forward wait for its answer; closing the tab can only get the browser's own prompt, so there the
 * guard's presence is what counts.
 */
export type LeaveGuard = (to: AppLocation) => Promise<boolean>;

/** The browser's address and history, as the application needs them. */
export interface Navigator {
  readonly location$: Observable<AppLocation>;
  current(): AppLocation;
  push(url: string): void;
  replace(url: string): void;
  /** Installs (or, with null, removes) the guard consulted before back/forward and tab close. */
  setLeaveGuard(guard: LeaveGuard | null): void;
  /** The href an in-app link to `url` carries (e.g. "#/clients" where the address lives in the hash). */
  href(url: string): string;
}

export const toUrl = (location: AppLocation): string => location.path + location.search;

export const Navigator = token<Navigator>('Navigator');
