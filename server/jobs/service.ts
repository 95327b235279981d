import { err, ok, type Result } from 'neverthrow';
import type { Job, JobList } from '../../contract/jobs';
import type { JobStatus } from '../db/schema';
import type { ServiceContext } from '../service/context';
import { notFound, type Failure } from '../service/failure';
import * as repo from './repository';

/** Settings → Background jobs: what is queued, done and failed (with the reason), and the retry of a failed job. */

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A job as the wire shows it (its payload stays on the server; its summary says what it is about). */
export function jobView(row: repo.JobRow): Job {
  const summary = typeof row.payload.summary === 'string' ? row.payload.summary : '';
  return {
    id: row.id,
    kind: row.kind,
    summary,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: iso(row.run_at)!,
    lastError: row.last_error,
    lockedBy: row.locked_by,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
  };
}

export async function listJobs(ctx: Pick<ServiceContext, 'db'>, filter: { status?: JobStatus; page: number; perPage: number }): Promise<JobList> {
  const [{ items, total }, counts] = await Promise.all([repo.jobPage(ctx.db, filter), repo.jobCounts(ctx.db)]);
  return { items: items.map(jobView), total, page: filter.page, perPage: filter.perPage, counts };
}

/** A failed job queued again now with its attempts afresh; audited. Only a failed job can be retried (else 409). */
export async function retryJob(ctx: ServiceContext, id: number): Promise<Result<Job, Failure>> {
  const retried = await ctx.db.transaction().execute(async (tx) => {
    const before = await repo.job(tx, id);
    if (!before) return err(notFound);
    const row = await repo.requeue(tx, id, ctx.now());
    if (!row) return err({ code: 'conflict' } as const);
    await ctx.audit({ action: 'retry', entityType: 'job', entityId: id, changes: { kind: row.kind, lastError: before.last_error, attempts: before.attempts } }, tx);
    return ok(row);
  });
  if (retried.isErr()) return err(retried.error);
  ctx.deps.jobs?.notify();
  return ok(jobView(retried.value));
}
