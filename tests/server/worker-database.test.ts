import { readFile } from 'node:fs/promises';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from '../../server/db/schema';
import { databaseConflict } from '../../server/http/errors';
import { inLane, laneOf, WorkerPGliteDialect } from '../../server/node/workerDatabase';

/**
 * The embedded database in its own thread (server/node/workerDatabase.ts), as `npm start` runs it:
 * the same answers and errors as PGlite on the server's thread, one caller at a time on its one
 * connection (a transaction is not shared with other requests), and people waiting before reports.
 */

let db: Kysely<Database>;
let dialect: WorkerPGliteDialect;

beforeAll(async () => {
  dialect = new WorkerPGliteDialect({ dump: new Uint8Array(await readFile(inject('dbTemplate'))) });
  db = new Kysely<Database>({ dialect });
});

afterAll(async () => {
  await db.destroy();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the one connection in a transaction until `release()`; `holder` ends with it. */
async function holdConnection(): Promise<{ release: () => void; holder: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const holder = db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').execute();
    await gate;
  });
  await pause(50);
  return { release, holder };
}

describe('PGlite in a worker thread', () => {
  it('answers queries with PostgreSQL types: numbers, text, dates, JSON, counts of changed rows', async () => {
    const admin = await db.selectFrom('users').select(['id', 'email', 'created_at']).where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
    expect(admin.email).toBe('admin@example.com');
    expect(typeof admin.id).toBe('number');
    expect(admin.created_at).toBeInstanceOf(Date);
    const { rows } = await sql<{ doc: { a: number[] }; big: string }>`select '{"a":[1,2]}'::jsonb as doc, 9007199254740993::numeric as big`.execute(db);
    expect(rows[0]).toEqual({ doc: { a: [1, 2] }, big: '9007199254740993' });
    const updated = await db.updateTable('users').set({ name: 'Admin' }).where('email', '=', 'admin@example.com').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
  });

  it("passes PostgreSQL's error code, constraint and detail through, so a conflict still reads as one", async () => {
    const error = await db
      .insertInto('users')
      .values((await db.selectFrom('users').selectAll().where('email', '=', 'admin@example.com').executeTakeFirstOrThrow()) as never)
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ code: '23505' });
    expect(error).toBeInstanceOf(Error);
    expect(databaseConflict(error)).toBe('duplicate');
  });

  it("keeps a transaction to itself: another request's query waits for the commit and never runs inside it", async () => {
    const nameOf = async () => (await db.selectFrom('users').select('name').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow()).name;
    const before = await nameOf();
    let letGo!: () => void;
    const holding = new Promise<void>((resolve) => (letGo = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'Inside a transaction' }).execute();
      await holding;
      throw new Error('roll back');
    });
    await pause(50);
    // While the transaction is open, an outside query is queued: it must neither see nor join the change.
    let seenOutside: string | null = null;
    const outside = nameOf().then((name) => {
      seenOutside = name;
    });
    await pause(100);
    expect(seenOutside).toBeNull();
    letGo();
    await expect(transaction).rejects.toThrow('roll back');
    await outside;
    expect(seenOutside).toBe(before);
  });

  it('serves a waiting interactive query before the waiting queries of reports and exports', async () => {
    const order: string[] = [];
    // Hold the one connection, queue three background queries, then one interactive one.
    const { release, holder } = await holdConnection();
    const queued = [
      ...[1, 2, 3].map((n) => inLane('background', () => db.selectFrom('users').select('id').execute().then(() => order.push(`report ${n}`)))),
    ];
    await pause(20);
    queued.push(inLane('interactive', () => db.selectFrom('users').select('id').execute().then(() => order.push('person'))));
    await pause(20);
    release();
    await holder;
    await Promise.all(queued);
    expect(order).toEqual(['person', 'report 1', 'report 2', 'report 3']);
  });

  it("keeps the connection for a person's next query a moment, so a report's query does not slip in between two of one request's queries", async () => {
    const order: string[] = [];
    const { release, holder } = await holdConnection();
    const report = inLane('background', () => db.selectFrom('users').select('id').execute().then(() => order.push('report')));
    await pause(20);
    // A request's session, then (after a hash worked out off the thread) its user.
    const person = inLane('interactive', async () => {
      await db.selectFrom('sessions').select('id').execute();
      order.push('session');
      await new Promise((resolve) => setImmediate(resolve));
      await db.selectFrom('users').select('id').execute();
      order.push('user');
    });
    await pause(20);
    release();
    await Promise.all([holder, report, person]);
    expect(order).toEqual(['session', 'user', 'report']);
  });

  it('gives the connection to a waiting report once no person asks within the pause', async () => {
    const { release, holder } = await holdConnection();
    const report = inLane('background', () => db.selectFrom('users').select('id').execute());
    release();
    await holder;
    await expect(report).resolves.not.toHaveLength(0);
    // And the connection is free again afterwards.
    await expect(db.selectFrom('users').select('id').execute()).resolves.not.toHaveLength(0);
  });

  it('serves the request that came first before a later one, whichever query was asked first', async () => {
    const order: string[] = [];
    const { release, holder } = await holdConnection();
    // The first request works 60 ms before its query; the second comes 20 ms later and asks at once.
    const first = inLane('interactive', async () => {
      await pause(60);
      await db.selectFrom('users').select('id').execute();
      order.push('first');
    });
    await pause(20);
    const second = inLane('interactive', () => db.selectFrom('users').select('id').execute().then(() => order.push('second')));
    await pause(100);
    release();
    await Promise.all([holder, first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it("lets a report's query through after half a second, however many people's queries keep coming", async () => {
    const started = performance.now();
    let reportDone = 0;
    let peopleDone = 0;
    // Two people asking without pause: one of them is always waiting for the connection.
    const person = () =>
      inLane('interactive', async () => {
        while (performance.now() - started < 3_000) await db.selectFrom('users').select('id').execute();
        peopleDone = performance.now();
      });
    const people = [person(), person()];
    await pause(100);
    const report = inLane('background', () => db.selectFrom('users').select('id').execute().then(() => (reportDone = performance.now())));
    await Promise.all([...people, report]);
    expect(reportDone).toBeGreaterThan(0);
    expect(reportDone).toBeLessThan(peopleDone - 1_000);
  });

  it('reads reports and exports as background work, everything else as a person waiting', () => {
    expect(laneOf('/api/reports/orders/items?date_from=2024-01-01&format=xlsx')).toBe('background');
    expect(laneOf('/api/reports/orders/order?page=2')).toBe('background');
    expect(laneOf('/api/orders?status=outstanding&format=csv')).toBe('background');
    expect(laneOf('/api/reports/options')).toBe('interactive');
    expect(laneOf('/api/orders?page=2')).toBe('interactive');
    expect(laneOf('/api/heartbeat')).toBe('interactive');
  });

  it('dumps its database, which a new thread opens with the same rows', async () => {
    const again = new Kysely<Database>({ dialect: new WorkerPGliteDialect({ dump: new Uint8Array(await (await dialect.dump()).arrayBuffer()) }) });
    try {
      const row = await again.selectFrom('users').select('name').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
      expect(row.name).toBe('Admin');
    } finally {
      await again.destroy();
    }
  });
});
