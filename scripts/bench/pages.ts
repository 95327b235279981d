/**
 * What a person feels in the browser, on the production build served by the real server:
 * Lighthouse (desktop and mobile) on /login and /dashboard, and the latency of interactions as the
 * Event Timing API reports them (the basis of INP): open an invoice, add a line item, move the
 * calendar a week, switch the language. Prints tables; asserts nothing.
 *
 *   npm run build && node --import tsx scripts/bench/pages.ts [--data-dir DIR]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, percentile, startServer, table } from './lib';

const DEBUG_PORT = 9333;

async function signInPage(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('電郵地址').fill('admin@example.com');
  await page.getByLabel('密碼').fill('Admin1234');
  await page.getByRole('button', { name: '登入' }).click();
  await page.waitForURL(/\/calendar/);
}

/** The longest event duration (Event Timing) while `act` runs and the page settles. */
async function interaction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __events: number[]; __observer?: PerformanceObserver };
    w.__events = [];
    w.__observer?.disconnect();
    w.__observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__events.push(entry.duration);
    });
    w.__observer.observe({ type: 'event', buffered: false, durationThreshold: 16 } as PerformanceObserverInit);
  });
  await act();
  await page.waitForTimeout(400);
  return page.evaluate(() => Math.max(0, ...(window as unknown as { __events: number[] }).__events));
}

export async function benchPages(url: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const rows: (string | number)[][] = [];
  const audit = async (target: string, mode: 'desktop' | 'mobile') => {
    const result = await lighthouse(
      `${url}${target}`,
      { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      mode === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${target}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    rows.push([
      target,
      mode,
      Math.round((lhr.categories.performance?.score ?? 0) * 100),
      `${Math.round(metric('largest-contentful-paint'))} ms`,
      `${Math.round(metric('total-blocking-time'))} ms`,
      metric('cumulative-layout-shift').toFixed(3),
    ]);
  };
  await audit('/login', 'desktop');
  await audit('/login', 'mobile');
  await signInPage(page, url);
  await audit('/dashboard', 'desktop');
  await audit('/dashboard', 'mobile');
  const lighthouseTable = table(['page', 'form factor', 'score', 'LCP', 'TBT', 'CLS'], rows);

  // Interactions, each five times; the median and the worst. Every one is a trusted input (a click or
  // a key press), so the Event Timing API reports it as it would for a person.
  const runs: Record<string, number[]> = { 'open an invoice': [], 'add a line item': [], 'next calendar week': [], 'next calendar month': [], 'switch language': [] };
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}/orders/order`);
    const link = page.getByRole('link', { name: /^INV-/ }).first();
    await link.waitFor();
    runs['open an invoice']!.push(await interaction(page, () => link.click()));
    await page.getByRole('button', { name: /^(新增項目|Add a line)$/ }).waitFor();
    runs['add a line item']!.push(await interaction(page, () => page.getByRole('button', { name: /^(新增項目|Add a line)$/ }).click()));
    await page.goto(`${url}/calendar`);
    // FullCalendar 7 draws its view switcher as tabs; the month view opens first.
    const next = page.getByRole('button', { name: /^(下個月|下星期|Next month|Next week)$/i }).first();
    await next.waitFor();
    runs['next calendar month']!.push(await interaction(page, () => next.click()));
    await page.getByRole('tab', { name: /^(星期|week)$/i }).click();
    await page.waitForTimeout(300);
    runs['next calendar week']!.push(await interaction(page, () => next.click()));
    // The language select moved by the keyboard (an arrow key on the closed select changes it at once).
    const select = page.getByLabel(i % 2 === 0 ? '語言' : 'Language');
    runs['switch language']!.push(
      await interaction(page, async () => {
        await select.focus();
        await page.keyboard.press(i % 2 === 0 ? 'ArrowDown' : 'ArrowUp');
      }),
    );
    await page.waitForTimeout(300);
  }
  // Leave the demo admin in Chinese.
  if ((await page.locator('html').getAttribute('lang')) === 'en') await page.getByLabel('Language').selectOption('zh-HK');
  await browser.close();
  const interactionTable = table(
    ['interaction (Event Timing, 1× CPU)', 'median', 'worst'],
    Object.entries(runs).map(([name, values]) => [name, `${Math.round(percentile(values, 50))} ms`, `${Math.round(Math.max(...values))} ms`]),
  );
  return `${lighthouseTable}\n\n${interactionTable}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv.indexOf('--data-dir');
  const dataDir = given > 0 ? process.argv[given + 1]! : mkdtempSync(path.join(tmpdir(), 'bench-pages-'));
  const server = await startServer({ port: 3620, dataDir });
  try {
    console.log(await benchPages(server.url));
  } finally {
    await server.stop();
    if (given < 0) rmSync(dataDir, { recursive: true, force: true });
  }
}
