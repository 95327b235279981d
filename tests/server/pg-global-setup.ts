import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { Encrypter, loadAppKey } from '../../server/auth/encryption';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { Argon2PasswordHasher } from '../../server/node/argon2-hasher';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the `postgres` project only: a PostgreSQL server and the seeded database each test file copies. */
    pgTemplate: { readonly url: string; readonly template: string } | undefined;
  }
}

export const PG_TEMPLATE = 'backoffice_test_template';

/** A URL naming another database on the same server. */
export const withDatabase = (url: string, database: string): string => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/**
 * The `postgres` project (vite.config.ts; only when TEST_DATABASE_URL names a PostgreSQL server, as
 * `npm run soak` does): one migrated, seeded database is made as a template, and every test file's
 * server gets its own copy (CREATE DATABASE … TEMPLATE), on a pool of several connections, so
 * requests that arrive together really run in parallel in the database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The postgres project needs TEST_DATABASE_URL (a PostgreSQL server where it may create databases).');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_TEMPLATE}`);
  await admin.query(`create database ${PG_TEMPLATE}`);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabase(url, PG_TEMPLATE), max: 2 }) }) });
  await migrateToLatest(db);
  // The same day as the PGlite template (tests/server/global-setup.ts).
  await seedDemo(db, new Argon2PasswordHasher(), await Encrypter.fromKey(await loadAppKey(db, undefined)), '2026-11-23');
  await db.destroy();
  project.provide('pgTemplate', { url, template: PG_TEMPLATE });
  return async () => {
    await admin.query(`drop database if exists ${PG_TEMPLATE}`);
    await admin.end();
  };
}
