import type { JobRow } from './repository';
import { insertJob, insertJobOnce } from './repository';
import type { Db } from '../service/context';

export { JobSignal } from './signal';

/**
 * Putting work on the background queue, and what decides when a failed attempt is tried again.
 * Everything here is plain app core (no Node API): the in-page demo has the same queue.
 */

/** Attempts a job gets before it is failed for good. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface Backoff {
  /** The wait after the first failed attempt; it doubles after each further one … */
  readonly baseMs: number;
  /** … up to this. */
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 30 * 60_000 };

/** How long to wait after the `attempts`-th failed attempt (1, 2, …): base, 2 × base, 4 × base … at most `maxMs`. */
export function retryDelayMs(attempts: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.baseMs * 2 ** Math.max(0, attempts - 1), backoff.maxMs);
}

export interface JobRequest {
  readonly kind: string;
  readonly payload: Record<string, unknown>;
  readonly maxAttempts?: number;
}

/**
 * Queues a job in `db` (pass the transaction of the change that asks for it, so both are kept or
 * neither). Call the signal's notify once that transaction is committed.
 */
export function enqueue(db: Db, now: Date, request: JobRequest): Promise<JobRow> {
  return insertJob(db, { kind: request.kind, payload: request.payload, runAt: now, maxAttempts: request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
}

/**
 * Queues a job to run at `runAt` unless a job with the same `dedupeKey` was ever queued (by this or
 * another instance: the key is unique in the table): the job, or null when the key was taken.
 */
export function enqueueOnce(db: Db, now: Date, request: JobRequest & { readonly dedupeKey: string; readonly runAt: Date }): Promise<JobRow | null> {
  return insertJobOnce(db, { kind: request.kind, payload: request.payload, runAt: request.runAt, maxAttempts: request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, dedupeKey: request.dedupeKey }, now);
}
