/**
 * Screenshots of key screens at a 1366 px desktop and a 768 px tablet, for docs/screenshots/.
 * Start the app first (npm start), then: BASE_URL=http://127.0.0.1:3000 node --import tsx scripts/screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUT = path.resolve(import.meta.dirname, '..', 'docs', 'screenshots');
const SCREENS = [
  ['login', '/login'],
  ['calendar', '/calendar'],
  ['clients', '/clients'],
  ['client', '/clients/basic/2'],
  ['roles', '/settings/roles/2'],
  ['profile', '/user/profile'],
] as const;

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [1366, 768]) {
  const page = await browser.newPage({ viewport: { width, height: width === 768 ? 1024 : 860 } });
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
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`) });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${OUT}`);
