/**
 * The service worker (/sw.js), built by vite-plugin-pwa from this file (vite.config.ts `installable`,
 * injectManifest), registered by infrastructure/composition/serviceWorker.ts in the production build.
 *
 * - Precaches the icons and every script and style of the build (the list Workbox injects as
 *   self.__WB_MANIFEST: hashed files, fetched once in the background after the first visit), so every
 *   screen opens with no network; a new build's worker takes over at once and drops the old lists.
 * - The page (index.html, the same for every address): from the network first, else the copy last
 *   fetched, so offline any address opens.
 * - Of the API only the worker's day (issue 22; issue 31 item 9): the calendar's range of today and
 *   tomorrow and the visit pages and report forms of those days, from the network when there is one
 *   (within 6 s), else the copy kept — for at most 12 hours and only while its day lasts
 *   (visitCache.ts, where the rules are). All of it is forgotten at each sign-in and sign-out and as
 *   soon as the server answers one of those requests with 401 (the session is over).
 * - Font slices and other built files: from the cache first (kept 90 days, at most 800).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { isFresh, isKeptRequest, prune, stamped, VISIT_CACHE } from './visitCache';

/** What this file uses of the worker's global scope (its own types are not in the DOM library the project compiles with). */
declare const self: {
  readonly __WB_MANIFEST: readonly (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: { waitUntil(done: Promise<unknown>): void }) => void): void;
};

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute([...self.__WB_MANIFEST]);

const forgetVisits = (): Promise<boolean> => caches.delete(VISIT_CACHE);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: 'page',
    networkTimeoutSeconds: 4,
    // Every address is the same index.html: one copy, whatever address was opened.
    plugins: [{ cacheKeyWillBeUsed: () => Promise.resolve('/index.html') }],
  }),
);

/** The worker's day: kept stamped with when it was fetched, served only while fresh, all forgotten on a 401. */
const keptVisits: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? stamped(response, new Date()) : null),
  cacheDidUpdate: async ({ cacheName }) => void (await prune(await caches.open(cacheName), new Date())),
  cachedResponseWillBeUsed: async ({ cacheName, request, cachedResponse }) => {
    if (!cachedResponse) return null;
    if (isFresh(new URL(request.url), cachedResponse, new Date())) return cachedResponse;
    await (await caches.open(cacheName)).delete(request);
    return null;
  },
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await forgetVisits();
    return response;
  },
};

registerRoute(({ request, url }) => request.method === 'GET' && isKeptRequest(url, new Date()), new NetworkFirst({ cacheName: VISIT_CACHE, networkTimeoutSeconds: 6, plugins: [keptVisits] }), 'GET');

// A sign-in or a sign-out forgets every kept visit first, so nothing of one person's day is shown to
// the next one on a shared phone (also when the sign-out cannot reach the server).
registerRoute(
  ({ url }) => url.pathname === '/api/login' || url.pathname === '/api/logout',
  new NetworkOnly({ plugins: [{ requestWillFetch: async ({ request }) => (await forgetVisits(), request) }] }),
  'POST',
);

registerRoute(
  ({ url }) => url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 800, maxAgeSeconds: 60 * 60 * 24 * 90 }), new CacheableResponsePlugin({ statuses: [200] })] }),
);

// On each new worker: what is no longer to be served goes; so do the expiry records an earlier worker
// kept for the visits in IndexedDB (their addresses), which this one does not use.
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([caches.open(VISIT_CACHE).then((cache) => prune(cache, new Date())), new CacheExpiration(VISIT_CACHE, { maxEntries: 1 }).delete()]));
});
