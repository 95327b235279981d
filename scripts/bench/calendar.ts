/**
 * Calendar benchmark (npm run bench:calendar): a month with 1,000 visits across 20 workers.
 *
 * 1. builds the front end and the server for production (skip with BENCH_SKIP_BUILD=1);
 * 2. starts the built server (dist/server/main.js, as npm start) on a brand-new temporary database (demo seed);
 * 3. through the API, adds 20 workers with their calendar colours and, for each, 10 weekly series
 *    (on the month's first five days, two time slots, 4 visits each, so the last falls on the 26th at
 *    the latest, inside every month) and 10 single visits in the current month: 1,000
 *    visits, the server expanding 400 series for the range;
 * 4. in Debian's Chromium (Playwright), measures the month view's first render (from the home page,
 *    by the menu link, until the visits are drawn) and next/previous between that month and the
 *    next, several times, and prints a table.
 *
 * Timings are reported, never asserted: they depend on the machine (docs/benchmarks.md has the figures).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, request, type Page } from '@playwright/test';
import { SERVER_ENTRY } from './lib';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BENCH_PORT ?? 3220);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WORKERS = 20;

const hk = (d = new Date()) => new Date(d.getTime() + 8 * 3600_000);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/heartbeat`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

/** 20 workers and 1,000 visits in the current month, through the API as the demo administrator. */
async function seed(): Promise<{ month: string; visits: number }> {
  const api = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { 'Accept-Language': 'en' } });
  await api.get('/api/csrf-cookie');
  const xsrf = async () => decodeURIComponent((await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const post = async (url: string, data: unknown) => {
    const reply = await api.post(url, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } });
    if (!reply.ok()) throw new Error(`${url}: ${reply.status()} ${await reply.text()}`);
    return (await reply.json()) as Record<string, unknown>;
  };
  await post('/api/login', { email: 'admin@example.com', password: 'Admin1234' });
  const today = hk();
  const first = iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)));
  const workerIds: number[] = [];
  for (let w = 0; w < WORKERS; w++) {
    const hue = Math.round((360 / WORKERS) * w);
    const color = `#${[0, 8, 4].map((n) => Math.round(60 + 60 * Math.cos(((hue + n * 30) * Math.PI) / 180)).toString(16).padStart(2, '0')).join('')}`;
    const created = await post('/api/users', {
      name: `Bench Worker ${String(w + 1).padStart(2, '0')}`,
      email: `bench${w + 1}@example.com`,
      language: 'zh-HK',
      roleId: null,
      branchId: 1,
      isAdmin: false,
      active: true,
      calendarColor: color,
      commissionRateBp: null,
      password: 'Bench1234',
      password_confirmation: 'Bench1234',
    });
    workerIds.push((created.user as { id: number }).id);
  }
  let visits = 0;
  for (const [w, workerId] of workerIds.entries()) {
    const base = { clientId: (w % 3) + 1, address: 'Bench address', areaId: (w % 18) + 1, workerIds: [workerId], notes: '' };
    for (let day = 0; day < 5; day++) {
      for (const [slot, start] of [['09:00', '10:00'], ['14:00', '15:00']].entries()) {
        await post('/api/appointments', { ...base, date: addDays(first, day), startTime: start[0], endTime: start[1], recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 4 }, notes: `slot ${slot}` });
        visits += 4;
      }
    }
    for (let s = 0; s < 10; s++) {
      const date = addDays(first, (s * 3 + w) % 27);
      await post('/api/appointments', { ...base, date, startTime: '17:00', endTime: '18:00', recurrence: { freq: 'once' } });
      visits += 1;
    }
  }
  const check = await api.get(`/api/appointments?start=${first}&end=${iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)))}`);
  const inMonth = ((await check.json()) as { events: { workerIds: number[] }[] }).events.filter((e) => workerIds.includes(e.workerIds[0] ?? -1)).length;
  await api.dispose();
  if (inMonth !== visits) throw new Error(`expected ${visits} visits in the month, the server gives ${inMonth}`);
  return { month: first.slice(0, 7), visits };
}

