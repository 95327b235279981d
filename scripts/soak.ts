/**
 * npm run soak: the longer reliability run, reported (docs/reliability.md keeps the figures).
 *
 *   npm run soak                                     # everything, defaults below
 *   npm run soak -- --connections 50 --duration 60 --port 3390 --kills 3
 *   npm run soak -- --skip-postgres --skip-crash     # only the load on PGlite
 *
 * The server is the built one, as `npm start` runs it: dist/server/main.js (scripts/bench/lib.ts).
 * When that file is missing the soak builds it first (`vite build --ssr`, the server
 * half of `npm run build`; no front end is needed). An existing build is used as it is: after
 * changing server/ or domain/, run `npm run build` first (the soak warns when the build is older).
 *
 * 1. Load: the real server on a new temporary PGlite
 *    folder; autocannon sends a mix of reads and writes (a third are writes: clients with a contact
 *    and an address, numbered quotations with lines, receipts on one order) from --connections
 *    connections for --duration seconds on 127.0.0.1. Then the server is stopped and every write it
 *    acknowledged (2xx) is looked for in the database, with its audit line. Pass: no errors, no
 *    timeouts, no non-2xx reply, no write lost, no write unaudited.
 * 2. Crash: writes only (the same clients, quotations and receipts), and the server is killed
 *    (SIGKILL) half-way, --kills times, restarted on the same folder each time: every write
 *    acknowledged before a kill must be there after the restart, with its audit line; quotation
 *    numbers stay unique and the order's paid amount equals its receipts.
 * 3. PostgreSQL (when installed: /usr/lib/postgresql/<version>/bin or PG_BIN): a throw-away cluster;
 *    the concurrency and fault tests run again on it (the `postgres` Vitest project, a pool of 10
 *    connections, statements really in parallel), then the load of step 1 against it.
 * 4. Bad input: tests/server/bad-input.test.ts with FUZZ_RUNS=--fuzz-runs (default 1,000 inputs per
 *    endpoint; npm test runs it with 60); its totals go in the table (docs/reliability.md), with
 *    the server errors (5xx) it counted, which must be 0.
 *
 * Prints a table of figures; exits non-zero when any check fails. Timings are printed, never judged.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../server/db/schema';
import { ROOT, signIn, startServer, table, type RunningServer } from './bench/lib';
import { countWrites, runLoad, type LoadRun, type LoadTarget, type Session } from './soak/load';
import { findPostgres, startPostgres, type PostgresServer } from './soak/postgres';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '60' },
    port: { type: 'string', default: process.env.SOAK_PORT ?? '3390' },
    kills: { type: 'string', default: '3' },
    'fuzz-runs': { type: 'string', default: '1000' },
    'skip-crash': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-fuzz': { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const port = Number(values.port);
const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };

type Row = (string | number)[];
const rows: Row[] = [];
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};
const log = (message: string) => console.log(`[soak] ${message}`);

/** Signs in and makes the order the receipts go on (total far above what a run can receive). */
async function prepare(url: string, prefix: string): Promise<{ session: Session; target: LoadTarget }> {
  const session = await signIn(url, ADMIN.email, ADMIN.password);
  const reply = await fetch(`${url}/api/orders`, {
    method: 'POST',
    headers: { Cookie: session.cookie, 'X-XSRF-TOKEN': session.xsrf, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'regular_order', date: '2026-12-01', clientId: 1, notes: prefix, items: [{ productId: null, descriptionEn: 'Soak contract', quantity: 100, unitPrice: 1_000_000_000 }] }),
  });
  if (reply.status !== 201) throw new Error(`Could not create the soak order: ${reply.status} ${await reply.text()}`);
  const order = ((await reply.json()) as { order: { id: number } }).order;
  return { session, target: { prefix, orderId: order.id } };
}

function server(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({ port, dataDir, env: { FILES_DIR: path.join(dataDir, '..', 'files'), STATIC_DIR: path.join(dataDir, '..', 'no-front-end'), ...env } });
}

