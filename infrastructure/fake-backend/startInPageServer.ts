import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { createServerApp } from '../../server/app';
import { Encrypter, loadAppKey } from '../../server/auth/encryption';
import { Pbkdf2PasswordHasher } from '../../server/auth/pbkdf2-hasher';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { isEmpty, seedDemo } from '../../server/db/seed';
import { DEFAULT_SERVER_CONFIG, type ServerDeps } from '../../server/http/env';
import { JOB_HANDLERS } from '../../server/jobs/handlers';
import { JobSignal } from '../../server/jobs/queue';
import { JobRunner } from '../../server/jobs/runner';
import { MemoryFileStorage } from '../../server/storage/FileStorage';
import { IN_PAGE_COOKIE_HEADERS } from './cookieHeaders';

export type InPageServer = ReturnType<typeof createServerApp>;


/**
 * The reference server running inside the page: the same Hono app and migrations on PGlite in the
 * browser (kept in IndexedDB, so the demo's data survives a reload), seeded with the demo data on
 * first use. Loaded only when the app is built with the fake backend.
 */
export async function startInPageServer(options: { persistent: boolean }): Promise<InPageServer> {
  const pglite = options.persistent ? new PGlite('idb://backoffice-demo') : new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await migrateToLatest(db);
  const passwords = new Pbkdf2PasswordHasher();
  const encrypter = await Encrypter.fromKey(await loadAppKey(db, undefined));
  if (await isEmpty(db)) await seedDemo(db, passwords, encrypter);
  const deps: ServerDeps = {
    db,
    passwords,
    encrypter,
    files: new MemoryFileStorage(),
    now: () => new Date(),
    config: DEFAULT_SERVER_CONFIG,
    clientIp: () => null,
    cookieHeaders: IN_PAGE_COOKIE_HEADERS,
    jobs: new JobSignal(),
  };
  // The background jobs run here too; with no SMTP connection in the page an e-mail fails at once,
  // with that reason on the document and under Settings → Background jobs.
  new JobRunner(deps, JOB_HANDLERS, { worker: 'in-page' }).start();
  return createServerApp(deps);
}
