import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerDeps } from '../http/env';
import { randomToken } from '../auth/tokens';
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff } from './queue';
import { claimNext, markAttemptFailed, markDone, type JobRow } from './repository';

/** What a job's kind does. `run` throws to fail the attempt (a `PermanentJobError` ends the job at once). */
export interface JobHandler {
  run(deps: ServerDeps, job: JobRow): Promise<void>;
  /** After a failed attempt (`final`: no attempt is left, the job is failed), e.g. to note it on a document. */
  failed?(deps: ServerDeps, job: JobRow, reason: string, final: boolean): Promise<void>;
}

export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A failure no retry can mend (the document was deleted, the input is wrong): the job fails at once. */
export class PermanentJobError extends Error {}

export interface RunnerOptions {
  /** This instance's name in `jobs.locked_by`. */
  readonly worker?: string;
  /** How long the runner rests when no job is due (woken earlier by a job queued here). */
  readonly pollMs?: number;
  /** A job running longer than this is taken to be lost with its instance, and taken again. */
  readonly leaseMs?: number;
  readonly backoff?: Backoff;
}

export const DEFAULT_POLL_MS = 5_000;
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** The longest reason kept on a failed job. */
const REASON_MAX = 1_000;

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX) || 'Unknown error';

/**
 * Runs the background jobs of this server instance: takes the next due job from the shared table,
 * runs its handler, marks it done or schedules its retry (exponential backoff) or fails it with the
 * reason. Polls gently while nothing is due and is woken by `deps.jobs` when a job is queued here.
 * `stop()` ends the loop and waits for the job still running (the drain on shutdown).
 */
export class JobRunner {
  readonly worker: string;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly backoff: Backoff;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private rest: { timer: ReturnType<typeof setTimeout>; wake: () => void } | null = null;
  private unlisten: (() => void) | null = null;
  private woken = false;

  constructor(
    private readonly deps: ServerDeps,
    private readonly handlers: JobHandlers,
    options: RunnerOptions = {},
  ) {
    this.worker = options.worker ?? `instance-${randomToken(6)}`;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  private get db(): Kysely<Database> {
    return this.deps.db;
  }

  /** Starts the loop (once). */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.unlisten = this.deps.jobs?.listen(() => this.wake()) ?? null;
    this.loop = this.run();
  }

  /** Wakes the loop now (a job was queued). */
  wake(): void {
    this.woken = true;
    this.rest?.wake();
  }

  /** Ends the loop and waits for the job still running, at most `timeoutMs`; true when it finished. */
  async stop(timeoutMs = 10_000): Promise<boolean> {
    this.stopping = true;
    this.unlisten?.();
    this.rest?.wake();
    const loop = this.loop;
    if (!loop) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finished = await Promise.race([loop.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
    clearTimeout(timer);
    this.loop = null;
    return finished;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let ran = false;
      try {
        ran = (await this.runOnce()) !== null;
      } catch (error) {
        console.error('[jobs] could not take the next job:', error);
      }
      if (!ran && !this.stopping && !this.woken) await this.pause();
    }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.rest = null;
        resolve();
      };
      const timer = setTimeout(wake, this.pollMs);
      this.rest = { timer, wake };
    });
  }

  /** Takes one due job and runs it; the job as it was taken, or null when none was due. */
  async runOnce(): Promise<JobRow | null> {
    const job = await claimNext(this.db, this.worker, this.deps.now(), this.leaseMs);
    if (!job) return null;
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new PermanentJobError(`No handler for jobs of kind "${job.kind}"`);
      await handler.run(this.deps, job);
      await markDone(this.db, job.id, this.worker, this.deps.now());
    } catch (error) {
      const reason = reasonOf(error);
      const final = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
      const now = this.deps.now();
      const retryAt = final ? null : new Date(now.getTime() + retryDelayMs(job.attempts, this.backoff));
      const kept = await markAttemptFailed(this.db, job.id, this.worker, reason, retryAt, now);
      if (kept && handler?.failed) {
        await handler.failed(this.deps, job, reason, final).catch((e: unknown) => console.error(`[jobs] job ${job.id}: noting its failure failed:`, e));
      }
    }
    return job;
  }

  /** Runs every job that is due now, one after another; how many ran (tests, and a host without a loop). */
  async runDue(): Promise<number> {
    let count = 0;
    while ((await this.runOnce()) !== null) count++;
    return count;
  }
}
