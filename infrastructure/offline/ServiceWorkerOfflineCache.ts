import type { OfflineCache } from '../../application/ports/OfflineCache';
import type { ServiceWorkerWindow } from './serviceWorkerControl';

/** The Cache Storage cache the service worker keeps the worker's day in (infrastructure/offline/sw.ts, visitCache.ts). */
export const VISIT_CACHE = 'visits';

/**
 * The service worker's cache (infrastructure/offline/sw.ts, registered by
 * infrastructure/composition/serviceWorker.ts): what is fetched is kept once a worker controls the
 * page (serviceWorkerControl.ts waits for that; loaded only when a worker's screen fetches ahead, so
 * it is not in the first download). The page reaches the same Cache Storage, so it forgets the kept
 * visits itself (no Cache Storage on an insecure address: nothing was kept).
 */
export class ServiceWorkerOfflineCache implements OfflineCache {
  constructor(
    private readonly win: ServiceWorkerWindow & { readonly caches?: Pick<CacheStorage, 'delete'> },
    private readonly waitMs = 10_000,
  ) {}

  ready(): Promise<boolean> {
    return import('./serviceWorkerControl').then((m) => m.controlled(this.win, this.waitMs));
  }

  async forget(): Promise<void> {
    await this.win.caches?.delete(VISIT_CACHE).catch(() => false);
  }
}
