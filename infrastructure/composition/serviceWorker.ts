/**
 * Registers the service worker the production build makes (/sw.js, vite.config.ts `installable`):
 * the app installs to the home screen and opens with no network. A browser without service workers,
 * or one that refuses (private mode, an insecure address other than localhost), simply goes on
 * without: nothing the app does online depends on it.
 */
export function registerServiceWorker(window: Window): void {
  const container = window.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return;
  const register = (): void => {
    container.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('[pwa] the service worker was not registered', error));
  };
  // After the page has loaded, so the worker's first fetches do not compete with the first screen's.
  if (window.document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
