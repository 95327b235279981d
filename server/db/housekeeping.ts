import type { Kysely } from 'kysely';
import type { ServerConfig } from '../http/env';
import type { Database } from './schema';

/**
 * How long an expired sign-in is kept after it expired, so the user's next visit (the heartbeat)
 * can still say "your session has expired" rather than a plain "please sign in".
 */
export const EXPIRED_SESSION_KEPT_MS = 24 * 60 * 60 * 1000;

/** How often a server instance purges (server/main.ts). */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface Purged {
  readonly sessions: number;
  readonly rateLimits: number;
  readonly passwordResets: number;
}

/**
 * Deletes what can no longer be used, so storage does not grow with time or with anonymous traffic:
 * - sign-in sessions a day after they expired (idle or absolute timeout);
 * - sign-ins waiting for their two-factor code once the challenge has timed out;
 * - session rows without a user and without a pending sign-in (guest rows stored by earlier
 *   versions; guests hold no row now);
 * - rate-limit counts whose window has ended;
 * - "Forgot password?" links once expired (used or not).
 * Plain conditional deletes: safe when several server instances run it at once.
 */
export async function purgeExpired(db: Kysely<Database>, now: Date, config: ServerConfig): Promise<Purged> {
  const at = now.getTime();
  const idleCut = new Date(at - config.idleTimeoutMs - EXPIRED_SESSION_KEPT_MS);
  const ageCut = new Date(at - config.absoluteTimeoutMs - EXPIRED_SESSION_KEPT_MS);
  const challengeCut = new Date(at - config.challengeTimeoutMs);
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', 'is not', null), eb.or([eb('last_activity_at', '<', idleCut), eb('created_at', '<', ageCut)])]),
        eb.and([eb('user_id', 'is', null), eb.or([eb('pending_user_id', 'is', null), eb('pending_at', 'is', null), eb('pending_at', '<', challengeCut)])]),
      ]),
    )
    .executeTakeFirst();
  const rateLimits = await db.deleteFrom('rate_limits').where('reset_at', '<', now).executeTakeFirst();
  const passwordResets = await db.deleteFrom('password_resets').where('expires_at', '<', now).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), rateLimits: Number(rateLimits.numDeletedRows), passwordResets: Number(passwordResets.numDeletedRows) };
}
