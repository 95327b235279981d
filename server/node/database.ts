import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';
import { WorkerPGliteDialect } from './workerDatabase';

export type DatabaseTarget =
  | { readonly kind: 'postgres'; readonly url: string }
  | { readonly kind: 'pglite'; readonly dataDir: string; readonly thread?: 'main' };

/**
 * DATABASE_URL selects a PostgreSQL server; otherwise embedded PGlite in DATA_DIR (default
 * ./data/db), in a thread of its own (./workerDatabase.ts). PGLITE_THREAD=main keeps it on the
 * server's thread as before (for comparing the two: npm run bench:staff).
 */
export function databaseTarget(env: NodeJS.ProcessEnv): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  const dataDir = env.DATA_DIR ?? 'data/db';
  return env.PGLITE_THREAD === 'main' ? { kind: 'pglite', dataDir, thread: 'main' } : { kind: 'pglite', dataDir };
}

export function openDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.kind === 'postgres') {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: postgresPool(target.url) }),
    });
  }
  mkdirSync(target.dataDir, { recursive: true });
  if (target.thread !== 'main') return new Kysely<Database>({ dialect: new WorkerPGliteDialect({ dataDir: target.dataDir }) });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite(target.dataDir) }) });
}

/**
 * A pool of 10 connections to PostgreSQL. A connection that fails while idle (the database
 * restarted, an administrator ended it) is said in the log and left to the pool, which opens another
 * when one is needed: without a listener, pg's pool would throw it as an uncaught exception and stop
 * the server.
 */
export function postgresPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => console.error(`[db] an idle PostgreSQL connection ended: ${error.message}`));
  return pool;
}
