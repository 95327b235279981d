import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';

export type DatabaseTarget =
  | { readonly kind: 'postgres'; readonly url: string }
  | { readonly kind: 'pglite'; readonly dataDir: string };

/** DATABASE_URL selects a PostgreSQL server; otherwise embedded PGlite in DATA_DIR (default ./data/db). */
export function databaseTarget(env: NodeJS.ProcessEnv): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: env.DATA_DIR ?? 'data/db' };
}

export function openDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.kind === 'postgres') {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 10 }) }),
    });
  }
  mkdirSync(target.dataDir, { recursive: true });
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite(target.dataDir) }) });
}
