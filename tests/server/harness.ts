import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type KyselyPlugin } from 'kysely';
import { WorkerPGliteDialect } from '../../server/node/workerDatabase';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { parse, type output, type ZodMiniType } from 'zod/mini';
import { createServerApp } from '../../server/app';
import { DEMO_USERS } from '../../server/db/seed';
import { Encrypter, loadAppKey } from '../../server/auth/encryption';
import type { Database } from '../../server/db/schema';
import { DEFAULT_SERVER_CONFIG, type ServerConfig, type ServerDeps } from '../../server/http/env';
import { replyProblems } from '../../server/http/reply';
import { Argon2PasswordHasher } from '../../server/node/argon2-hasher';
import { PackagedFontSource } from '../../server/node/documentFonts';
import { MemoryFileStorage } from '../../server/storage/FileStorage';
import { withDatabase } from './pg-global-setup';

export interface TestServer {
  readonly app: ReturnType<typeof createServerApp>;
  /** The database as the tests see it (without any fault-injecting plugins the app was given). */
  readonly db: Kysely<Database>;
  readonly clock: FakeClock;
  readonly files: MemoryFileStorage;
  /** What the app was given (its database, clock, encrypter …), e.g. for a job runner beside it. */
  readonly deps: ServerDeps;
  /**
   * Stops this app and its database connection and starts a new app on the same database and
   * files, as a restart of the server process would (the old instance must not be used after).
   */
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Kysely plugins for the app's database only, e.g. one that fails a chosen statement. */
  readonly plugins?: readonly KyselyPlugin[];
}

