/**
 * `npm run bench:staff`: many staff at once on one server (issue 20), against the built server
 * (dist/server/main.js, as `npm start` runs it; `npm run bench:staff` builds first) on the large
 * data set (`npm run seed:large`: 10,000 clients, 100,000 invoices, 300,000 lines, "today" fixed
 * at 2026-11-23). Prints Markdown tables; nothing is asserted. Each part starts its own server, so
 * one part's leftovers (memory, caches) do not colour the next, and every start is timed.
 *
 *   stall    goal 1: four 3-year Excel exports of the order items and two 3-year reports (the orders
 *            report with per_page=50000, the commission) run at once while other users send a list
 *            page, one invoice, a save (a client created, then deleted) and the heartbeat, one after
 *            another without pause; p50/p99/max per kind (the same kinds alone first, for
 *            comparison) and each heavy job's time.
 *   staff    goal 2: --staff simulated staff (each signed in with a session of its own) for
 *            --seconds: lists, searches, one invoice or client, calendar weeks and months, saves, the
 *            heartbeat and now and then a report, with think times of --think-ms (a random 50–150 %
 *            of it) between; p50/p99/max and the errors per kind.
 *   reports  goal 3: every report alone (all nine, the commission on both bases), its first page as
 *            the screen asks it, over the last year and the last three years: median and slowest
 *            of --runs after a warm-up. The appointment report takes at most 366 days (n/a beyond).
 *   export   goal 4: the order items over three years (300,000 lines in the data set; an export
 *            writes at most EXPORT_LIMIT rows, see server/reports/report.ts) as CSV and as Excel:
 *            time to the first byte, the whole time, the rows and bytes, and how much the server
 *            process's resident memory (VmRSS, sampled every 50 ms) rose above what it was before.
 *   start    goal 6: the server's start on the existing large folder (spawn to first heartbeat), over
 *            every server this run started, and its memory just after.
 *
 *   npm run bench:staff                                   # seeds a temporary PGlite folder first (~1–2 min)
 *   npm run bench:staff -- --data-dir /tmp/big            # reuses (or seeds once) that folder
 *   npm run bench:staff -- --only stall,reports --seconds 30 --staff 25 --runs 3 --port 3650
 *   npm run bench:staff -- --postgres                     # the same again on a throw-away PostgreSQL,
 *                                                         #   seeded alike, the two side by side
 *   DATABASE_URL=postgres://localhost/backoffice_big npm run bench:staff   # that database only, as it is
 *
 * Flags: --data-dir DIR, --port N (default 3650; the next port is used for PostgreSQL), --only
 * PARTS (comma-separated, default all), --seconds N (goal 2's length, default 60), --staff N
 * (default 25), --think-ms N (default 2000), --runs N (goal 3, default 3), --timeout N (seconds a
 * request may take, default 300), --postgres (PG_BIN picks the binaries, as test:postgres). With
 * the defaults the whole run takes about 5 minutes on PGlite on two cores (more on a busy machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prng } from '../../server/db/seedLarge';
import { findPostgres, startPostgres } from '../soak/postgres';
import { ensureLargeData, ms, percentile, seedLargeData, signIn, startServer, table, type RunningServer } from './lib';

/** The seed's fixed "today" and the ranges the parts ask for. */
const TODAY = '2026-11-23';
const YEAR = 'date_from=2025-11-24&date_to=2026-11-23';
const THREE_YEARS = 'date_from=2023-11-24&date_to=2026-11-23';
const MONTH = 'date_from=2026-10-01&date_to=2026-10-31';

export const PARTS = ['stall', 'staff', 'reports', 'export', 'start'] as const;
type Part = (typeof PARTS)[number];

export interface StaffBenchOptions {
  readonly parts: readonly Part[];
  readonly seconds: number;
  readonly staff: number;
  readonly thinkMs: number;
  readonly runs: number;
  readonly timeoutMs: number;
}

interface Session {
  readonly cookie: string;
  readonly xsrf: string;
}

