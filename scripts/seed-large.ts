/**
 * Seeds the large, deterministic data set the reports are measured on (server/db/seedLarge.ts) into
 * a PGlite data folder (DATA_DIR, default data/db) or a PostgreSQL server (DATABASE_URL). A new
 * database is migrated and given the demo data first.
 *
 *   node --import tsx scripts/seed-large.ts [--clients 10000] [--orders 100000] [--items 300000]
 *        [--appointments 3000] [--seed 20261123] [--today 2026-11-23]
 */
import { parseArgs } from 'node:util';
import { Encrypter } from '../server/auth/encryption';
import { migrateToLatest } from '../server/db/migrate';
import { isEmpty, seedDemo } from '../server/db/seed';
import { seedLarge } from '../server/db/seedLarge';
import { appKeyFile, resolveAppKey } from '../server/node/appKey';
import { Argon2PasswordHasher } from '../server/node/argon2-hasher';
import { databaseTarget, openDatabase } from '../server/node/database';
import { hongKongDate } from '../domain/time/dates';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    orders: { type: 'string', default: '100000' },
    items: { type: 'string', default: '300000' },
    appointments: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '20261123' },
    today: { type: 'string' },
  },
});

const target = databaseTarget(process.env);
const db = openDatabase(target);
const started = performance.now();
const today = values.today ?? hongKongDate(new Date());
await migrateToLatest(db);
if (await isEmpty(db)) {
  await seedDemo(db, new Argon2PasswordHasher(), await Encrypter.fromKey((await resolveAppKey(db, process.env.APP_KEY, appKeyFile(process.env, target))).key), today);
  console.log('[seed-large] new database: migrated and demo data seeded');
}
const result = await seedLarge(db, {
  clients: Number(values.clients),
  orders: Number(values.orders),
  items: Number(values.items),
  appointments: Number(values.appointments),
  seed: Number(values.seed),
  today,
  log: (line) => console.log(`[seed-large] ${line} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
});
await db.destroy();
const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`;
console.log(`[seed-large] ${JSON.stringify(result)} into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
