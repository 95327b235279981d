import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { WorkerAsk, WorkerReply, WorkerSource } from './pgliteWire';

/**
 * Embedded PGlite in a worker thread, behind Kysely. PGlite is one PostgreSQL session that runs on
 * the thread that calls it: on the server's own thread a 3-second report stopped every other
 * request for 3 seconds. In a worker thread it still answers one query at a time, but the server
 * keeps taking requests, building replies and sending files meanwhile, and it picks which query
 * goes next: each request has a lane (`inLane`), and a waiting interactive query (a list, a save,
 * the heartbeat) goes before the waiting queries of reports and exports, which read in short
 * chunks so that nobody waits long behind them.
 *
 * The one connection is lent to one caller at a time (a transaction keeps it from BEGIN to COMMIT),
 * like a pool of one, by the `Lender` below rather than by Kysely's own first-come lock for
 * single-connection databases, so that the lanes decide who is next.
 */

/** How urgent a request's queries are: a person waiting on a screen, or a report or export. */
export type Lane = 'interactive' | 'background';

/** A request's lane, and when the request came (its queries wait in that order, see `Lender`). */
const lanes = new AsyncLocalStorage<{ readonly lane: Lane; readonly came: number }>();

/**
 * The lane of a request by its address: the reports (their pages and files) and every export
 * (`format=csv` or `xlsx`) are background work; everything else has a person waiting on it.
 */
export function laneOf(url: string): Lane {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname.startsWith('/api/reports/') && pathname !== '/api/reports/options') return 'background';
  const format = searchParams.get('format');
  return format === 'csv' || format === 'xlsx' ? 'background' : 'interactive';
}

/** Runs `work` with every query it makes in `lane` (the server sets it per request, see main.ts). */
export function inLane<T>(lane: Lane, work: () => T): T {
  return lanes.run({ lane, came: performance.now() }, work);
}

/**
 * The database thread: the built file beside dist/server/main.js, or the TypeScript source (tests,
 * `npm run dev`), which it loads through tsx's loader.
 */
function startWorker(source: WorkerSource): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pgliteWorker.js', import.meta.url), { workerData: source });
  const module = new URL('./pgliteWorker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module)}); })`;
  return new Worker(boot, { eval: true, workerData: source });
}

class WorkerChannel {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;

  constructor(source: WorkerSource) {
    this.worker = startWorker(source);
    this.worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const fail = (error: Error) => {
      // The message reads like PGlite's own when closed, so a request gets 503 (server/http/errors.ts).
      this.failure = new Error(`PGlite is closed: ${error.message}`, { cause: error });
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  send(request: WorkerAsk): Promise<WorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** The whole database as a tarball (tests reopen a database from it). */
  async dump(): Promise<Blob> {
    const reply = await this.send({ kind: 'dump' });
    if (!reply.ok || !reply.dump) throw new Error('the database thread could not dump its data');
    return new Blob([reply.dump]);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.send({ kind: 'close' });
    await this.worker.terminate();
  }
}

class WorkerConnection implements DatabaseConnection {
  constructor(private readonly channel: WorkerChannel) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.channel.send({ kind: 'query', sql: compiled.sql, parameters: compiled.parameters });
    if (!reply.ok) {
      const { message, ...fields } = reply.error;
      throw Object.assign(new Error(typeof message === 'string' ? message : 'database error'), fields);
    }
    return { rows: reply.rows as R[], numAffectedRows: reply.affectedRows === undefined ? undefined : BigInt(reply.affectedRows) };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite: exports read in chunks instead.');
  }
}

/**
 * How long the connection is kept for an interactive request after one of its queries, before a
 * report's waiting query gets it: a screen's request makes several queries one after the other
 * (its session, its user, then its own), and without this pause a report's query (up to about
 * 150 ms) slips in between each two of them. The pause ends at once when an interactive query comes.
 */
export const INTERACTIVE_GRACE_MS = 3;

/**
 * How long a report's or export's query waits at most while people's queries go first: then it
 * goes next, so that under a steady stream of screens a file still gets written. Only one such
 * query per period goes before people (a chunk of rows every half second at the least), so people
 * wait at most one chunk's query more, never a run of them.
 */
export const BACKGROUND_MAX_WAIT_MS = 500;

/**
 * The one connection, lent to one caller at a time: interactive callers first, in the order their
 * requests came, then background callers in order of asking. After an interactive caller, a
 * background caller waits `INTERACTIVE_GRACE_MS` more; one that has waited `BACKGROUND_MAX_WAIT_MS`
 * goes before the people waiting (one per period).
 */
class Lender {
  private busy = false;
  private holder: Lane = 'interactive';
  private grace: NodeJS.Timeout | null = null;
  /** When a background query last went before people waiting. */
  private lastPushedIn = 0;
  private readonly interactive: { came: number; go: () => void }[] = [];
  private readonly background: { since: number; go: () => void }[] = [];

