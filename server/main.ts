import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import { hostname as machineName } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createServerApp } from './app';
import { Encrypter } from './auth/encryption';
import { HOUSEKEEPING_INTERVAL_MS, purgeExpired } from './db/housekeeping';
import { migrateToLatest } from './db/migrate';
import { isEmpty, seedDemo } from './db/seed';
import { DEFAULT_SERVER_CONFIG, type ServerConfig, type ServerDeps } from './http/env';
import { appKeyFile, resolveAppKey } from './node/appKey';
import { Argon2PasswordHasher } from './node/argon2-hasher';
import { databaseTarget, openDatabase } from './node/database';
import { inLane, laneOf } from './node/workerDatabase';
import { clientIpOf } from './node/clientIp';
import { withCompression } from './node/compression';
import { trackInFlight } from './node/drain';
import { LocalFileStorage } from './node/LocalFileStorage';
import { PackagedFontSource } from './node/documentFonts';
import { serveFrontEnd } from './node/static';
import { setReplyChecks } from './http/reply';
import { setPacing } from './http/pacing';
import { JOB_HANDLERS } from './jobs/handlers';
import { JobSignal } from './jobs/queue';
import { JobRunner } from './jobs/runner';
import { ensureDailyScan } from './reminders/scan';
import { SmtpMailer } from './node/smtpMailer';
import { isLoopbackHost } from '../domain/mail/mail';

