/** What waiting for the service worker needs of the page. */
export type ServiceWorkerWindow = Pick<Window, 'navigator' | 'setTimeout' | 'clearTimeout'>;

/**
 * Whether a service worker controls the page, waiting up to `waitMs` for one to take control: right
 * after the first visit the worker is still installing, and takes control within a few seconds
 * (clientsClaim). No worker (a browser without them, the demo build, development): false.
 */
export async function controlled(win: ServiceWorkerWindow, waitMs: number): Promise<boolean> {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return false;
  if (container.controller) return true;
  const registration = await container.getRegistration().catch(() => undefined);
  if (!registration) return false;
  return new Promise<boolean>((resolve) => {
    const done = (isControlled: boolean) => {
      win.clearTimeout(timer);
      container.removeEventListener('controllerchange', onChange);
      resolve(isControlled);
    };
    const onChange = () => done(container.controller !== null);
    const timer = win.setTimeout(() => done(container.controller !== null), waitMs);
    container.addEventListener('controllerchange', onChange);
  });
}
