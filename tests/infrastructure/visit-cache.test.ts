import { describe, expect, it } from 'vitest';
import { ServiceWorkerOfflineCache } from '../../infrastructure/offline/ServiceWorkerOfflineCache';
import { isFresh, isKeptRequest, KEPT_AT_HEADER, keptDays, prune, stamped, VISIT_CACHE, VISIT_MAX_AGE_HOURS } from '../../infrastructure/offline/visitCache';

/*
 * What the phone keeps of the worker's visits, and for how long (issue 31 item 9): the rules the
 * service worker (infrastructure/offline/sw.ts) applies.
 */

/** 2026-11-23 09:00 in Hong Kong (01:00 UTC). */
const NOW = new Date('2026-11-23T01:00:00Z');
const at = (path: string) => new URL(path, 'https://office.example.hk');
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
const keptAt = (when: Date) => ({ headers: new Headers({ [KEPT_AT_HEADER]: String(when.getTime()) }) });

describe('what is kept', () => {
  it('is today and tomorrow in Hong Kong, whatever the phone’s own time zone', () => {
    expect(keptDays(NOW)).toEqual(['2026-11-23', '2026-11-24']);
    // 23:30 in Hong Kong is still the 23rd there (15:30 UTC).
    expect(keptDays(new Date('2026-11-23T15:30:00Z'))).toEqual(['2026-11-23', '2026-11-24']);
    expect(keptDays(new Date('2026-11-23T16:30:00Z'))).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('is the calendar’s range of those two days (as My day and the fetch ahead ask for it), never a longer one', () => {
    expect(isKeptRequest(at('/api/appointments?start=2026-11-23&end=2026-11-25&worker_id=3'), NOW)).toBe(true);
    expect(isKeptRequest(at('/api/appointments?start=2026-11-24&end=2026-11-25&worker_id=3'), NOW)).toBe(true);
    // My day's later days, the month grid (about four months with the weeks either side), yesterday.
    expect(isKeptRequest(at('/api/appointments?start=2026-11-25&end=2026-11-30&worker_id=3'), NOW)).toBe(false);
    expect(isKeptRequest(at('/api/appointments?start=2026-10-26&end=2027-01-04'), NOW)).toBe(false);
    expect(isKeptRequest(at('/api/appointments?start=2026-11-22&end=2026-11-24'), NOW)).toBe(false);
    expect(isKeptRequest(at('/api/appointments?start=2026-11-23&end=2026-11-26'), NOW)).toBe(false);
    expect(isKeptRequest(at('/api/appointments?start=2026-11-23'), NOW)).toBe(false);
    expect(isKeptRequest(at('/api/appointments?start=2026-11-24&end=2026-11-24'), NOW)).toBe(false);
  });

  it('is the visit page and report form of a visit dated today or tomorrow, nothing else of the API', () => {
    expect(isKeptRequest(at('/api/appointments/12?tab=appointment&date=2026-11-23'), NOW)).toBe(true);
    expect(isKeptRequest(at('/api/appointments/12?tab=report&date=2026-11-24'), NOW)).toBe(true);
    expect(isKeptRequest(at('/api/appointments/12?tab=report&date=2026-11-25'), NOW)).toBe(false);
    expect(isKeptRequest(at('/api/appointments/12?tab=report&date=2026-11-22'), NOW)).toBe(false);
    expect(isKeptRequest(at('/api/appointments/12?tab=invoice&date=2026-11-23'), NOW)).toBe(false);
    expect(isKeptRequest(at('/api/appointments/12?tab=appointment'), NOW)).toBe(false);
    for (const other of ['/api/appointments/filters', '/api/clients/1', '/api/products', '/api/heartbeat', '/api/appointments/12/visits/2026-11-23/report.pdf']) expect(isKeptRequest(at(other), NOW), other).toBe(false);
  });
});

describe('how long it is served', () => {
  const visit = at('/api/appointments/12?tab=report&date=2026-11-24');

  it(`for at most ${VISIT_MAX_AGE_HOURS} hours after it was fetched (the longest a session lasts)`, () => {
    expect(isFresh(visit, keptAt(NOW), NOW)).toBe(true);
    expect(isFresh(visit, keptAt(NOW), hours(VISIT_MAX_AGE_HOURS))).toBe(true);
    expect(isFresh(visit, keptAt(NOW), hours(VISIT_MAX_AGE_HOURS + 0.01))).toBe(false);
  });

  it('only while its day is today or tomorrow', () => {
    const today = at('/api/appointments/12?tab=report&date=2026-11-23');
    // Kept at 09:00; at 00:30 the next day (15.5 hours later) today's visit is yesterday's.
    expect(isFresh(today, keptAt(hours(8)), hours(15.5))).toBe(false);
    expect(isFresh(visit, keptAt(hours(8)), hours(15.5))).toBe(true);
  });

  it('never without the time it was kept, nor kept "in the future"', () => {
    expect(isFresh(visit, { headers: new Headers() }, NOW)).toBe(false);
    expect(isFresh(visit, { headers: new Headers({ [KEPT_AT_HEADER]: 'yesterday' }) }, NOW)).toBe(false);
    expect(isFresh(visit, keptAt(hours(1)), NOW)).toBe(false);
  });

  it('is stamped on the reply when it is kept, the reply otherwise the same', async () => {
    const reply = new Response(JSON.stringify({ appointment: { id: 12 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const kept = await stamped(reply, NOW);
    expect(kept.headers.get(KEPT_AT_HEADER)).toBe(String(NOW.getTime()));
    expect(kept.headers.get('content-type')).toBe('application/json');
    expect(await kept.json()).toEqual({ appointment: { id: 12 } });
    expect(isFresh(visit, kept, NOW)).toBe(true);
  });
});

/** An in-memory Cache of the few methods prune uses. */
function memoryCache(entries: Record<string, Response>) {
  const map = new Map(Object.entries(entries).map(([path, reply]) => [at(path).href, reply]));
  return {
    map,
    keys: () => Promise.resolve([...map.keys()].map((url) => new Request(url))),
    match: (request: Request) => Promise.resolve(map.get(request.url)),
    delete: (request: Request) => Promise.resolve(map.delete(request.url)),
  };
}

describe('what is deleted', () => {
  it('is every reply no longer to be served: too old, of a day gone, or never stamped', async () => {
    const fresh = (when: Date) => new Response('{}', { headers: { [KEPT_AT_HEADER]: String(when.getTime()) } });
    const cache = memoryCache({
      '/api/appointments?start=2026-11-23&end=2026-11-25&worker_id=3': fresh(NOW),
      '/api/appointments/12?tab=report&date=2026-11-24': fresh(NOW),
      '/api/appointments/12?tab=report&date=2026-11-23': fresh(hours(-13)),
      '/api/appointments/9?tab=appointment&date=2026-11-22': fresh(hours(-2)),
      '/api/appointments?start=2026-10-26&end=2027-01-04': new Response('{}'),
    });
    expect(await prune(cache as unknown as Cache, NOW)).toBe(3);
    expect([...cache.map.keys()].map((u) => new URL(u).pathname + new URL(u).search)).toEqual(['/api/appointments?start=2026-11-23&end=2026-11-25&worker_id=3', '/api/appointments/12?tab=report&date=2026-11-24']);
  });
});

describe('forgetting it from the page', () => {
  it('deletes the whole cache of visits (nothing to do where there is no Cache Storage)', async () => {
    const deleted: string[] = [];
    const win = { navigator: {} as Navigator, setTimeout: globalThis.setTimeout.bind(globalThis) as Window['setTimeout'], clearTimeout: globalThis.clearTimeout.bind(globalThis) as Window['clearTimeout'] };
    await new ServiceWorkerOfflineCache({ ...win, caches: { delete: (name: string) => (deleted.push(name), Promise.resolve(true)) } }).forget();
    expect(deleted).toEqual([VISIT_CACHE]);
    await expect(new ServiceWorkerOfflineCache(win).forget()).resolves.toBeUndefined();
  });
});
