/** Shared pieces of the benchmark scripts: a real server on a data folder, sign-in, small statistics. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawning the process to the first answered heartbeat. */
  readonly startMs: number;
  /** Resident memory of the server process now, in MB (Linux). */
  rssMb(): number;
  /**
   * CPU time the server process has used so far (user + system, Linux, 10 ms steps): the difference
   * around a request is its cost, much less swayed than its wall time by other work on the machine.
   */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Seeds the large data set (`npm run seed:large`, its "today" fixed at 2026-11-23 so the benchmarks'
 * ranges always hold the same rows) into `dataDir` unless it is there already. With DATABASE_URL
 * the PostgreSQL database is used as it is: seed it once with `npm run seed:large` (seeding again
 * would add a second set on top).
 */
export async function ensureLargeData(dataDir: string, counts: readonly string[] = []): Promise<void> {
  if (process.env.DATABASE_URL || existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  console.log(`[bench] seeding ${dataDir} …`);
  await seedLargeData({ DATA_DIR: dataDir }, counts);
}

/**
 * Seeds the large data set (`scripts/seed-large.ts`, "today" 2026-11-23) into the database that
 * `env` names (DATA_DIR for PGlite, DATABASE_URL for PostgreSQL), whatever is there already.
 */
export function seedLargeData(env: Record<string, string>, counts: readonly string[] = []): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-large.ts', '--today', '2026-11-23', ...counts], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed-large exited with ${code}`))));
  });
}

/** What `npm start` runs: the built server (dist/server/main.js, from `npm run build`). */
export const SERVER_ENTRY = ['--enable-source-maps', 'dist/server/main.js'];

/** Starts the built server (and the front end in dist/public) on a data folder and waits until it answers. */
export async function startServer(options: { port: number; dataDir?: string; env?: Record<string, string> }): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'dist', 'server', 'main.js'))) throw new Error('dist/server/main.js is missing: run `npm run build` first.');
  const started = performance.now();
  const child = spawn(process.execPath, SERVER_ENTRY, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}), ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.resume();
  const url = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      const reply = await fetch(`${url}/api/heartbeat`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    cpuMs: () => {
      // Fields 14 and 15 of /proc/<pid>/stat (after the command name in brackets), in 1/100 s.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/** Signs in through the API as a browser would; resolves to the Cookie header and the XSRF token. */
export async function signIn(url: string, email: string, password: string): Promise<{ cookie: string; xsrf: string }> {
  const jar = new Map<string, string>();
  const keep = (reply: Response) => {
    for (const line of reply.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  keep(await fetch(`${url}/api/csrf-cookie`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  const reply = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie(), 'X-XSRF-TOKEN': xsrf() }, body: JSON.stringify({ email, password }) });
  if (!reply.ok) throw new Error(`Sign-in as ${email} failed: ${reply.status}`);
  keep(reply);
  return { cookie: cookie(), xsrf: xsrf() };
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export const ms = (n: number) => `${Math.round(n)} ms`;

/** A Markdown table, as docs/benchmarks.md keeps the figures. */
export function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
