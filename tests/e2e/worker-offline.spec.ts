import { expect, request, test, type Page } from '@playwright/test';
import { signIn, WORKER } from './signIn';

/** The worker's phone (issue 22): 390 × 844, as the demo worker. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'allow' });

const WORDS = {
  'zh-HK': { myDay: '我的日程', today: /^今日 · /, tomorrow: /^明日 · /, loading: '正在載入你的預約…' },
  en: { myDay: 'My day', today: /^Today · /, tomorrow: /^Tomorrow · /, loading: 'Loading your visits…' },
} as const;

/** The visits listed under a day's heading on My day: each one's address. */
async function visitsOf(page: Page, day: RegExp, loading: string): Promise<string[]> {
  await expect(page.getByText(loading)).toHaveCount(0);
  const section = page.getByRole('region', { name: day });
  return section.locator('a.visit-item').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/**
 * The service worker takes over the page (it is registered after the first load), then My day opens
 * through it and the app fetches the two days' visits ahead: the visits listed today and tomorrow.
 */
async function myDayThroughWorker(page: Page, words: (typeof WORDS)[keyof typeof WORDS]): Promise<{ today: string[]; ahead: string[] }> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: words.myDay })).toBeVisible();
  const today = await visitsOf(page, words.today, words.loading);
  const ahead = [...today, ...(await visitsOf(page, words.tomorrow, words.loading))];
  expect(ahead.length, 'the demo worker has visits today or tomorrow').toBeGreaterThan(0);
  return { today, ahead };
}

for (const language of ['zh-HK', 'en'] as const) {
  test(`today's and tomorrow's visits open with no connection, fetched ahead while online (${language})`, async ({ page, context }) => {
    const words = WORDS[language];
    await signIn(page, WORKER);
    if (language === 'en') await page.getByLabel('語言').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: words.myDay })).toBeVisible();
    const { today, ahead } = await myDayThroughWorker(page, words);
    // Every visit's page and report form are in the worker's cache before going offline.
    const wanted = ahead.flatMap((href) => {
      const [path, search] = href.split('?');
      const id = path!.split('/').pop()!;
      const date = new URLSearchParams(search).get('date')!;
      return [`/api/appointments/${id}?tab=appointment&date=${date}`, `/api/appointments/${id}?tab=report&date=${date}`];
    });
    await expect
      .poll(async () => page.evaluate(async (urls) => {
        const cache = await caches.open('visits');
        const kept = (await cache.keys()).map((r) => { const u = new URL(r.url); return u.pathname + u.search; });
        return urls.filter((u) => !kept.includes(u));
      }, wanted), { timeout: 30_000 })
      .toEqual([]);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: words.myDay })).toBeVisible();
      expect(await visitsOf(page, words.today, words.loading)).toEqual(today);
      // A visit never opened while online (the last of the two days) opens from what was kept.
      const last = page.locator(`a.visit-item[href="${ahead.at(-1)!}"]`);
      const client = (await last.locator('.visit-client').textContent())!;
      await last.click();
      await expect(page.getByRole('heading', { level: 1, name: client })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    if (language === 'en') {
      await page.goto('/calendar');
      await page.getByLabel('Language').selectOption('zh-HK');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    }
  });
}

/** The addresses (path and query) the service worker keeps in its cache of visits. */
const keptAddresses = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('visits'))) return [];
    const cache = await caches.open('visits');
    return (await cache.keys()).map((r) => {
      const u = new URL(r.url);
      return u.pathname + u.search;
    });
  });

/** Every record of every IndexedDB database of the page, as text (what a phone's storage holds). */
const indexedDbText = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      for (const store of [...db.objectStoreNames]) {
        const all = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result as unknown[]);
          req.onerror = () => resolve([]);
        });
        out.push(`${name}/${store}: ${JSON.stringify(all)}`);
      }
      db.close();
    }
    return out.join('\n');
  });

test('keeps only today and tomorrow, and forgets them when the session ends on the server, not by a sign-out (issue 31 item 9)', async ({ page, context, baseURL }) => {
  const words = WORDS['zh-HK'];
  await signIn(page, WORKER);
  const { ahead } = await myDayThroughWorker(page, words);
  const hongKongToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date());
  const days = [hongKongToday, addOneDay(hongKongToday, 1)];
  await expect.poll(async () => (await keptAddresses(page)).filter((a) => /tab=report/.test(a)).length, { timeout: 30_000 }).toBe(ahead.length);

  // The month grid (its range with the weeks either side) is not kept; nothing kept is of another day.
  const month = page.waitForResponse((r) => /\/api\/appointments\?start=/.test(r.url()) && new URL(r.url()).searchParams.get('start')! < days[0]!);
  await page.getByRole('button', { name: '月曆' }).click();
  expect((await month).ok()).toBe(true);
  await page.waitForLoadState('networkidle');
  const kept = await keptAddresses(page);
  const outside = kept.filter((address) => {
    const query = new URLSearchParams(address.split('?')[1]);
    const [date, start, end] = [query.get('date'), query.get('start'), query.get('end')];
    if (date !== null) return !days.includes(date);
    return start === null || end === null || start < days[0]! || end > addOneDay(days.at(-1)!, 1);
  });
  expect(outside).toEqual([]);
  const client = await page.evaluate(async () => {
    const cache = await caches.open('visits');
    const reply = (await cache.match((await cache.keys()).find((r) => r.url.includes('tab=appointment'))!))!;
    return ((await reply.json()) as { appointment: { client: { nameZh: string } } }).appointment.client.nameZh;
  });
  expect(client.length).toBeGreaterThan(0);

  // The session ends on the server: the worker signs out "other browsers" from another one.
  const other = await request.newContext({ baseURL });
  await other.get('/api/csrf-cookie');
  const xsrf = async () => decodeURIComponent((await other.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  expect((await other.post('/api/login', { data: { email: WORKER.email, password: WORKER.password }, headers: { 'X-XSRF-TOKEN': await xsrf() } })).ok()).toBe(true);
  expect((await other.delete('/api/user/other-sessions', { data: { password: WORKER.password }, headers: { 'X-XSRF-TOKEN': await xsrf() } })).ok()).toBe(true);
  await other.dispose();

  // The phone opens the app again (online): the server says the session is over; what was kept goes.
  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await expect.poll(() => keptAddresses(page), { timeout: 20_000 }).toEqual([]);
  const stored = await indexedDbText(page);
  expect(stored).not.toContain(client);
  expect(stored).not.toMatch(/\/api\/appointments/);

  // Offline, no visit of that day opens: the sign-in page, and the API address itself finds nothing kept.
  await context.setOffline(true);
  try {
    const [visit] = ahead;
    await page.goto(visit!);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(client)).toHaveCount(0);
    const [path, search] = visit!.split('?');
    const api = `/api/appointments/${path!.split('/').pop()}?tab=appointment&${search}`;
    expect(await page.evaluate(async (address) => fetch(address).then((r) => `answered ${r.status}`, () => 'no answer'), api)).toBe('no answer');
  } finally {
    await context.setOffline(false);
  }
});

/** The ISO day `n` days after `date`. */
function addOneDay(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
