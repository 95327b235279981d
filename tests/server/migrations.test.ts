import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateToLatest } from '../../server/db/migrate';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const indexes = async () =>
  (await sql<{ indexname: string }>`select indexname from pg_indexes where indexname in ('orders_owing', 'appointment_visits_reported') order by indexname`.execute(server.db)).rows.map((r) => r.indexname);

describe('migrations at start', () => {
  it('do nothing on a database that has every migration (the usual restart)', async () => {
    expect(await migrateToLatest(server.db)).toEqual([]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(server.db);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it('still run a migration the database has not had', async () => {
    await sql`drop index orders_owing`.execute(server.db);
    await sql`drop index appointment_visits_reported`.execute(server.db);
    await sql`delete from kysely_migration where name = '0009_reports'`.execute(server.db);
    expect(await indexes()).toEqual([]);
    expect(await migrateToLatest(server.db)).toEqual(['0009_reports']);
    expect(await indexes()).toEqual(['appointment_visits_reported', 'orders_owing']);
  });
});