/** A whole number above 0 from the environment, or the default when unset or not one. */
function positiveNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Starts the reference server in Node: database, migrations, demo seed, API and front end on one port. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  // server/main.ts, or its build dist/server/main.js: the project folder is above either.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, path.basename(path.dirname(here)) === 'dist' ? '../..' : '..');
  // Replies are checked against the wire contract (server/http/reply.ts); CHECK_REPLIES=0 skips the check.
  setReplyChecks(process.env.CHECK_REPLIES !== '0');
  const target = databaseTarget(process.env);
  // Reports and exports wait for the server's thread to be free enough (server/http/pacing.ts); on
  // the embedded database its one connection already paces them.
  setPacing(target.kind === 'postgres');
  const db = openDatabase(target);
  const passwords = new Argon2PasswordHasher();

  const applied = await migrateToLatest(db);
  if (applied.length > 0) console.log(`[server] migrations applied: ${applied.join(', ')}`);
  const appKey = await resolveAppKey(db, process.env.APP_KEY, appKeyFile(process.env, target));
  console.log(`[server] application key: ${appKey.source === 'APP_KEY' ? 'APP_KEY' : appKey.file}`);
  const encrypter = await Encrypter.fromKey(appKey.key);
  if (process.env.SEED !== 'none' && (await isEmpty(db))) {
    await seedDemo(db, passwords, encrypter);
    console.log('[server] new database: demo data seeded (sign-ins in README.md)');
  }

  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOST ?? '127.0.0.1';
  const config: ServerConfig = {
    ...DEFAULT_SERVER_CONFIG,
    trustProxy: ['1', 'true'].includes(process.env.TRUST_PROXY ?? ''),
    loginFailuresPerAddress: positiveNumber('LOGIN_FAILURES_PER_ADDRESS', DEFAULT_SERVER_CONFIG.loginFailuresPerAddress),
    loginFailuresPerAccount: positiveNumber('LOGIN_FAILURES_PER_ACCOUNT', DEFAULT_SERVER_CONFIG.loginFailuresPerAccount),
    loginFailureWindowMs: positiveNumber('LOGIN_FAILURE_WINDOW_MINUTES', DEFAULT_SERVER_CONFIG.loginFailureWindowMs / 60_000) * 60_000,
    loginPauseMaxMs: positiveNumber('LOGIN_PAUSE_MAX_SECONDS', DEFAULT_SERVER_CONFIG.loginPauseMaxMs / 1000) * 1000,
    ...siteUrlOf(process.env.APP_URL),
    ...loopbackUrlOf(hostname, port),
  };
  const deps = {
    db,
    passwords,
    encrypter,
    files: new LocalFileStorage(process.env.FILES_DIR ?? path.join(path.dirname(target.kind === 'pglite' ? target.dataDir : 'data/db'), 'files')),
    fonts: new PackagedFontSource(),
    now: () => new Date(),
    config,
    clientIp: (c) => {
      let remote: string | null = null;
      try {
        remote = getConnInfo(c).remote.address ?? null;
      } catch {
        // no connection information (not served by the Node listener)
      }
      return clientIpOf(remote, c.req.header('x-forwarded-for'), config.trustProxy);
    },
    jobs: new JobSignal(),
    mailer: new SmtpMailer(),
  } satisfies ServerDeps;
  const app = createServerApp(deps);
  // Background jobs (sending e-mail …): every instance runs them from the shared table unless JOB_RUNNER=0.
  const runner = process.env.JOB_RUNNER === '0' ? null : new JobRunner(deps, JOB_HANDLERS, { worker: `${machineName()}:${process.pid}` });
  runner?.start();
  serveFrontEnd(app, process.env.STATIC_DIR ?? path.join(root, 'dist', 'public'));

  // Expired sessions and ended rate-limit windows are deleted now and every 10 minutes.
  // The daily run of reminders to customers is queued then too: once per day whichever instance asks (server/reminders/scan.ts).
  // The run in progress is kept, so that a stop waits for it before closing the database.
  let housekeepingRun: Promise<unknown> = Promise.resolve();
  const housekeep = () => {
    housekeepingRun = Promise.all([
      purgeExpired(db, new Date(), config).catch((error: unknown) => console.error('[server] housekeeping failed:', error)),
      ensureDailyScan(deps).catch((error: unknown) => console.error('[server] could not queue the daily reminder run:', error)),
    ]);
  };
  housekeep();
  const housekeeping = setInterval(housekeep, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  const requests = trackInFlight(withCompression(app).fetch);
  // Each request runs in its lane from the first byte in to the last byte out (a file's rows are
  // read while it is sent): the embedded database serves people waiting before reports and exports.
  const laned = ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, (request, response) => inLane(laneOf(request.url ?? '/'), () => listener(request, response)))) as typeof createServer;
  const server = serve({ fetch: requests.fetch, port, hostname, createServer: laned }, (info) => {
    const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`;
    console.log(`[server] ready on http://${hostname}:${info.port} with ${where} in ${Math.round(performance.now() - startedAt)} ms`);
  });

  // Stop taking connections and jobs, let the requests and the job still running finish (at most
  // 10 s; a job cut short is taken again by an instance once its lease ends), then close the database.
  const shutdown = () => {
    clearInterval(housekeeping);
    server.close();
    void Promise.all([requests.idle(10_000), runner?.stop(10_000) ?? true, housekeepingRun])
      .then(([finished, jobFinished]) => {
        if (!finished) console.warn(`[server] stopping with ${requests.inFlight} request(s) still running`);
        if (!jobFinished) console.warn('[server] stopping with a background job still running (another instance takes it again after its lease)');
        return db.destroy();
      })
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('[server] failed to start:', error);
  process.exit(1);
});

/** APP_URL as the site's address (scheme and host, no trailing slash); a value that is not an http(s) address stops the start. */
function siteUrlOf(value: string | undefined): { siteUrl?: string } {
  if (!value) return {};
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw new Error(`APP_URL must be the site's http(s) address, e.g. https://office.example.hk (got ${JSON.stringify(value)})`);
  return { siteUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** The address this server listens on, when it is a loopback one (e-mailed links may point there when no site address is set). */
function loopbackUrlOf(host: string, port: number): { loopbackUrl?: string } {
  if (!isLoopbackHost(host)) return {};
  return { loopbackUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}` };
}