/** A clock the test moves by hand. */
export class FakeClock {
  constructor(private current = new Date('2026-11-23T09:00:00+08:00')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** A test names the caller's IP address with this header (the host would take it from the connection). */
export const TEST_CLIENT_IP_HEADER = 'X-Test-Client-IP';

let copies = 0;

/** An open test database: the connection, and how to reopen the same data, or drop it. */
interface OpenDatabase {
  readonly db: Kysely<Database>;
  reopen(): Promise<OpenDatabase>;
  close(): Promise<void>;
}

/** A fresh copy of the PostgreSQL template (pg-global-setup.ts) on a pool of several connections. */
async function postgresCopy(pgTemplate: { url: string; template: string }): Promise<OpenDatabase> {
  const name = `backoffice_test_${process.pid}_${++copies}`;
  const admin = new pg.Client({ connectionString: pgTemplate.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${pgTemplate.template}`);
  await admin.end();
  const open = (): OpenDatabase => {
    const pool = new pg.Pool({ connectionString: withDatabase(pgTemplate.url, name), max: 10 });
    // The copy is dropped WITH (FORCE) at the end, which ends any connection still open on it.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      reopen: async () => {
        await db.destroy();
        return open();
      },
      close: async () => {
        await db.destroy().catch(() => undefined);
        const client = new pg.Client({ connectionString: pgTemplate.url });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  };
  return open();
}

/**
 * A test database loaded from a dump: PGlite in this thread, or with TEST_PGLITE_THREAD=worker in a
 * worker thread, as the server runs it (server/node/workerDatabase.ts).
 */
async function pgliteFrom(dump: Blob): Promise<OpenDatabase> {
  let db: Kysely<Database>;
  let dumped: () => Promise<Blob>;
  if (process.env.TEST_PGLITE_THREAD === 'worker') {
    const dialect = new WorkerPGliteDialect({ dump: new Uint8Array(await dump.arrayBuffer()) });
    db = new Kysely<Database>({ dialect });
    dumped = () => dialect.dump();
  } else {
    const pglite = new PGlite({ loadDataDir: dump });
    db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    dumped = () => pglite.dumpDataDir('none');
  }
  return {
    db,
    reopen: async () => {
      const saved = await dumped();
      await db.destroy();
      return pgliteFrom(saved);
    },
    close: () => db.destroy(),
  };
}

/** The fonts of the PDFs, read once for every test server of a file. */
const fonts = new PackagedFontSource();

/** What a test may give the app beyond the defaults. */
export type TestExtra = Partial<Pick<ServerDeps, 'cookieHeaders' | 'mailer' | 'jobs'>>;

async function serverOn(database: OpenDatabase, config: ServerConfig, extra: TestExtra, options: TestServerOptions, clock: FakeClock, files: MemoryFileStorage): Promise<TestServer> {
  const { db } = database;
  const appDb = (options.plugins ?? []).reduce((withPlugins, plugin) => withPlugins.withPlugin(plugin), db);
  const encrypter = await Encrypter.fromKey(await loadAppKey(db, undefined));
  const deps: ServerDeps = { db: appDb, passwords: new Argon2PasswordHasher(), encrypter, files, fonts, now: clock.now, config, clientIp: (c) => c.req.header(TEST_CLIENT_IP_HEADER) ?? '127.0.0.1', ...extra };
  const app = createServerApp(deps);
  return {
    app,
    db,
    deps,
    clock,
    files,
    restart: async () => serverOn(await database.reopen(), config, extra, options, clock, files),
    close: () => database.close(),
  };
}

/**
 * The server app on its own copy of the prepared demo database: PGlite (global-setup.ts), or in the
 * `postgres` project a PostgreSQL database (pg-global-setup.ts).
 */
export async function startTestServer(
  config: ServerConfig = DEFAULT_SERVER_CONFIG,
  extra: TestExtra = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const pgTemplate = inject('pgTemplate');
  const database = pgTemplate ? await postgresCopy(pgTemplate) : await pgliteFrom(new Blob([await readFile(inject('dbTemplate'))]));
  return serverOn(database, config, extra, options, new FakeClock(), new MemoryFileStorage());
}

export interface Reply {
  readonly status: number;
  readonly body: Record<string, unknown> | null;
  /** The body when the reply is an array. */
  readonly list: unknown[];
  readonly headers: Headers;
}

/**
 * A browser-like client: keeps cookies between requests and, like the front end, echoes the
 * XSRF-TOKEN cookie as X-XSRF-TOKEN on state-changing requests (unless told not to).
 */
export class TestAgent {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly server: TestServer,
    private readonly language = 'en',
  ) {}

  /** The same browser (its cookies) talking to another server instance, e.g. after a restart. */
  on(server: TestServer): TestAgent {
    const agent = new TestAgent(server, this.language);
    for (const [name, value] of this.cookies) agent.cookies.set(name, value);
    return agent;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, options: { xsrf?: string | false; headers?: Record<string, string> } = {}): Promise<Reply> {
    return this.send('POST', path, body, options);
  }

  put(path: string, body?: unknown, options: { xsrf?: string | false; headers?: Record<string, string> } = {}): Promise<Reply> {
    return this.send('PUT', path, body, options);
  }

  /** Fetches the XSRF cookie first when the agent has none, as the app's first heartbeat does. */
  async signIn(email: string, password: string): Promise<Reply> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/csrf-cookie');
    return this.post('/api/login', { email, password });
  }

  private send(method: string, path: string, body: unknown, options: { xsrf?: string | false; headers?: Record<string, string> }): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    const xsrf = options.xsrf === undefined ? this.cookies.get('XSRF-TOKEN') : options.xsrf;
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    return this.request(method, path, body, headers);
  }

  /** A request with a raw (non-JSON) body, such as a file upload. */
  async raw(method: string, path: string, body: Uint8Array | string, headers: Record<string, string>): Promise<Reply> {
    const response = await this.fetch(method, path, body, headers);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, list: [], headers: response.headers };
  }

  /** A GET whose reply is not JSON (an image, a file). */
  rawGet(path: string): Promise<Response> {
    return this.fetch('GET', path, undefined, {});
  }

  private async fetch(method: string, path: string, body: Uint8Array | string | undefined, headers: Record<string, string>): Promise<Response> {
    const allHeaders: Record<string, string> = { 'Accept-Language': this.language, ...headers };
    if (this.cookies.size > 0) allHeaders.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return this.server.app.request(`http://localhost${path}`, { method, headers: allHeaders, ...(body !== undefined ? { body: body as BodyInit } : {}) });
  }

  async request(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Reply> {
    const allHeaders: Record<string, string> = { 'Accept-Language': this.language, Accept: 'application/json', ...headers };
    if (this.cookies.size > 0) allHeaders.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) allHeaders['Content-Type'] = 'application/json';
    const response = await this.server.app.request(`http://localhost${path}`, {
      method,
      headers: allHeaders,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    const text = await response.text();
    // A download (CSV, Excel, an image) is not JSON: its body is left out here (use rawGet to read it).
    const parsed: unknown = text && /json/i.test(response.headers.get('content-type') ?? 'application/json') ? JSON.parse(text) : null;
    return {
      status: response.status,
      body: Array.isArray(parsed) ? null : (parsed as Record<string, unknown> | null),
      list: Array.isArray(parsed) ? parsed : [],
      headers: response.headers,
    };
  }
}

/** The seeded administrator, sales person and worker (server/db/seed.ts): each signs in with its `email` and `password`. */
export const DEMO = {
  admin: DEMO_USERS.find((u) => u.role === 'admin')!,
  sales: DEMO_USERS.find((u) => u.role === 'sales')!,
  worker: DEMO_USERS.find((u) => u.role === 'worker')!,
};

/**
 * A test server started before the file's (or the describe block's) tests and closed after them (the
 * set-up most server test files share). The object stands for the started server: read its fields
 * inside tests and hooks, not at load time. `restart()` returns the new instance, as startTestServer's does.
 */
export function serverForTests(config?: ServerConfig, extra?: TestExtra, options?: TestServerOptions): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(config, extra, options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): TestServer => {
    if (!started) throw new Error('The test server starts before the tests: use it inside a test or a hook.');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get clock() {
      return current().clock;
    },
    get files() {
      return current().files;
    },
    get deps() {
      return current().deps;
    },
    restart: () => current().restart(),
    close: () => current().close(),
  };
}

/** A new browser on `server` with `who` signed in (the sign-in must succeed). */
export async function signedInAgent(server: TestServer, who: { readonly email: string; readonly password: string }, language = 'en'): Promise<TestAgent> {
  const agent = new TestAgent(server, language);
  const reply = await agent.signIn(who.email, who.password);
  expect(reply.status, `${who.email}: ${JSON.stringify(reply.body)}`).toBe(200);
  return agent;
}

/**
 * A test server (serverForTests) with `user` signed in on `agent` before the tests. Both can be
 * destructured at load time: the agent reaches the server only when a test sends a request.
 */
export function signedInServer(user: { readonly email: string; readonly password: string }, language = 'en'): { readonly server: TestServer; readonly agent: TestAgent } {
  const server = serverForTests();
  const agent = new TestAgent(server, language);
  beforeAll(async () => {
    expect((await agent.signIn(user.email, user.password)).status).toBe(200);
  });
  return { server, agent };
}

/**
 * The frame of the *-contract tests: `subject`'s replies from the real server on the seeded database,
 * to the administrator (`agent`, signed in before the tests), each read by the wire contract the
 * browser decodes with (readReply): a field renamed, dropped or retyped on either side fails there.
 */
export function describeContract(subject: string, tests: (agent: TestAgent) => void): void {
  describe(`${subject} match the wire contract`, () => {
    tests(signedInServer(DEMO.admin).agent);
  });
}

/**
 * The reply's body read by `schema` (the wire contract), failing with the mismatches and the status:
 * a field missing or mistyped, and a field the contract does not declare (as the server's own check,
 * `replyProblems` in server/http/reply.ts, and the OpenAPI document's `additionalProperties: false`).
 */
export function readReply<S extends ZodMiniType>(schema: S, reply: { status: number; body: unknown; list?: unknown[] }, status = 200): output<S> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  // An array reply comes as `list`.
  const body = reply.body ?? reply.list;
  expect(replyProblems(schema, body)).toEqual([]);
  return parse(schema, body);
}