  acquire(): Promise<void> {
    const request = lanes.getStore();
    const lane = request?.lane ?? 'interactive';
    if (!this.busy) {
      this.busy = true;
      this.holder = lane;
      return Promise.resolve();
    }
    if (this.grace && lane === 'interactive') {
      clearTimeout(this.grace);
      this.grace = null;
      this.holder = lane;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const go = () => {
        this.holder = lane;
        resolve();
      };
      if (lane === 'background') {
        this.background.push({ since: performance.now(), go });
        return;
      }
      // The request that came first goes first: a screen's request asks many queries one after
      // the other (an invoice about twenty), and it finishes before a later request's queries
      // interleave with it.
      const came = request?.came ?? performance.now();
      let at = this.interactive.length;
      while (at > 0 && this.interactive[at - 1]!.came > came) at -= 1;
      this.interactive.splice(at, 0, { came, go });
    });
  }

  release(): void {
    const oldest = this.background[0];
    const now = performance.now();
    // One background query per period goes before people waiting, never several in a row.
    if (oldest && this.interactive.length > 0 && now - oldest.since >= BACKGROUND_MAX_WAIT_MS && now - this.lastPushedIn >= BACKGROUND_MAX_WAIT_MS) {
      this.lastPushedIn = now;
      return this.background.shift()!.go();
    }
    const next = this.interactive.shift();
    if (next) return next.go();
    if (!oldest) {
      this.busy = false;
      return;
    }
    if (this.holder === 'background') return this.background.shift()!.go();
    this.grace = setTimeout(() => {
      this.grace = null;
      const waiting = this.interactive.shift()?.go ?? this.background.shift()?.go;
      if (waiting) waiting();
      else this.busy = false;
    }, INTERACTIVE_GRACE_MS);
  }
}

class WorkerDriver implements Driver {
  private channel: WorkerChannel | null = null;
  private connection: WorkerConnection | null = null;
  private readonly lender = new Lender();

  constructor(private readonly source: WorkerSource) {}

  init(): Promise<void> {
    this.channel = new WorkerChannel(this.source);
    this.connection = new WorkerConnection(this.channel);
    return Promise.resolve();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lender.acquire();
    if (!this.connection) throw new Error('PGlite is closed');
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  releaseConnection(): Promise<void> {
    this.lender.release();
    return Promise.resolve();
  }

  dump(): Promise<Blob> {
    if (!this.channel) return Promise.reject(new Error('PGlite is closed'));
    return this.channel.dump();
  }

  async destroy(): Promise<void> {
    const channel = this.channel;
    this.channel = null;
    this.connection = null;
    await channel?.close();
  }
}

/** Kysely's dialect for PGlite in a worker thread, on a data folder (or, for tests, a dump). */
export class WorkerPGliteDialect implements Dialect {
  private driver: WorkerDriver | null = null;
  constructor(private readonly source: WorkerSource) {}
  createAdapter() {
    // PostgreSQL's adapter: PGlite's says "one connection", and Kysely would then queue the
    // callers itself, first come first served, before the lanes see them.
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.driver = new WorkerDriver(this.source);
    return this.driver;
  }
  /** The database as a tarball, once a query has started the thread. */
  dump(): Promise<Blob> {
    return this.driver ? this.driver.dump() : Promise.reject(new Error('the database thread has not started'));
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
