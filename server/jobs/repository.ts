import { sql, type Selectable } from 'kysely';
import type { JobStatus, JobTable } from '../db/schema';
import type { Db } from '../service/context';

/** The jobs table (server/db/migrations/0016_jobs_and_mail.ts): SQL only. */

export type JobRow = Selectable<JobTable>;

export interface NewJob {
  readonly kind: string;
  readonly payload: Record<string, unknown>;
  readonly runAt: Date;
  readonly maxAttempts: number;
  /** A job that must exist once only: a second one with the same key is not queued. */
  readonly dedupeKey?: string;
}

export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  return db
    .insertInto('jobs')
    .values({ kind: job.kind, payload: JSON.stringify(job.payload), run_at: job.runAt, max_attempts: job.maxAttempts, created_at: job.runAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Queues the job unless one with its key exists (queued, done or failed): the job, or null when the key was taken. */
export async function insertJobOnce(db: Db, job: NewJob & { readonly dedupeKey: string }, now: Date): Promise<JobRow | null> {
  return (
    (await db
      .insertInto('jobs')
      .values({ kind: job.kind, payload: JSON.stringify(job.payload), run_at: job.runAt, max_attempts: job.maxAttempts, created_at: now, dedupe_key: job.dedupeKey })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/**
 * Takes the next due job for `worker`: a queued job whose time has come, or a running one whose
 * lease ended (its instance stopped or crashed). `FOR UPDATE SKIP LOCKED` lets instances ask at the
 * same moment: each gets a different job, none waits for another's. The attempt is counted now, so a
 * job that crashes its instance every time still ends.
 */
export async function claimNext(db: Db, worker: string, now: Date, leaseMs: number): Promise<JobRow | null> {
  const leaseEnded = new Date(now.getTime() - leaseMs);
  const { rows } = await sql<JobRow>`
    update jobs set status = 'running', locked_by = ${worker}, locked_at = ${now}, attempts = attempts + 1
    where id = (
      select id from jobs
      where (status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_at < ${leaseEnded})
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return rows[0] ?? null;
}

/** The job is done, if `worker` still holds it (not taken by another after its lease ended). */
export async function markDone(db: Db, id: number, worker: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'done', finished_at: now, locked_by: null, locked_at: null, last_error: '' })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An attempt failed: queued again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(db: Db, id: number, worker: string, reason: string, retryAt: Date | null, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(retryAt ? { status: 'queued', run_at: retryAt, last_error: reason, locked_by: null, locked_at: null } : { status: 'failed', finished_at: now, last_error: reason, locked_by: null, locked_at: null })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed job queued again now, with its attempts counted afresh (its last error kept until it runs). */
export async function requeue(db: Db, id: number, now: Date): Promise<JobRow | null> {
  return (
    (await db
      .updateTable('jobs')
      .set({ status: 'queued', attempts: 0, run_at: now, finished_at: null, locked_by: null, locked_at: null })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

export const job = (db: Db, id: number): Promise<JobRow | undefined> => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

export interface JobFilter {
  readonly status?: JobStatus;
  readonly page: number;
  readonly perPage: number;
}

/** A page of jobs, newest first, and how many there are. */
export async function jobPage(db: Db, filter: JobFilter): Promise<{ items: JobRow[]; total: number }> {
  let query = db.selectFrom('jobs');
  if (filter.status) query = query.where('status', '=', filter.status);
  const [items, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** How many jobs are in each state. */
export async function jobCounts(db: Db): Promise<Record<JobStatus, number>> {
  const rows = await db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
  const counts: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
