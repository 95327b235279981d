import { expect, test } from '@playwright/test';
import { SALES, WORKER, signIn, submitSignIn } from './signIn';

// The installable app's service worker (blocked in the other specs: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('Chinese text is drawn with the bundled Noto Sans HK slices, fetched from the app itself', async ({ page }) => {
  const fontFiles: string[] = [];
  page.on('response', (response) => {
    if (/\.woff2?$/.test(new URL(response.url()).pathname) && response.ok()) fontFiles.push(new URL(response.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const heading = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily);
  expect(heading.split(',')[0]?.replace(/["']/g, '').trim()).toBe('Noto Sans HK');
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans HK"', '登入後勤管理系統'))).toBe(true);
  const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Noto Sans HK' && f.status === 'loaded').length);
  expect(loaded).toBeGreaterThan(0);
  // Served from the app's own assets, as slices (unicode ranges), not one whole font.
  expect(fontFiles.length).toBeGreaterThan(0);
  expect(fontFiles.every((file) => file.startsWith('/assets/'))).toBe(true);
});

test('/test says the app is loaded, reaches the server and whether one is signed in; /reload opens the start page', async ({ page }) => {
  await page.goto('/test');
  const facts = page.locator('dl.facts');
  await expect(facts).toContainText('已載入');
  await expect(facts).toContainText('可連接');
  await expect(facts).toContainText('未登入');
  await page.goto('/reload');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcalendar$/);

  await submitSignIn(page, WORKER);
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto('/test');
  await expect(facts).toContainText('已登入');
  await page.goto('/reload');
  await expect(page).toHaveURL(/\/calendar$/);
});

test('the page itself, not only the API, carries the security headers', async ({ request }) => {
  for (const path of ['/login', '/clients']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  }
});

test('the normal app never fetches the in-page backend (PGlite is loaded only by the demo build)', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await signIn(page, SALES);
  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '客戶', exact: true }).click();
  await expect(page.getByRole('row', { name: /陳大文/ })).toBeVisible();
  expect(fetched.some((path) => path.startsWith('/api/'))).toBe(true);
  expect(fetched.filter((path) => /pglite|startInPageServer|\.wasm$/i.test(path))).toEqual([]);
});

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('installable: a manifest whose icons are what it says, a service worker, and the app opens again with no network', async ({ page, context, request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; type: string }[] };
  expect(manifest.name).toContain('後勤管理系統');
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const reply = await request.get(icon.src);
    expect(reply.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await reply.body()), icon.src).toBe(icon.sizes);
  }

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // Once more online, through the worker: it keeps the page and the scripts the page loads.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();

  await context.setOffline(true);
  try {
    const reply = await page.reload();
    expect(reply?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
  } finally {
    await context.setOffline(false);
  }
});
