/**
 * Screenshots of key screens at a 1366 px desktop and a 768 px tablet, for docs/screenshots/: sign-in,
 * dashboard, calendar, clients, a client, an invoice, a report result (the order analysis of the last
 * 12 months), a role's permissions and the profile. Start the app on the demo data first (npm start),
 * then: BASE_URL=http://127.0.0.1:3000 node --import tsx scripts/screenshots.ts (see docs/screenshots/README.md).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUT = path.resolve(import.meta.dirname, '..', 'docs', 'screenshots');
/** Today in Hong Kong, and the first day of the month eleven months before: the last 12 months. */
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const yearStart = (() => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 12, 1));
  return first.toISOString().slice(0, 10);
})();

const SCREENS = [
  ['login', '/login'],
  ['dashboard', '/dashboard'],
  ['calendar', '/calendar'],
  ['clients', '/clients'],
  ['client', '/clients/basic/2'],
  ['invoice', '/orders/order/invoice/1'],
  ['report', `/reports/orders/order-analysis-result?date_from=${yearStart}&date_to=${today}`],
  ['roles', '/settings/roles/2'],
  ['profile', '/user/profile'],
] as const;

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [1366, 768]) {
  // A browser in Hong Kong (its language and time zone), as staff use it.
  const page = await browser.newPage({ viewport: { width, height: width === 768 ? 1024 : 860 }, locale: 'zh-HK', timezoneId: 'Asia/Hong_Kong' });
  await page.goto(`${BASE}/login`);
  await page.locator('h1').waitFor();
  await page.screenshot({ path: path.join(OUT, `login-${width}.png`) });
  await page.getByLabel('電郵地址').fill('admin@example.com');
  await page.getByLabel('密碼').fill('Admin1234');
  await page.getByRole('button', { name: '登入' }).click();
  await page.waitForURL(/\/calendar$/);
  for (const [name, address] of SCREENS.slice(1)) {
    await page.goto(`${BASE}${address}`);
    await page.locator('main h1').waitFor();
    // Wait until the screen's data is in (no "Loading…" left) and its fonts are drawn.
    await page.getByRole('status').filter({ hasText: /載入中|Loading/ }).waitFor({ state: 'detached' }).catch(() => undefined);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`) });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${OUT}`);
