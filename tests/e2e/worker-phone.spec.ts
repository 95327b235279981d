import { expect, test, type Page } from '@playwright/test';
import { signIn, WORKER } from './signIn';

/*
 * The worker's screens fit a 390 × 844 phone (issue 31 item 19): no sideways scroll on My day, a
 * visit (the one with the last visit's findings, whose card was 451 px wide) and its report form, in
 * both languages; the visit's call and map buttons within the first screen, without scrolling.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const WORDS = {
  'zh-HK': { myDay: '我的日程', loading: '正在載入你的預約…', lastVisit: /^上次到訪/, report: '完成工作', openMap: '在地圖打開', call: /^致電 / },
  en: { myDay: 'My day', loading: 'Loading your visits…', lastVisit: /^Last visit/, report: 'Complete the visit', openMap: 'Open in Maps', call: /^Call / },
} as const;

/** How far the page scrolls sideways (0 when nothing is wider than the screen), and what sticks out. */
async function sideways(page: Page): Promise<{ overflow: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().width)}px`);
    return { overflow: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
  });
}

for (const language of ['zh-HK', 'en'] as const) {
  test(`My day, a visit and its report form fit 390 px; call and map are on the first screen (${language})`, async ({ page }) => {
    const w = WORDS[language];
    await signIn(page, WORKER);
    try {
      if (language === 'en') await page.getByLabel('語言').selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: w.myDay })).toBeVisible();
      await expect(page.getByText(w.loading)).toHaveCount(0);
      expect(await sideways(page), 'My day').toEqual({ overflow: 0, wide: [] });

      // The demo worker's visit whose client has a reported visit before (its card overflowed).
      const visits = await page.locator('main a.visit-item').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      let checked = 0;
      for (const visit of visits) {
        await page.goto(visit);
        await expect(page.locator('main .worker-visit')).toBeVisible();
        // One still to complete (its report form is the phone's), with a visit reported before.
        const last = page.getByRole('region', { name: w.lastVisit });
        const complete = page.getByRole('link', { name: w.report });
        if ((await last.locator('dd').count()) === 0 || (await complete.count()) === 0) continue;
        expect(await sideways(page), `visit ${visit}`).toEqual({ overflow: 0, wide: [] });
        // No word of the findings is cut or stacked a letter a line: the card is as wide as the page's column.
        const card = (await last.boundingBox())!;
        expect(card.x).toBeGreaterThanOrEqual(0);
        expect(card.x + card.width).toBeLessThanOrEqual(390);
        const term = (await last.locator('dd').first().boundingBox())!;
        expect(term.width, 'the findings take the card’s width').toBeGreaterThan(card.width * 0.6);

        // Call and map without scrolling.
        for (const button of [page.getByRole('link', { name: w.openMap, exact: false }).first(), page.getByRole('link', { name: w.call }).first()]) {
          const box = (await button.boundingBox())!;
          expect(box.y + box.height, `${await button.textContent()} within the first 844 px`).toBeLessThanOrEqual(844);
          expect(box.x + box.width).toBeLessThanOrEqual(390);
        }

        await complete.click();
        await expect(page.getByRole('heading', { level: 1, name: w.report })).toBeVisible();
        expect(await sideways(page), `report form of ${visit}`).toEqual({ overflow: 0, wide: [] });
        checked++;
        break;
      }
      expect(checked, 'the demo worker has a visit whose client was visited before').toBe(1);
    } finally {
      if (language === 'en') {
        await page.goto('/calendar');
        await page.getByLabel('Language').selectOption('zh-HK');
        await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
      }
    }
  });
}
