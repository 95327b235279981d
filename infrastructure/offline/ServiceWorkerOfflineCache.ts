import type { OfflineCache } from '../../application/ports/OfflineCache';

type ServiceWorkerWindow = Pick<Window, 'navigator' | 'setTimeout' | 'clearTimeout'>;

/**
 * The service worker's cache (vite.config.ts `installable`, registered by
 * infrastructure/composition/serviceWorker.ts): what is fetched is kept once a worker controls the
 * page. Right after the first visit the worker is still installing; it takes control within a few
 * seconds (clientsClaim), which this waits for. No worker (a browser without them, the demo build,
 * development): nothing is kept.
 */
export class ServiceWorkerOfflineCache implements OfflineCache {
  constructor(
    private readonly win: ServiceWorkerWindow,
    private readonly waitMs = 10_000,
  ) {}

  async ready(): Promise<boolean> {
    const container = this.win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
    if (!container) return false;
    if (container.controller) return true;
    const registration = await container.getRegistration().catch(() => undefined);
    if (!registration) return false;
    return new Promise<boolean>((resolve) => {
      const done = (controlled: boolean) => {
        this.win.clearTimeout(timer);
        container.removeEventListener('controllerchange', onChange);
        resolve(controlled);
      };
      const onChange = () => done(container.controller !== null);
      const timer = this.win.setTimeout(() => done(container.controller !== null), this.waitMs);
      container.addEventListener('controllerchange', onChange);
    });
  }
}
