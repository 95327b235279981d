import { addDays, hongKongDate, isIsoDate, type IsoDate } from '../../domain/time/dates';
import { KEPT_DAYS } from '../../application/field/OfflineVisits';
import { VISIT_CACHE } from './ServiceWorkerOfflineCache';

export { VISIT_CACHE };

/**
 * What the phone keeps of the worker's visits, and for how long (issue 31 item 9): the rules the
 * service worker (sw.ts) applies to the API's replies, kept apart so they are tested as they are.
 *
 * - Only the worker's day: the calendar's range within today and tomorrow (Hong Kong days), and an
 *   appointment's visit page or report form dated today or tomorrow. Nothing else of the API is
 *   kept — not the month grid, not another day's visit.
 * - A kept reply is served for at most VISIT_MAX_AGE_HOURS after it was fetched, and only while its
 *   day is still today or tomorrow; past either it is deleted instead.
 * - The whole cache is forgotten at each sign-in and sign-out, when the server answers a kept request
 *   with 401 (the session is over), and when the app finds no one signed in
 *   (infrastructure/offline/ServiceWorkerOfflineCache.ts `forget`).
 */

/**
 * How long a kept reply is served: the longest a session lasts (12 hours after sign-in, the server's
 * default). Every kept reply was fetched in the current session (a sign-in forgets them all), so one
 * older than this was fetched in a session that has certainly ended.
 */
export const VISIT_MAX_AGE_HOURS = 12;

/** The header the service worker stamps on a reply it keeps: when it was fetched (milliseconds since 1970). */
export const KEPT_AT_HEADER = 'x-kept-at';

/** The days kept at `now`: today and tomorrow in Hong Kong. */
export function keptDays(now: Date): readonly IsoDate[] {
  const today = hongKongDate(now);
  return Array.from({ length: KEPT_DAYS }, (_, i) => addDays(today, i));
}

const RANGE = /^\/api\/appointments$/;
const VISIT = /^\/api\/appointments\/\d+$/;
/** The tabs of a visit the worker opens at the door (the office's invoice tab is not theirs). */
const VISIT_TABS: ReadonlySet<string> = new Set(['appointment', 'report']);

/**
 * Whether a GET of `url` at `now` is part of the worker's day, to be kept: the calendar's range of
 * today and tomorrow (`start` ≥ today, `end`, exclusive, ≤ the day after tomorrow), or the visit page
 * or report form of a visit dated today or tomorrow.
 */
export function isKeptRequest(url: URL, now: Date): boolean {
  const days = keptDays(now);
  const first = days[0]!;
  const afterLast = addDays(days.at(-1)!, 1);
  const query = url.searchParams;
  if (RANGE.test(url.pathname)) {
    const start = query.get('start');
    const end = query.get('end');
    return isIsoDate(start) && isIsoDate(end) && start >= first && start < end && end <= afterLast;
  }
  if (VISIT.test(url.pathname)) {
    const date = query.get('date');
    return VISIT_TABS.has(query.get('tab') ?? '') && isIsoDate(date) && days.includes(date);
  }
  return false;
}

/** Whether a kept reply may still be served at `now`: its request is still of the worker's day, and it was fetched at most VISIT_MAX_AGE_HOURS ago. */
export function isFresh(url: URL, kept: { readonly headers: Headers }, now: Date): boolean {
  const at = Number(kept.headers.get(KEPT_AT_HEADER));
  const age = now.getTime() - at;
  return isKeptRequest(url, now) && Number.isFinite(at) && at > 0 && age >= 0 && age <= VISIT_MAX_AGE_HOURS * 3_600_000;
}

/** A reply to keep: the same, stamped with when it was fetched. */
export async function stamped(reply: Response, now: Date): Promise<Response> {
  const headers = new Headers(reply.headers);
  headers.set(KEPT_AT_HEADER, String(now.getTime()));
  return new Response(await reply.blob(), { status: reply.status, statusText: reply.statusText, headers });
}

/** Deletes from the cache every reply no longer to be served at `now`; how many went. */
export async function prune(cache: Cache, now: Date): Promise<number> {
  let gone = 0;
  for (const request of await cache.keys()) {
    const kept = await cache.match(request);
    if (kept && isFresh(new URL(request.url), kept, now)) continue;
    if (await cache.delete(request)) gone++;
  }
  return gone;
}
