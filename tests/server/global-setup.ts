import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import type { TestProject } from 'vitest/node';
import { Encrypter, loadAppKey } from '../../server/auth/encryption';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { Argon2PasswordHasher } from '../../server/node/argon2-hasher';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** A fingerprint of everything that shapes the prepared database: schema, migrations, seed. */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = [...filesUnder(path.join(ROOT, 'server/db')), ...filesUnder(path.join(ROOT, 'server/auth')), ...filesUnder(path.join(ROOT, 'domain'))].sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Prepares one migrated, seeded database for every server test and saves it as a data-dir dump.
 * A new PGlite database takes seconds; loading the dump takes a fraction of that, so each test file
 * starts from its own fresh copy instead of creating one (and the dump is reused while the schema and
 * seed are unchanged).
 */
export default async function setup(project: TestProject): Promise<void> {
  const dir = path.join(ROOT, '.cache', 'test-db');
  const file = path.join(dir, `template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const pglite = new PGlite();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    await migrateToLatest(db);
    // Seeded as of the test clock's day (tests/server/harness.ts FakeClock), so dated demo records are the same every run.
    await seedDemo(db, new Argon2PasswordHasher(), await Encrypter.fromKey(await loadAppKey(db, undefined)), '2026-11-23');
    const dump = await pglite.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    await db.destroy();
  }
  project.provide('dbTemplate', file);
}