/** One database's figures, each part's rows keyed by what they measure. */
interface Figures {
  readonly database: string;
  stallAlone: Map<string, Stats>;
  stallLoaded: Map<string, Stats>;
  heavy: Map<string, string>;
  staff: Map<string, Stats>;
  staffNote: string;
  reports: Map<string, string>;
  exports: Map<string, { ttfb: string; total: string; size: string; rss: string }>;
  starts: number[];
  rssAfterStart: number[];
  /** Requests retried once after the server reset their connection. */
  resets: number;
}

interface Stats {
  readonly count: number;
  readonly errors: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** Response times and errors per kind of request. */
class Recorder {
  private readonly times = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();
  readonly samples: string[] = [];

  add(kind: string, elapsed: number, failure: string | null): void {
    const list = this.times.get(kind) ?? [];
    list.push(elapsed);
    this.times.set(kind, list);
    if (failure) {
      this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
      if (this.samples.length < 5) this.samples.push(`${kind}: ${failure}`);
    }
  }

  stats(): Map<string, Stats> {
    const out = new Map<string, Stats>();
    for (const [kind, list] of this.times) out.set(kind, { count: list.length, errors: this.failures.get(kind) ?? 0, p50: percentile(list, 50), p99: percentile(list, 99), max: Math.max(...list) });
    return out;
  }
}

interface Timed {
  readonly status: number;
  readonly elapsed: number;
  readonly bytes: number;
  readonly body: string;
  readonly failure: string | null;
}

/** Connections the server closed under a request sent on them (its keep-alive timer firing late, after a stall). */
export const resets = { count: 0 };

/**
 * One request as a signed-in browser sends it, the whole reply read; never throws (a failure is in
 * `failure`). A connection reset before any reply is retried once, as a browser does on a reused
 * connection (counted in `resets`), the time taken including both tries.
 */
async function send(url: string, session: Session, method: string, pathname: string, timeoutMs: number, body?: unknown): Promise<Timed> {
  const started = performance.now();
  const first = await sendOnce(url, session, method, pathname, timeoutMs, body);
  if (!first.failure?.includes('ECONNRESET')) return first;
  resets.count++;
  const second = await sendOnce(url, session, method, pathname, timeoutMs, body);
  return { ...second, elapsed: performance.now() - started };
}

async function sendOnce(url: string, session: Session, method: string, pathname: string, timeoutMs: number, body?: unknown): Promise<Timed> {
  const started = performance.now();
  try {
    const reply = await fetch(`${url}${pathname}`, {
      method,
      headers: { Cookie: session.cookie, 'X-XSRF-TOKEN': session.xsrf, Accept: 'application/json', 'Accept-Language': 'en', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = Buffer.from(await reply.arrayBuffer());
    const elapsed = performance.now() - started;
    const text = reply.headers.get('content-type')?.includes('json') ? bytes.toString('utf8') : '';
    return { status: reply.status, elapsed, bytes: bytes.length, body: text, failure: reply.status >= 400 ? `${method} ${pathname} → ${reply.status} ${text.slice(0, 120)}` : null };
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, elapsed: performance.now() - started, bytes: 0, body: '', failure: `${method} ${pathname} → ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}` };
  }
}

/** Signs in `count` sessions one after another (each sign-in clears the per-address attempt count). */
async function sessions(url: string, count: number): Promise<Session[]> {
  const out: Session[] = [];
  for (let i = 0; i < count; i++) out.push(await signIn(url, 'admin@example.com', 'Admin1234'));
  return out;
}

const sleep = (milliseconds: number) => new Promise((r) => setTimeout(r, milliseconds));

/** A save as a user makes it: a client created (with a contact and an address), then deleted. */
async function saveClient(url: string, session: Session, record: Recorder, timeoutMs: number, label: string): Promise<void> {
  const created = await send(url, session, 'POST', '/api/clients', timeoutMs, {
    nameEn: 'Bench Client',
    nameZh: '測試客戶',
    contacts: [{ name: 'Bench Contact', phones: ['91234567'], isPrimary: true }],
    addresses: [{ address: '1 Nathan Road' }],
  });
  record.add(label, created.elapsed, created.failure);
  const id = created.failure ? null : (JSON.parse(created.body) as { client?: { id?: number } }).client?.id;
  if (!id) return;
  const removed = await send(url, session, 'DELETE', `/api/clients/${id}`, timeoutMs);
  record.add(label, removed.elapsed, removed.failure);
}

// ------------------------------------------------------------------ goal 1

const REPORTS = ['orders/order', 'orders/items', 'orders/order-analysis', 'orders/receipt', 'orders/commission', 'clients/client', 'products/product', 'appointments/appointment', 'appointments/completed-report'] as const;

async function stall(server: RunningServer, options: StaffBenchOptions, figures: Figures): Promise<void> {
  const url = server.url;
  const [list, invoice, save, heartbeat, ...heavyUsers] = await sessions(url, 4 + 6);
  const others: [string, (record: Recorder, label: string) => Promise<void>][] = [
    [
      'list page',
      async (record, label) => {
        const page = await send(url, list!, 'GET', Math.random() < 0.5 ? '/api/clients?page=50&per_page=20' : '/api/orders?page=20', options.timeoutMs);
        record.add(label, page.elapsed, page.failure);
      },
    ],
    [
      'one invoice',
      async (record, label) => {
        const one = await send(url, invoice!, 'GET', `/api/orders/${1 + Math.floor(Math.random() * 100_000)}`, options.timeoutMs);
        record.add(label, one.elapsed, one.failure);
      },
    ],
    ['save (client created, then deleted)', (record, label) => saveClient(url, save!, record, options.timeoutMs, label)],
    [
      'heartbeat',
      async (record, label) => {
        const beat = await send(url, heartbeat!, 'GET', '/api/heartbeat', options.timeoutMs);
        record.add(label, beat.elapsed, beat.failure);
      },
    ],
  ];
  // The other users' requests alone first (5 s, after one of each to warm up), then while the heavy work runs.
  const loop = async (record: Recorder, until: () => boolean) =>
    Promise.all(
      others.map(async ([label, step]) => {
        while (!until()) await step(record, label);
      }),
    );
  // One of each first (not counted): a fresh server's first queries are slower.
  for (const [label, step] of others) await step(new Recorder(), label);
  const alone = new Recorder();
  const aloneUntil = performance.now() + 5_000;
  await loop(alone, () => performance.now() >= aloneUntil);
  figures.stallAlone = alone.stats();

  const heavyJobs: [string, string][] = [
    ...[1, 2, 3, 4].map((n): [string, string] => [`Excel export ${n}: order items, 3 years`, `/api/reports/orders/items?${THREE_YEARS}&format=xlsx`]),
    ['orders report, 3 years, per_page=50000 (JSON)', `/api/reports/orders/order?${THREE_YEARS}&per_page=50000`],
    ['commission report, 3 years', `/api/reports/orders/commission?${THREE_YEARS}`],
  ];
  const loaded = new Recorder();
  let done = false;
  const background = loop(loaded, () => done);
  const heavyStarted = performance.now();
  const results = await Promise.all(heavyJobs.map(([, p], i) => send(url, heavyUsers[i]!, 'GET', p, options.timeoutMs)));
  figures.heavy = new Map(heavyJobs.map(([name], i) => [name, results[i]!.failure ?? `${ms(results[i]!.elapsed)} (${(results[i]!.bytes / 1e6).toFixed(1)} MB)`]));
  figures.heavy.set('all six, from the first start to the last end', ms(performance.now() - heavyStarted));
  done = true;
  await background;
  figures.stallLoaded = loaded.stats();
  if (loaded.samples.length > 0) console.log(`[bench] goal 1 errors, e.g. ${loaded.samples.join('; ')}`);
}

// ------------------------------------------------------------------ goal 2

const SEARCHES = ['陳', 'wong', 'Lee Ka', '美玲', 'bakery', '黃氏', 'cheung 12', 'INV'];

async function staffMix(server: RunningServer, options: StaffBenchOptions, figures: Figures): Promise<void> {
  const url = server.url;
  const people = await sessions(url, options.staff);
  const record = new Recorder();
  const random = prng(20_261_126);
  const until = performance.now() + options.seconds * 1_000;
  const get = async (kind: string, session: Session, pathname: string) => {
    const reply = await send(url, session, 'GET', pathname, options.timeoutMs);
    record.add(kind, reply.elapsed, reply.failure);
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const day = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  // [weight, what one person does]: mostly lists and reads, a save now and then, a report rarely.
  const actions: [number, (session: Session) => Promise<void>][] = [
    [14, (s) => get('list', s, `/api/clients?page=${1 + Math.floor(random() * 400)}&per_page=20`)],
    [14, (s) => get('list', s, pick([`/api/orders?page=${1 + Math.floor(random() * 200)}`, '/api/orders?status=reminder_outstanding', '/api/receipts', '/api/products']))],
    [10, (s) => get('search', s, `/api/clients?q=${encodeURIComponent(pick(SEARCHES))}`)],
    [5, (s) => get('search', s, `/api/orders?q=${encodeURIComponent(pick(SEARCHES))}`)],
    [12, (s) => get('read', s, `/api/orders/${1 + Math.floor(random() * 100_000)}`)],
    [8, (s) => get('read', s, `/api/clients/${1 + Math.floor(random() * 10_000)}`)],
    [8, (s) => get('calendar', s, `/api/appointments?start=${day(-Math.floor(random() * 7))}&end=${day(7)}`)],
    [6, (s) => get('calendar', s, `/api/appointments?start=${day(-22)}&end=${day(20)}`)],
    [10, (s) => saveClient(url, s, record, options.timeoutMs, 'save')],
    [8, (s) => get('heartbeat', s, '/api/heartbeat')],
    [3, (s) => get('report', s, `/api/reports/${pick(REPORTS)}?${random() < 0.8 ? MONTH : YEAR}`)],
  ];
  const weight = actions.reduce((sum, [w]) => sum + w, 0);
  const choose = () => {
    let roll = random() * weight;
    for (const [w, action] of actions) if ((roll -= w) < 0) return action;
    return actions[0]![1];
  };
  await Promise.all(
    people.map(async (session, i) => {
      await sleep((i * options.thinkMs) / people.length);
      while (performance.now() < until) {
        await choose()(session);
        await sleep(options.thinkMs * (0.5 + random()));
      }
    }),
  );
  figures.staff = record.stats();
  figures.staffNote = record.samples.length > 0 ? `errors, e.g. ${record.samples.join('; ')}` : '';
  if (record.samples.length > 0) console.log(`[bench] goal 2 ${figures.staffNote}`);
}

// ------------------------------------------------------------------ goal 3

const REPORT_PAGES: [name: string, path: string][] = [
  ['orders', '/api/reports/orders/order'],
  ['order items', '/api/reports/orders/items'],
  ['order analysis (by month)', '/api/reports/orders/order-analysis'],
  ['receipts', '/api/reports/orders/receipt'],
  ['commission (total)', '/api/reports/orders/commission?basis=total'],
  ['commission (received)', '/api/reports/orders/commission?basis=received'],
  ['clients', '/api/reports/clients/client'],
  ['products', '/api/reports/products/product'],
  ['appointments', '/api/reports/appointments/appointment'],
  ['completed reports', '/api/reports/appointments/completed-report'],
];

async function reportsAlone(server: RunningServer, options: StaffBenchOptions, figures: Figures): Promise<void> {
  const [session] = await sessions(server.url, 1);
  for (const [name, base] of REPORT_PAGES) {
    for (const [range, query] of [
      ['1 year', YEAR],
      ['3 years', THREE_YEARS],
    ] as const) {
      const key = `${name} | ${range}`;
      if (name === 'appointments' && range === '3 years') {
        figures.reports.set(key, 'n/a (366 days at most)');
        continue;
      }
      const pathname = `${base}${base.includes('?') ? '&' : '?'}${query}`;
      const warm = await send(server.url, session!, 'GET', pathname, options.timeoutMs);
      if (warm.failure) {
        figures.reports.set(key, warm.failure);
        continue;
      }
      const times: number[] = [];
      const cpuBefore = server.cpuMs();
      for (let i = 0; i < options.runs; i++) times.push((await send(server.url, session!, 'GET', pathname, options.timeoutMs)).elapsed);
      const cpu = (server.cpuMs() - cpuBefore) / options.runs;
      figures.reports.set(key, `${ms(percentile(times, 50))} / ${ms(Math.max(...times))} (CPU ${ms(cpu)})`);
    }
  }
}

// ------------------------------------------------------------------ goal 4

async function exports(server: RunningServer, options: StaffBenchOptions, figures: Figures): Promise<void> {
  const [session] = await sessions(server.url, 1);
  for (const format of ['csv', 'xlsx'] as const) {
    // Let the memory settle after the previous export, then take the resting figure.
    await sleep(2_000);
    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    let lines = 0;
    let last = 10;
    let failure: string | null = null;
    try {
      const reply = await fetch(`${server.url}/api/reports/orders/items?${THREE_YEARS}&format=${format}`, { headers: { Cookie: session!.cookie, 'X-XSRF-TOKEN': session!.xsrf, 'Accept-Language': 'en' }, signal: AbortSignal.timeout(options.timeoutMs) });
      if (!reply.ok || !reply.body) failure = `${reply.status}`;
      else
        for await (const chunk of reply.body) {
          if (bytes === 0) firstByte = performance.now() - started;
          bytes += chunk.byteLength;
          if (format === 'csv') for (const byte of chunk) if (byte === 10) lines++;
          last = chunk.at(-1) ?? last;
        }
    } catch (error) {
      failure = (error as Error).message;
    } finally {
      clearInterval(sampler);
    }
    const total = performance.now() - started;
    peak = Math.max(peak, server.rssMb());
    const name = format === 'csv' ? 'order items, 3 years, CSV' : 'order items, 3 years, Excel';
    figures.exports.set(
      name,
      failure
        ? { ttfb: failure, total: '—', size: '—', rss: '—' }
        : {
            ttfb: ms(firstByte),
            total: ms(total),
            // CSV: its lines less the header and the totals row.
            size: `${(bytes / 1e6).toFixed(1)} MB${format === 'csv' ? `, ${Math.max(0, lines + (last === 10 ? 0 : 1) - 2).toLocaleString('en')} rows` : ''}`,
            rss: `+${Math.round(peak - before)} MB (${Math.round(before)} → ${Math.round(peak)} MB)`,
          },
    );
  }
}

// ------------------------------------------------------------------ running and printing

/** Runs the asked parts on one database (a server started per part) and gives its figures. */
async function measure(database: string, dataDir: string | undefined, env: Record<string, string>, port: number, options: StaffBenchOptions): Promise<Figures> {
  const figures: Figures = { database, stallAlone: new Map(), stallLoaded: new Map(), heavy: new Map(), staff: new Map(), staffNote: '', reports: new Map(), exports: new Map(), starts: [], rssAfterStart: [], resets: 0 };
  const resetsBefore = resets.count;
  const parts: [Part, (server: RunningServer, options: StaffBenchOptions, figures: Figures) => Promise<void>][] = [
    ['start', () => Promise.resolve()],
    ['stall', stall],
    ['staff', staffMix],
    ['reports', reportsAlone],
    ['export', exports],
  ];
  for (const [part, run] of parts) {
    if (!options.parts.includes(part)) continue;
    console.log(`[bench] ${database}: ${part} …`);
    // The start part starts (and stops) the server three times; every other part once.
    for (let i = 0; i < (part === 'start' ? 3 : 1); i++) {
      const server = await startServer({ port, ...(dataDir ? { dataDir } : {}), env: { SEED: 'none', ...env } });
      try {
        figures.starts.push(server.startMs);
        figures.rssAfterStart.push(server.rssMb());
        await run(server, options, figures);
      } finally {
        await server.stop();
      }
    }
  }
  figures.resets = resets.count - resetsBefore;
  return figures;
}

/** Rows of one measure across the databases, side by side. */
function sideBySide(all: readonly Figures[], keys: readonly string[], cells: (f: Figures, key: string) => readonly string[], width: number): string[][] {
  return keys.map((key) => [key, ...all.flatMap((f) => {
    const row = cells(f, key);
    return row.length > 0 ? row : Array<string>(width).fill('—');
  })]);
}

const statCells = (stats: Map<string, Stats>, key: string): string[] => {
  const s = stats.get(key);
  return s ? [ms(s.p50), ms(s.p99), ms(s.max), `${s.count}`, `${s.errors}`] : [];
};
const statHeaders = (all: readonly Figures[]) => all.flatMap((f) => [`p50 ${f.database}`, `p99 ${f.database}`, `max ${f.database}`, `n ${f.database}`, `errors ${f.database}`]);
const keysOf = (all: readonly Figures[], pick: (f: Figures) => Map<string, unknown>) => [...new Set(all.flatMap((f) => [...pick(f).keys()]))];

export function render(all: readonly Figures[], options: StaffBenchOptions): string {
  const out: string[] = [];
  if (options.parts.includes('stall')) {
    out.push('### Goal 1: heavy work does not stall the others\n');
    out.push('Other users\' requests, each kind sent by its own user one after another, alone (5 s, after one of each to warm up):\n');
    out.push(table(['request', ...statHeaders(all)], sideBySide(all, keysOf(all, (f) => f.stallAlone), (f, k) => statCells(f.stallAlone, k), 5)));
    out.push('\n…and while four 3-year Excel exports and two 3-year reports run at once (goal: p99 ≤ 300 ms):\n');
    out.push(table(['request', ...statHeaders(all)], sideBySide(all, keysOf(all, (f) => f.stallLoaded), (f, k) => statCells(f.stallLoaded, k), 5)));
    out.push('\nThe heavy jobs (each its own user; whole reply read):\n');
    out.push(table(['job', ...all.map((f) => f.database)], sideBySide(all, keysOf(all, (f) => f.heavy), (f, k) => (f.heavy.has(k) ? [f.heavy.get(k)!] : []), 1)));
  }
  if (options.parts.includes('staff')) {
    out.push(`\n### Goal 2: ${options.staff} staff at once for ${options.seconds} s\n`);
    out.push(`Each with its own session, ${options.thinkMs} ms think time (50–150 %) between actions; a save is a client created or deleted, a report is a month (now and then a year) of one of the nine (goal: p99 ≤ 150 ms for lists, reads and saves; 0 errors):\n`);
    out.push(table(['kind', ...statHeaders(all)], sideBySide(all, ['list', 'search', 'read', 'calendar', 'save', 'heartbeat', 'report'], (f, k) => statCells(f.staff, k), 5)));
    for (const f of all) if (f.staffNote) out.push(`\n${f.database}: ${f.staffNote}`);
  }
  if (options.parts.includes('reports')) {
    out.push('\n### Goal 3: every report alone\n');
    out.push(
      `First page (JSON, 50 rows) as the screen asks it; median / slowest of ${options.runs} after a warm-up, and in brackets the server process's CPU time per request (user + system, the PostgreSQL server's own not included), which other work on the machine sways much less (goal: ≤ 500 ms for a year, ≤ 1 s for three years):\n`,
    );
    out.push(
      table(
        ['report', 'range', ...all.map((f) => f.database)],
        keysOf(all, (f) => f.reports).map((key) => [...key.split(' | '), ...all.map((f) => f.reports.get(key) ?? '—')]),
      ),
    );
  }
  if (options.parts.includes('export')) {
    out.push('\n### Goal 4: a large export\n');
    out.push('The order items of three years (goal: first bytes in under 2 s, the server\'s memory up by at most 200 MB):\n');
    out.push(table(['export', ...all.flatMap((f) => [`first byte ${f.database}`, `total ${f.database}`, `size ${f.database}`, `server RSS ${f.database}`])], sideBySide(all, keysOf(all, (f) => f.exports), (f, k) => {
      const e = f.exports.get(k);
      return e ? [e.ttfb, e.total, e.size, e.rss] : [];
    }, 4)));
  }
  out.push(`\nConnections the server reset under a request (its keep-alive timer firing late after a stall), each request retried once as a browser does: ${all.map((f) => `${f.database} ${f.resets}`).join(', ')}.`);
  out.push('\n### Goal 6: start on the existing large folder\n');
  out.push(
    table(
      ['server', ...all.map((f) => f.database)],
      [
        ['start, spawn to first heartbeat: median', ...all.map((f) => ms(percentile(f.starts, 50)))],
        ['start: slowest', ...all.map((f) => ms(Math.max(...f.starts)))],
        ['starts measured', ...all.map((f) => String(f.starts.length))],
        ['memory just after start (RSS, median)', ...all.map((f) => `${Math.round(percentile(f.rssAfterStart, 50))} MB`)],
      ],
    ),
  );
  return out.join('\n');
}

/**
 * The whole staff benchmark on the large data set in `dataDir` (PGlite, or the database of
 * DATABASE_URL as it is), and with `postgres` the same on a throw-away PostgreSQL seeded alike.
 */
export async function benchStaff(dataDir: string, options: StaffBenchOptions & { port: number; postgres: boolean }): Promise<string> {
  const all: Figures[] = [];
  await ensureLargeData(dataDir);
  all.push(await measure(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', dataDir, {}, options.port, options));
  if (options.postgres && !process.env.DATABASE_URL) {
    const bin = findPostgres();
    if (!bin) console.log('[bench] --postgres: PostgreSQL is not installed here (no /usr/lib/postgresql/*/bin, no PG_BIN): PGlite only.');
    else {
      const cluster = startPostgres(bin, options.port + 1);
      const keyDir = mkdtempSync(path.join(tmpdir(), 'bench-staff-key-'));
      try {
        const env = { DATABASE_URL: cluster.url, APP_KEY_FILE: path.join(keyDir, 'app.key') };
        const seeded = performance.now();
        await seedLargeData(env);
        console.log(`[bench] ${cluster.version} seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
        all.push(await measure('PostgreSQL', undefined, env, options.port + 2, options));
      } finally {
        cluster.stop();
        rmSync(keyDir, { recursive: true, force: true });
      }
    }
  }
  return render(all, options);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string', default: '3650' },
      only: { type: 'string', default: PARTS.join(',') },
      seconds: { type: 'string', default: '60' },
      staff: { type: 'string', default: '25' },
      'think-ms': { type: 'string', default: '2000' },
      runs: { type: 'string', default: '3' },
      timeout: { type: 'string', default: '300' },
      postgres: { type: 'boolean', default: false },
    },
  });
  const parts = values.only.split(',').map((p) => p.trim()) as Part[];
  const unknown = parts.filter((p) => !PARTS.includes(p));
  if (unknown.length > 0) throw new Error(`--only: unknown part(s) ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
  const dataDir = values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'bench-staff-'));
  const started = performance.now();
  try {
    console.log(
      await benchStaff(dataDir, {
        parts,
        seconds: Number(values.seconds),
        staff: Number(values.staff),
        thinkMs: Number(values['think-ms']),
        runs: Number(values.runs),
        timeoutMs: Number(values.timeout) * 1_000,
        port: Number(values.port),
        postgres: values.postgres,
      }),
    );
    console.log(`\n(npm run bench:staff, ${new Date().toISOString().slice(0, 16)} UTC, ${((performance.now() - started) / 60_000).toFixed(1)} min)`);
  } finally {
    if (!values['data-dir']) for (const made of [dataDir, `${dataDir}.key`]) rmSync(made, { recursive: true, force: true });
  }
}