function pgliteDb(dataDir: string): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite(dataDir) }) });
}

/** Runs the load, stops the server, counts the rows; adds the figures to the table. */
async function loadPhase(label: string, running: RunningServer, open: () => Kysely<Database>): Promise<void> {
  const prefix = `Soak ${label} ${Date.now()}`;
  const { session, target } = await prepare(running.url, prefix);
  log(`${label}: ${connections} connections for ${duration} s …`);
  const run = await runLoad({ url: running.url, session, target, connections, duration, mode: 'mix' });
  await running.stop();
  const db = open();
  const counted = await countWrites(db, run, target);
  await db.destroy();
  report(label, run, counted);
}

function report(label: string, run: LoadRun, counted: Awaited<ReturnType<typeof countWrites>>): void {
  const { result } = run;
  const acknowledged = Object.values(run.acknowledged).reduce((n, ids) => n + ids.length, 0);
  const found = Object.values(counted.checks).reduce((n, c) => n + c.found, 0);
  const lost = Object.values(counted.checks).reduce((n, c) => n + c.lost, 0);
  const unaudited = Object.values(counted.checks).reduce((n, c) => n + c.unaudited, 0);
  const inFlight = Object.values(counted.checks).reduce((n, c) => n + c.unacknowledgedStored, 0);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, s]) => `${status}×${s.count ?? 0}`)
    .join(' ');
  rows.push(
    [`${label}: requests answered`, result.requests.total],
    [`${label}: requests per second (mean)`, Math.round(result.requests.average)],
    [`${label}: latency p50 / p99 / max (ms)`, `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}`],
    [`${label}: status codes`, statuses],
    [`${label}: errors / timeouts / non-2xx`, `${result.errors} / ${result.timeouts} / ${result.non2xx}`],
    [`${label}: writes sent`, run.writesSent],
    [`${label}: writes acknowledged (2xx): clients / quotations / receipts`, `${acknowledged}: ${run.acknowledged.client.length} / ${run.acknowledged.quotation.length} / ${run.acknowledged.receipt.length}`],
    [`${label}: acknowledged rows found`, found],
    [`${label}: writes lost`, lost],
    [`${label}: rows without their audit line`, unaudited],
    [`${label}: rows stored whose reply the run did not wait for`, inFlight],
    [`${label}: duplicate quotation numbers`, counted.duplicateNumbers],
  );
  check(result.errors === 0 && result.timeouts === 0 && result.non2xx === 0, `${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx ${JSON.stringify(run.failures.slice(0, 3))}`);
  check(lost === 0, `${label}: ${lost} acknowledged writes lost`);
  check(unaudited === 0, `${label}: ${unaudited} rows without an audit line`);
  check(counted.duplicateNumbers === 0, `${label}: duplicate quotation numbers`);
  check(counted.paidMatchesReceipts, `${label}: the order's paid amount differs from its receipts`);
}

/**
 * Writes under load (clients, quotations, receipts); the server is killed half-way, restarted, and
 * every acknowledged write looked for, with its audit line; the quotation numbers stay unique and
 * the order's paid amount equals its receipts.
 */
