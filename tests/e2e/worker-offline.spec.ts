import { expect, test, type Page } from '@playwright/test';
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

for (const language of ['zh-HK', 'en'] as const) {
  test(`today's and tomorrow's visits open with no connection, fetched ahead while online (${language})`, async ({ page, context }) => {
    const words = WORDS[language];
    await signIn(page, WORKER);
    if (language === 'en') await page.getByLabel('語言').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: words.myDay })).toBeVisible();
    // The service worker takes over the page (it is registered after the first load), then My day
    // opens through it and the app fetches the two days' visits ahead.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: words.myDay })).toBeVisible();
    const today = await visitsOf(page, words.today, words.loading);
    const tomorrow = await visitsOf(page, words.tomorrow, words.loading);
    const ahead = [...today, ...tomorrow];
    expect(ahead.length, 'the demo worker has visits today or tomorrow').toBeGreaterThan(0);
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
