/**
 * `npm run bench:field`: Lighthouse on the worker's phone pages (issue 22), as the demo worker on
 * the production build served by the real server: My day (/calendar at a phone's width) and the
 * first visit it lists, in Lighthouse's mobile setting (a mid-range phone, slow 4G, 4× CPU
 * slowdown), with the performance, accessibility and best-practices categories. Prints a table;
 * asserts nothing. Also part of `npm run bench`.
 *
 *   npm run build && node --import tsx scripts/bench/field.ts [--runs N]
 *
 * Lighthouse drives the browser's default context, so the worker signs in there (a persistent
 * context) and Lighthouse keeps the session (disableStorageReset).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, percentile, startServer, table } from './lib';

const DEBUG_PORT = 9334;

export async function benchField(url: string, runs = 3): Promise<string> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-field-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${url}/login`);
    await page.getByLabel('電郵地址').fill('worker@example.com');
    await page.getByLabel('密碼').fill('Worker1234');
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL(/\/calendar/);
    // My day lists the worker's visits; the first one is the visit page measured.
    const first = page.locator('main a[href*="/calendar/appointment/"]').first();
    await first.waitFor();
    const visit = new URL((await first.getAttribute('href'))!, url).pathname + new URL((await first.getAttribute('href'))!, url).search;

    const rows: (string | number)[][] = [];
    for (const [name, target] of [
      ['My day', '/calendar'],
      ['the visit', visit],
    ] as const) {
      const scores: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      let failed = 0;
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${url}${target}`, {
          port: DEBUG_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: true,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${target}`);
        if (new URL(lhr.finalDisplayedUrl).pathname === '/login') throw new Error(`${target} sent Lighthouse to /login: the session was not kept`);
        if (lhr.runtimeError) {
          console.error(`[bench:field] ${name}, run ${i + 1}: Lighthouse could not measure it (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
          failed++;
          continue;
        }
        for (const category of Object.keys(scores)) scores[category]!.push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      }
      const median = (values: number[]) => percentile(values, 50);
      rows.push([
        name,
        `${median(scores.performance!)} (${Math.min(...scores.performance!)}–${Math.max(...scores.performance!)})`,
        median(scores.accessibility!),
        median(scores['best-practices']!),
        `${Math.round(median(lcp))} ms`,
        `${Math.round(median(tbt))} ms`,
        median(cls).toFixed(3),
        failed,
      ]);
    }
    return table([`page (mobile, median of ${runs})`, 'performance (min–max)', 'accessibility', 'best practices', 'LCP', 'TBT', 'CLS', 'runs not measured'], rows);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv.indexOf('--runs');
  const runs = given > 0 ? Number(process.argv[given + 1]) : 3;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-field-'));
  const server = await startServer({ port: 3621, dataDir });
  try {
    console.log(await benchField(server.url, runs));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