async function crashPhase(dataDir: string, kills: number): Promise<void> {
  const kinds = ['client', 'quotation', 'receipt'] as const;
  const acknowledged = { client: 0, quotation: 0, receipt: 0 };
  let lost = 0;
  let unaudited = 0;
  let duplicates = 0;
  let paidWrong = 0;
  let restartMs = 0;
  for (let round = 1; round <= kills; round++) {
    const running = await server(dataDir);
    const prefix = `Crash ${round} ${Date.now()}`;
    const { session, target } = await prepare(running.url, prefix);
    const run = await runLoad({
      url: running.url,
      session,
      target,
      connections: Math.min(connections, 20),
      duration: 20,
      mode: 'writes',
      during: async (stop) => {
        await new Promise((resolve) => setTimeout(resolve, 4000));
        running.child.kill('SIGKILL');
        await new Promise((resolve) => running.child.once('exit', resolve));
        stop();
      },
    });
    const started = performance.now();
    const again = await server(dataDir);
    restartMs = Math.max(restartMs, performance.now() - started);
    await again.stop();
    const db = pgliteDb(dataDir);
    const counted = await countWrites(db, run, target);
    await db.destroy();
    for (const kind of kinds) {
      acknowledged[kind] += counted.checks[kind].acknowledged;
      lost += counted.checks[kind].lost;
      unaudited += counted.checks[kind].unaudited;
    }
    duplicates += counted.duplicateNumbers;
    if (!counted.paidMatchesReceipts) paidWrong++;
    log(`crash ${round}: acknowledged before the kill ${kinds.map((k) => `${counted.checks[k].acknowledged} ${k}s`).join(', ')}; lost ${kinds.map((k) => counted.checks[k].lost).join(' / ')}`);
  }
  rows.push(
    ['crash: server processes killed (SIGKILL) under write load', kills],
    ['crash: writes acknowledged before the kills: clients / quotations / receipts', `${acknowledged.client + acknowledged.quotation + acknowledged.receipt}: ${acknowledged.client} / ${acknowledged.quotation} / ${acknowledged.receipt}`],
    ['crash: of those, lost after the restart', lost],
    ['crash: rows without their audit line', unaudited],
    ['crash: duplicate quotation numbers', duplicates],
    ["crash: rounds where the order's paid amount differs from its receipts", paidWrong],
    ['crash: slowest restart after a kill (ms)', Math.round(restartMs)],
  );
  check(lost === 0, `crash: ${lost} acknowledged writes lost`);
  check(unaudited === 0, `crash: ${unaudited} rows without an audit line`);
  check(duplicates === 0, `crash: ${duplicates} duplicate quotation numbers`);
  check(paidWrong === 0, `crash: the order's paid amount differs from its receipts after ${paidWrong} kill(s)`);
  for (const kind of kinds) check(acknowledged[kind] > 0, `crash: no ${kind} was acknowledged before the kills, so none was checked`);
}

function vitest(args: string[], env: Record<string, string>): { passed: number; failed: number; ok: boolean; output: string } {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const line = /Tests\s+(.*)\(\d+\)/.exec(plain)?.[1] ?? '';
  const passed = Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
  const failed = Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
  if (result.status !== 0) console.log(plain.split('\n').slice(-60).join('\n'));
  return { passed, failed, ok: result.status === 0, output: plain };
}

async function postgresPhase(bin: string, work: string): Promise<void> {
  let cluster: PostgresServer | null = null;
  try {
    cluster = startPostgres(bin, port + 1);
    log(`${cluster.version} on port ${port + 1}`);
    rows.push(['PostgreSQL', cluster.version]);
    log('the concurrency and fault tests on PostgreSQL …');
    const tests = vitest(['--project', 'postgres'], { TEST_DATABASE_URL: cluster.url });
    rows.push(['PostgreSQL: concurrency and fault tests passed / failed', `${tests.passed} / ${tests.failed}`]);
    check(tests.ok, 'PostgreSQL: the concurrency or fault tests failed');

    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database soak');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/soak';
    const pgDir = path.join(work, 'pg', 'db');
    mkdirSync(pgDir, { recursive: true });
    const running = await server(pgDir, { DATABASE_URL: url.toString() });
    await loadPhase('load on PostgreSQL', running, () => new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }) }) }));
  } finally {
    cluster?.stop();
  }
}

/**
 * The built server the soak runs: built here when missing (the server half of `npm run build`);
 * an existing build is kept, with a warning when sources it is made from are newer.
 */
