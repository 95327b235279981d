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
 * Counts one attempt under `key` in a fixed window kept in the database (so every server instance
 * shares it), and says whether it is within `limit`.
 */
export async function hitRateLimit(c: AppContext, key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const { db, now } = c.var.deps;
  const at = now();
  const resetAt = new Date(at.getTime() + windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql<Date>`case when rate_limits.reset_at <= ${at} then ${resetAt} else rate_limits.reset_at end`,
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