/** Milliseconds from an action until the calendar has fetched and drawn the month (two frames after). */
async function timed(page: Page, action: () => Promise<void>, previousTitle: string | null): Promise<{ ms: number; title: string }> {
  await page.evaluate(() => {
    (window as unknown as { benchStart: number }).benchStart = performance.now();
  });
  await action();
  await page
    .waitForFunction(
    (before) => {
      const frame = document.querySelector('.calendar-screen');
      const title = frame?.querySelector('h2, [role="heading"]')?.textContent ?? '';
      return frame?.getAttribute('aria-busy') === 'false' && title !== '' && title !== before && frame.querySelector('a[href*="/calendar/appointment/"]') !== null;
    },
    previousTitle,
    { polling: 'raf', timeout: 30_000 },
  )
    .catch(async (error: unknown) => {
      const frame = await page.evaluate(() => {
        const f = document.querySelector('.calendar-screen');
        return { url: location.href, busy: f?.getAttribute('aria-busy'), title: f?.querySelector('[role="heading"]')?.textContent, links: f?.querySelectorAll('a[href*="/calendar/appointment/"]').length };
      });
      throw new Error(`the calendar did not finish drawing: ${JSON.stringify(frame)}`, { cause: error });
    });
  const ms = await page.evaluate(
    () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - (window as unknown as { benchStart: number }).benchStart)))),
  );
  const title = (await page.locator('.calendar-screen').getByRole('heading').first().textContent()) ?? '';
  return { ms, title };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('building the front end and the server (production)…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-calendar-'));
  const server = spawn(process.execPath, SERVER_ENTRY, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'db'), FILES_DIR: path.join(dataDir, 'files') },
    stdio: 'ignore',
  });
  try {
    await waitForServer();
    console.log('seeding 20 workers and 1,000 visits…');
    const seeded = await seed();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${BASE}/login`);
    await page.getByLabel('電郵地址').fill('admin@example.com');
    await page.getByLabel('密碼').fill('Admin1234');
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL(/\/calendar$/);
    const first: number[] = [];
    const next: number[] = [];
    const previous: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '客戶', exact: true }).click();
      await page.waitForURL(/\/clients$/);
      await page.getByRole('table').waitFor();
      // The calendar opens on the month it last showed: go back to the 1,000-visit month first.
      const open = await timed(page, () => page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '日曆', exact: true }).click(), null);
      first.push(open.ms);
      const forward = await timed(page, () => page.locator('.calendar-screen').getByRole('button', { name: '下個月' }).click(), open.title);
      next.push(forward.ms);
      const back = await timed(page, () => page.locator('.calendar-screen').getByRole('button', { name: '上個月' }).click(), forward.title);
      previous.push(back.ms);
    }
    const drawn = await page.locator('.calendar-screen a[href*="/calendar/appointment/"]').count();
    await browser.close();
    const row = (label: string, xs: number[]) => `| ${label.padEnd(48)} | ${median(xs).toFixed(0).padStart(6)} | ${Math.max(...xs).toFixed(0).padStart(6)} |`;
    console.log(`\nCalendar benchmark: ${seeded.visits} visits across ${WORKERS} workers in ${seeded.month}; ${ROUNDS} rounds; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'})`);
    console.log(`(month view shows at most 4 visits a day and a "+N more" link; ${drawn} visit links drawn)\n`);
    console.log(`| ${'step'.padEnd(48)} | median | max    |`);
    console.log(`| ${'-'.repeat(48)} | ------:| ------:|`);
    console.log(row('open the calendar on the 1,000-visit month (ms)', first));
    console.log(row('next month (ms)', next));
    console.log(row('previous: back to the 1,000-visit month (ms)', previous));
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