function ensureServerBuild(): void {
  const built = path.join(ROOT, 'dist', 'server', 'main.js');
  if (!existsSync(built)) {
    log('dist/server/main.js is missing: building the server (vite build --ssr) …');
    const result = spawnSync('npx', ['vite', 'build', '--ssr'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0 || !existsSync(built)) throw new Error('The server build failed: run `npm run build` and look at its output.');
    rows.push(['server build', 'dist/server/main.js built by the soak']);
    return;
  }
  const builtAt = statSync(built).mtimeMs;
  const newer = ['server', 'domain', 'locales'].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((file) => /\.(tsx?|json)$/.test(file) && statSync(path.join(ROOT, dir, file)).mtimeMs > builtAt).map((file) => `${dir}/${file}`),
  );
  if (newer.length > 0) {
    log(`WARNING: dist/server/main.js is older than ${newer.length} source file(s) (${newer.slice(0, 3).join(', ')}…): the soak runs the old build; run \`npm run build\` first to test the current code.`);
    rows.push(['server build', `dist/server/main.js, older than ${newer.length} source file(s)`]);
  } else rows.push(['server build', 'dist/server/main.js, up to date']);
}

const started = new Date();
log(`${started.toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`);
ensureServerBuild();
const work = mkdtempSync(path.join(tmpdir(), 'soak-'));
try {
  const dataDir = path.join(work, 'db');
  mkdirSync(dataDir, { recursive: true });
  log(`starting the server on a new PGlite folder (${dataDir}) …`);
  await loadPhase('load on PGlite', await server(dataDir), () => pgliteDb(dataDir));

  if (values['skip-crash']) rows.push(['crash', 'skipped (--skip-crash)']);
  else await crashPhase(dataDir, Number(values.kills));

  const bin = findPostgres();
  if (values['skip-postgres']) rows.push(['PostgreSQL', 'skipped (--skip-postgres)']);
  else if (!bin) rows.push(['PostgreSQL', 'not installed here: its runs were skipped (install postgresql, or set PG_BIN)']);
  else await postgresPhase(bin, work);

  // ---- Bad input: the fuzz run belongs to the bad-input work (tests/server/bad-input.test.ts). ----
  const fuzzFile = path.join(ROOT, 'tests/server/bad-input.test.ts');
  if (values['skip-fuzz']) rows.push(['bad input (fuzz)', 'skipped (--skip-fuzz)']);
  else if (!existsSync(fuzzFile)) rows.push(['bad input (fuzz)', 'tests/server/bad-input.test.ts is not in this tree yet']);
  else {
    log(`the bad-input fuzz run, FUZZ_RUNS=${values['fuzz-runs']} …`);
    const fuzz = vitest(['tests/server/bad-input.test.ts'], { FUZZ_RUNS: String(values['fuzz-runs']) });
    rows.push([`bad input: FUZZ_RUNS=${values['fuzz-runs']}, tests passed / failed`, `${fuzz.passed} / ${fuzz.failed}`]);
    // The fuzz file prints its totals on one line: bodies, query strings, paths, requests, 422s.
    const totals = /\[fuzz\] (.*)/.exec(fuzz.output)?.[1];
    if (totals) rows.push(['bad input: what was sent', totals]);
    // Counted by the test file (it fails on the first one too): replies with a 5xx status.
    const serverErrors = /(\d+) server errors/.exec(totals ?? '')?.[1];
    rows.push(['bad input: server errors (5xx)', serverErrors ?? 'not reported']);
    check(fuzz.ok, 'bad input: the fuzz run failed');
    check(serverErrors === '0', `bad input: ${serverErrors ?? 'an unknown number of'} server errors`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
console.log(`\n## Soak ${started.toISOString().slice(0, 10)} (${minutes} min; ${connections} connections, ${duration} s per load)\n`);
console.log(table(['figure', 'value'], rows));
if (problems.length > 0) {
  console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log('\nAll checks passed: 0 errors, 0 writes lost.');
}
