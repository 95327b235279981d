import { token } from '../di/token';

/**
 * Where the app's fetches are kept for use with no connection: the service worker's cache of the
 * worker's day (infrastructure/offline/sw.ts). Only what goes through it while it controls the page is
 * kept, so a use-case that fetches ahead first asks whether it does.
 */
export interface OfflineCache {
  /** Whether what is fetched now will be kept (a service worker controls the page, or does within a few seconds). */
  ready(): Promise<boolean>;
  /** Forgets everything kept (no one is signed in any more: nothing of anyone's day stays on the device). */
  forget(): Promise<void>;
}

export const OfflineCache = token<OfflineCache>('OfflineCache');
