import { sql } from 'kysely';
import { translate, type ServerMessageKey } from '../i18n';
import type { AppContext } from './env';

export interface RateLimitResult {
  readonly allowed: boolean;
  /** Attempts counted in this window, this one included. */
  readonly hits: number;
  /** Seconds until the window resets (for Retry-After). */
  readonly retryAfterSeconds: number;
}

/**
 * Counts one attempt under `key` in a window kept in the database (so every server instance shares
 * it), and says whether it is within `limit`. The window is fixed (it ends `windowMs` after its first
 * attempt) unless `sliding`, when each attempt moves its end to `windowMs` from now: a count kept
 * while attempts go on, forgotten after `windowMs` of quiet.
 */
export async function hitRateLimit(c: AppContext, key: string, limit: number, windowMs: number, options: { sliding?: boolean } = {}): Promise<RateLimitResult> {
  const { db, now } = c.var.deps;
  const at = now();
  const resetAt = new Date(at.getTime() + windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.hits + 1 end`,
        reset_at: options.sliding ? sql<Date>`${resetAt}` : sql<Date>`case when rate_limits.reset_at <= ${at} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return {
    allowed: row.hits <= limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - at.getTime()) / 1000)),
  };
}

/**
 * Starts a pause of `pauseMs` under `key` unless one is still running: allowed when this call
 * started it (so of several requests at once, one goes ahead), refused with the seconds left of the
 * running one otherwise.
 */
export async function claimPause(c: AppContext, key: string, pauseMs: number): Promise<RateLimitResult> {
  const { db, now } = c.var.deps;
  const at = now();
  const started = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: new Date(at.getTime() + pauseMs) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ hits: sql<number>`rate_limits.hits + 1`, reset_at: (eb) => eb.ref('excluded.reset_at') })
        .where('rate_limits.reset_at', '<=', at),
    )
    .returning(['hits'])
    .executeTakeFirst();
  if (started) return { allowed: true, hits: started.hits, retryAfterSeconds: Math.max(1, Math.ceil(pauseMs / 1000)) };
  const running = await db.selectFrom('rate_limits').select(['hits', 'reset_at']).where('key', '=', key).executeTakeFirst();
  const left = running ? new Date(running.reset_at).getTime() - at.getTime() : pauseMs;
  return { allowed: false, hits: running?.hits ?? 0, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
}

/** Takes one attempt back off the count under `key` (one that turned out not to count). */
export async function undoRateLimitHit(c: AppContext, key: string): Promise<void> {
  await c.var.deps.db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`greatest(rate_limits.hits - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

export async function clearRateLimit(c: AppContext, key: string): Promise<void> {
  await c.var.deps.db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** The 429 reply for a refused attempt: Retry-After, and a message in the caller's language. */
export function tooManyAttempts(c: AppContext, limit: RateLimitResult, message: ServerMessageKey = 'auth.throttled'): Response {
  c.header('Retry-After', String(limit.retryAfterSeconds));
  return c.json({ message: translate(c.var.language, message, { count: limit.retryAfterSeconds, seconds: limit.retryAfterSeconds }) }, 429);
}
