/**
 * The wire of Settings → Background jobs (server/jobs/routes.ts): a page of jobs, newest first, with
 * how many are in each state, and the retry of a failed job.
 */
import * as z from 'zod/mini';
import { Id, listPage, Timestamp } from './common';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

/** One job: what it does (its kind and a line about it), where it stands, and why its last attempt failed. */
export const Job = z.object({
  id: Id,
  kind: z.string(),
  /** What the job is about, e.g. "Q-2026-0001 → ada@example.com" ('' when nothing more to say). */
  summary: z.string(),
  status: JobStatus,
  attempts: z.number(),
  maxAttempts: z.number(),
  /** When it runs (next), for a queued job. */
  runAt: Timestamp,
  /** Why the last attempt failed ('' when none did). */
  lastError: z.string(),
  /** The server instance running it. */
  lockedBy: z.nullable(z.string()),
  createdAt: Timestamp,
  finishedAt: z.nullable(Timestamp),
});
export type Job = z.infer<typeof Job>;

export const JobCounts = z.object({ queued: z.number(), running: z.number(), done: z.number(), failed: z.number() });

/** GET /api/jobs */
export const JobList = listPage(Job, { counts: JobCounts });
export type JobList = z.infer<typeof JobList>;

/** POST /api/jobs/{id}/retry */
export const JobReply = z.object({ job: Job });
export type JobReply = z.infer<typeof JobReply>;
