import { describe, expect, it } from 'vitest';
import { enqueue, enqueueOnce } from '../../server/jobs/queue';
import { putReminder, SEND_REMINDER_JOB } from '../../server/reminders/queue';
import { JobRunner, type JobHandlers } from '../../server/jobs/runner';
import { serverForTests } from './harness';

/**
 * Two server instances share one queue: each job runs exactly once. Runs on PGlite in `npm test` and
 * on a real PostgreSQL server in `npm run test:postgres` (a pool of 10 connections: the two runners'
 * claims really meet in the database, where FOR UPDATE SKIP LOCKED keeps them apart).
 */
const server = serverForTests();

describe('a queue shared by two instances', () => {
  it('runs each of 40 jobs exactly once, spread over both instances', async () => {
    const ran: { id: number; worker: string }[] = [];
    const handlerOf = (worker: string): JobHandlers => ({
      shared: {
        run: async (_deps, row) => {
          ran.push({ id: row.id, worker });
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      },
    });
    const ids: number[] = [];
    for (let n = 0; n < 40; n++) ids.push((await enqueue(server.db, server.clock.now(), { kind: 'shared', payload: { n } })).id);

    const instances = [new JobRunner(server.deps, handlerOf('one'), { worker: 'one', pollMs: 50 }), new JobRunner(server.deps, handlerOf('two'), { worker: 'two', pollMs: 50 })];
    for (const runner of instances) runner.start();
    await expect.poll(() => ran.length, { timeout: 60_000, interval: 100 }).toBe(40);
    await Promise.all(instances.map((runner) => runner.stop()));

    expect(ran.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
    const rows = await server.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'shared').execute();
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    // Both instances took part.
    expect(new Set(ran.map((r) => r.worker))).toEqual(new Set(['one', 'two']));
  });
});

describe('reminders made by instances at the same moment', () => {
  it('the same reminder asked for five times at once is recorded and queued once; the day’s run is queued once', async () => {
    const now = server.clock.now();
    const client = await server.db.insertInto('clients').values({ name_en: 'Race Ltd', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const reminderClient = { id: client.id, nameEn: 'Race Ltd', nameZh: '', optedOut: false, contact: { name: 'R', email: 'race@client.test' }, accountsContact: { name: 'R', email: 'race@client.test' }, language: 'both' as const, branchId: null };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        putReminder(server.deps, { kind: 'overdue', key: `overdue:${client.id}:2026-11-23`, day: '2026-11-23', client: reminderClient, manual: false, userId: null }, () => Promise.resolve()),
      ),
    );
    expect(outcomes.filter((o) => o.outcome === 'queued')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'taken')).toHaveLength(4);
    const rows = await server.db.selectFrom('reminders').select(['id', 'job_id']).where('client_id', '=', client.id).execute();
    expect(rows).toHaveLength(1);
    expect(await server.db.selectFrom('jobs').select('id').where('kind', '=', SEND_REMINDER_JOB).where('id', '=', rows[0]!.job_id!).execute()).toHaveLength(1);

    const scans = await Promise.all(Array.from({ length: 5 }, () => enqueueOnce(server.db, now, { kind: 'reminderScan', payload: {}, runAt: now, dedupeKey: 'reminderScan:race-day' })));
    expect(scans.filter((job) => job !== null)).toHaveLength(1);
  });
});
