/**
 * `npm run bench`: everything a user feels, measured on the production build served by the real
 * server, printed as Markdown tables for docs/benchmarks.md. Run `npm run build` first (npm run bench does).
 *
 *   1. JS and CSS per route (the build manifest; the budgets npm test checks)
 *   2. server start on an existing data folder, and memory at rest
 *   3. Lighthouse desktop and mobile on /login and /dashboard; interaction latency; Lighthouse mobile
 *      on the worker's My day and visit (scripts/bench/field.ts)
 *   4. the calendar: a month with 1,000 visits across 20 workers (scripts/bench/calendar.ts)
 *   5. the reports on 100,000 invoices (scripts/bench/reports.ts) and the API under autocannon
 *   6. many staff at once (scripts/bench/staff.ts, issue 20): heavy work beside light requests, 25
 *      simulated staff, every report alone, a large export, the start on the large folder
 *
 * Timings are reported, never asserted. Takes about fifteen minutes on two cores. BENCH_POSTGRES=1
 * runs the staff part on a throw-away PostgreSQL too (its --postgres), side by side.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { benchApi } from './api';
import { benchField } from './field';
import { benchPages } from './pages';
import { benchServer } from './server';
import { benchStaff, PARTS } from './staff';
import { ensureLargeData, ROOT, startServer } from './lib';

function run(script: string, args: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, BENCH_SKIP_BUILD: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (code === 0 || script.endsWith('bundle.ts') ? resolve(out) : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** The Markdown tables of a script's output (its log lines left out). */
const tables = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('|') || line.startsWith('[budget]'))
    .join('\n');

console.log(`# Benchmarks — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}\n`);

console.log('## Size per route (gzip)\n');
const sizes = await run('scripts/bench/bundle.ts', ['--table']);
console.log(tables(sizes), '\n');

console.log('## Server\n');
console.log(await benchServer(), '\n');

console.log('## Pages\n');
const pagesDir = mkdtempSync(path.join(tmpdir(), 'bench-pages-'));
const pagesServer = await startServer({ port: 3620, dataDir: pagesDir });
try {
  console.log(await benchPages(pagesServer.url), '\n');
  console.log('### The worker\'s phone pages\n');
  console.log(await benchField(pagesServer.url), '\n');
} finally {
  await pagesServer.stop();
  rmSync(pagesDir, { recursive: true, force: true });
}

console.log('## Calendar\n');
console.log(tables(await run('scripts/bench/calendar.ts')), '\n');

const largeDir = mkdtempSync(path.join(tmpdir(), 'bench-large-'));
try {
  const seeded = performance.now();
  await ensureLargeData(largeDir);
  console.log(`## Reports (100,000 invoices, 300,000 lines; seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s)\n`);
  console.log(tables(await run('scripts/bench/reports.ts', ['--data-dir', largeDir])), '\n');
  console.log('## API under load\n');
  console.log(await benchApi(largeDir, { seconds: 10, connections: [1, 10], port: 3640 }));
  console.log('\n## Many staff at once\n');
  console.log(await benchStaff(largeDir, { parts: PARTS, seconds: 60, staff: 25, thinkMs: 2_000, runs: 3, timeoutMs: 300_000, port: 3650, postgres: process.env.BENCH_POSTGRES === '1' }));
} finally {
  rmSync(largeDir, { recursive: true, force: true });
}
