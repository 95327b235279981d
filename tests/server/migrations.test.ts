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

describe('migrations at start', () => {
  it('do nothing on a database that has every migration (the usual restart)', async () => {
    expect(await migrateToLatest(server.db)).toEqual([]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(server.db);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it('still run the latest migration when the database has not recorded it', async () => {
    const latest = Object.keys(MIGRATIONS).at(-1)!;
    const { rows } = await sql<{ timestamp: string }>`select timestamp from kysely_migration where name = ${latest}`.execute(server.db);
    await sql`delete from kysely_migration where name = ${latest}`.execute(server.db);
    // Its objects are still there, so running it again fails, which shows it was run, not skipped.
    await expect(migrateToLatest(server.db)).rejects.toThrow(`Migration ${latest} failed`);
    await sql`insert into kysely_migration (name, timestamp) values (${latest}, ${rows[0]!.timestamp})`.execute(server.db);
    expect(await migrateToLatest(server.db)).toEqual([]);
  });
});
