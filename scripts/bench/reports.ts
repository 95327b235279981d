/**
 * Times every report endpoint (and the dashboard) against the real server — the built one, as
 * `npm start` runs it (`npm run bench:reports` builds first) — on the large data set.
 *
 *   npm run bench:reports                          # seeds a temporary PGlite folder, then measures
 *   npm run bench:reports -- --data-dir /tmp/big   # reuses (or seeds once) that folder
 *   npm run bench:reports -- --runs 10 --port 3420
 *   DATABASE_URL=postgres://localhost/backoffice_big npm run bench:reports   # as it is (seed it first)
 *
 * For each endpoint and range: one warm-up request, then --runs timed requests (the whole reply
 * read), printed as p50 / p99 / max in milliseconds. Nothing is asserted: the figures go in
 * docs/benchmarks.md. The seed's "today" is fixed (2026-11-23) so the ranges below always hold the same rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureLargeData, startServer } from './lib';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3410' },
    orders: { type: 'string', default: '100000' },
    items: { type: 'string', default: '300000' },
    clients: { type: 'string', default: '10000' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const temporary = !values['data-dir'];
const dataDir = values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'bench-reports-'));

await ensureLargeData(dataDir, ['--orders', values.orders, '--items', values.items, '--clients', values.clients]);

console.log(`[bench] starting the built server (as npm start runs it) on port ${port} with ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : dataDir}`);
const server = await startServer({ port, dataDir, env: { SEED: 'none' } });

const base = `http://127.0.0.1:${port}`;
const cookies = new Map<string, string>();
async function call(pathname: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  headers.set('Accept-Language', 'en');
  const response = await fetch(`${base}${pathname}`, { ...init, headers });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const [name = '', ...value] = pair.split('=');
    cookies.set(name.trim(), value.join('='));
  }
  return response;
}

try {
  await call('/api/csrf-cookie');
  const login = await call('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '') },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Admin1234' }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);

  const RANGES = {
    month: 'date_from=2026-10-01&date_to=2026-10-31',
    year: 'date_from=2025-11-24&date_to=2026-11-23',
    all: 'date_from=2023-11-01&date_to=2026-11-30',
  } as const;
  const ENDPOINTS: [name: string, path: string, ranges: (keyof typeof RANGES)[]][] = [
    ['orders', '/api/reports/orders/order?sort=-total', ['month', 'year', 'all']],
    ['order items', '/api/reports/orders/items', ['month', 'year', 'all']],
    ['order analysis (month)', '/api/reports/orders/order-analysis?group_by=month', ['month', 'year', 'all']],
    ['order analysis (client)', '/api/reports/orders/order-analysis?group_by=client', ['year', 'all']],
    ['receipts', '/api/reports/orders/receipt', ['month', 'year', 'all']],
    ['commission (total)', '/api/reports/orders/commission?basis=total', ['month', 'year', 'all']],
    ['commission (received)', '/api/reports/orders/commission?basis=received', ['month', 'year', 'all']],
    ['clients', '/api/reports/clients/client', ['month', 'year', 'all']],
    ['products', '/api/reports/products/product', ['month', 'year', 'all']],
    ['appointments', '/api/reports/appointments/appointment', ['month', 'year']],
    ['completed reports', '/api/reports/appointments/completed-report', ['month', 'year', 'all']],
    ['orders CSV export', '/api/reports/orders/order?format=csv', ['month']],
    ['orders Excel export', '/api/reports/orders/order?format=xlsx', ['month']],
  ];
  const targets: { name: string; range: string; path: string }[] = [
    ...ENDPOINTS.flatMap(([name, p, ranges]) => ranges.map((range) => ({ name, range, path: `${p}${p.includes('?') ? '&' : '?'}${RANGES[range]}` }))),
    { name: 'dashboard', range: 'today', path: '/api/dashboard/show' },
  ];
  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const lines: string[] = ['| report | range | rows | p50 ms | p99 ms | max ms |', '|---|---|---:|---:|---:|---:|'];
  for (const target of targets) {
    const first = await call(target.path);
    const body = await first.text();
    if (first.status !== 200) throw new Error(`${target.path}: ${first.status} ${body.slice(0, 200)}`);
    const rows = first.headers.get('content-type')?.includes('json') ? String((JSON.parse(body) as { count?: number }).count ?? '—') : '—';
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const reply = await call(target.path);
      await reply.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const line = `| ${target.name} | ${target.range} | ${rows} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 99).toFixed(0)} | ${times.at(-1)!.toFixed(0)} |`;
    console.log(line);
    lines.push(line);
  }
  console.log(`\n[bench] ${runs} runs each after one warm-up; Node ${process.version}, PGlite\n`);
  console.log(lines.join('\n'));
} finally {
  await server.stop();
  if (temporary) rmSync(dataDir, { recursive: true, force: true });
}
