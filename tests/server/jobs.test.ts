import { describe, expect, it } from 'vitest';
import { enqueue, JobSignal, retryDelayMs } from '../../server/jobs/queue';
import { claimNext, job } from '../../server/jobs/repository';
import { JobRunner, PermanentJobError, type JobHandlers } from '../../server/jobs/runner';
import { DEMO, serverForTests, signedInAgent } from './harness';

/** Background jobs (server/jobs): claim, retry with backoff, lease, the runner's loop, Settings → Background jobs. */

const server = serverForTests(undefined, { jobs: new JobSignal() });

const queue = (kind: string, payload: Record<string, unknown> = {}, maxAttempts?: number) => enqueue(server.db, server.clock.now(), { kind, payload, maxAttempts });

describe('the runner', () => {
  it('runs each due job once, oldest first, and marks it done', async () => {
    const ran: number[] = [];
    const handlers: JobHandlers = { record: { run: (_deps, row) => Promise.resolve(void ran.push(row.payload.n as number)) } };
    for (const n of [1, 2, 3]) await queue('record', { n });
    const runner = new JobRunner(server.deps, handlers, { worker: 'a' });
    expect(await runner.runDue()).toBe(3);
    expect(ran).toEqual([1, 2, 3]);
    expect(await runner.runOnce()).toBeNull();
    const done = await server.db.selectFrom('jobs').selectAll().where('kind', '=', 'record').execute();
    expect(done.map((row) => [row.status, row.attempts, row.locked_by, row.finished_at !== null])).toEqual([
      ['done', 1, null, true],
      ['done', 1, null, true],
      ['done', 1, null, true],
    ]);
  });

  it('tries a failing job again after 30 s, 60 s, 120 s …, then fails it with the reason', async () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000, 30 * 60_000]);
    let calls = 0;
    const handlers: JobHandlers = {
      flaky: {
        run: () => {
          calls++;
          return Promise.reject(new Error(`refused (${calls})`));
        },
      },
    };
    const queued = await queue('flaky', {}, 3);
    const runner = new JobRunner(server.deps, handlers, { worker: 'a' });
    const start = server.clock.now().getTime();

    expect((await runner.runOnce())?.id).toBe(queued.id);
    let row = (await job(server.db, queued.id))!;
    expect([row.status, row.attempts, row.last_error, new Date(row.run_at).getTime() - start]).toEqual(['queued', 1, 'refused (1)', 30_000]);
    // Not due yet: nothing runs.
    expect(await runner.runOnce()).toBeNull();

    server.clock.advance(30_000);
    expect((await runner.runOnce())?.id).toBe(queued.id);
    row = (await job(server.db, queued.id))!;
    expect([row.status, row.attempts, row.last_error, new Date(row.run_at).getTime() - start]).toEqual(['queued', 2, 'refused (2)', 30_000 + 60_000]);

    server.clock.advance(60_000);
    await runner.runOnce();
    row = (await job(server.db, queued.id))!;
    expect([row.status, row.attempts, row.last_error, row.finished_at !== null]).toEqual(['failed', 3, 'refused (3)', true]);
    server.clock.advance(24 * 60 * 60_000);
    expect(await runner.runOnce()).toBeNull();
    expect(calls).toBe(3);
  });

  it('fails at once on a permanent error or a kind it has no handler for', async () => {
    const handlers: JobHandlers = { doomed: { run: () => Promise.reject(new PermanentJobError('the document was deleted')) } };
    const doomed = await queue('doomed');
    const unknown = await queue('nobody-runs-this');
    const runner = new JobRunner(server.deps, handlers, { worker: 'a' });
    await runner.runDue();
    expect(await job(server.db, doomed.id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'the document was deleted' });
    expect(await job(server.db, unknown.id)).toMatchObject({ status: 'failed', last_error: 'No handler for jobs of kind "nobody-runs-this"' });
  });

  it('takes again a job whose instance stopped (after the lease), and the late instance cannot mark it', async () => {
    const ran: string[] = [];
    const handlers: JobHandlers = { leased: { run: () => Promise.resolve(void ran.push('b')) } };
    const queued = await queue('leased');
    // Instance "crashed" takes the job and never finishes it.
    expect((await claimNext(server.db, 'crashed', server.clock.now(), 60_000))?.id).toBe(queued.id);
    const other = new JobRunner(server.deps, handlers, { worker: 'b', leaseMs: 60_000 });
    expect(await other.runOnce()).toBeNull();
    server.clock.advance(60_001);
    expect((await other.runOnce())?.id).toBe(queued.id);
    expect(ran).toEqual(['b']);
    expect(await job(server.db, queued.id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
  });

  it('is woken when a job is queued on its instance, and stop() waits for the job it runs', async () => {
    let finish!: () => void;
    const started: number[] = [];
    const handlers: JobHandlers = {
      slow: {
        run: (_deps, row) => {
          started.push(row.id);
          return new Promise<void>((resolve) => (finish = resolve));
        },
      },
    };
    // A poll of an hour: only the signal can start the job soon.
    const runner = new JobRunner(server.deps, handlers, { worker: 'loop', pollMs: 60 * 60_000 });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queued = await queue('slow');
    server.deps.jobs!.notify();
    await expect.poll(() => started, { timeout: 10_000 }).toEqual([queued.id]);
    let stopped = false;
    const stopping = runner.stop(10_000).then((finished) => {
      stopped = true;
      return finished;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finish();
    expect(await stopping).toBe(true);
    expect(await job(server.db, queued.id)).toMatchObject({ status: 'done' });
  });
});

describe('Settings → Background jobs', () => {
  it('lists jobs with counts and the reason of a failure, and retries a failed one (audited)', async () => {
    const failing = await queue('apiFailing', { summary: 'Q-1 → ada@example.com' }, 1);
    await new JobRunner(server.deps, { apiFailing: { run: () => Promise.reject(new Error('Connection refused')) } }, { worker: 'a' }).runDue();
    const admin = await signedInAgent(server, DEMO.admin);

    const failed = await admin.get('/api/jobs?status=failed');
    expect(failed.status).toBe(200);
    const items = failed.body!.items as { id: number; status: string; lastError: string; summary: string }[];
    expect(items.find((item) => item.id === failing.id)).toMatchObject({ status: 'failed', lastError: 'Connection refused', summary: 'Q-1 → ada@example.com' });
    expect(items.every((item) => item.status === 'failed')).toBe(true);
    expect((failed.body!.counts as { failed: number }).failed).toBeGreaterThanOrEqual(1);

    const retried = await admin.post(`/api/jobs/${failing.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body!.job).toMatchObject({ id: failing.id, status: 'queued', attempts: 0 });
    // Only a failed job can be retried.
    expect((await admin.post(`/api/jobs/${failing.id}/retry`)).status).toBe(409);
    expect((await admin.post('/api/jobs/999999/retry')).status).toBe(404);
    const audit = await server.db.selectFrom('audits').selectAll().where('entity_type', '=', 'job').where('entity_id', '=', String(failing.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['retry']);

    // The sales role has no setting permissions.
    const sales = await signedInAgent(server, DEMO.sales);
    expect((await sales.get('/api/jobs')).status).toBe(403);
  });
});
