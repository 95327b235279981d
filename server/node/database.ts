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
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 10 }) }),
    });
  }
  mkdirSync(target.dataDir, { recursive: true });
  if (target.thread !== 'main') return new Kysely<Database>({ dialect: new WorkerPGliteDialect({ dataDir: target.dataDir }) });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite(target.dataDir) }) });
}
