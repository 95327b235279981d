import { err, ok, type Result } from 'neverthrow';
import type { ServiceContext } from '../service/context';
import { allowanceResetAt, giveBackAllowance, settingsRow, takeAllowance } from './repository';

/**
 * How many e-mails one person may send in an hour (Settings → E-mail, 200 by default): every send a
 * person asks for counts, one per recipient — a document's e-mail, a statement's (one per client in
 * "Send statements"), an overdue reminder sent by hand (one per client), a test e-mail. Counted in
 * the database (rate_limits), so every server instance shares the count; past it the request is
 * refused whole (429 with Retry-After), nothing queued.
 */

const HOUR = 60 * 60_000;

export interface SendLimitFailure {
  readonly code: 'sendLimit';
  readonly limit: number;
  readonly retryAfterSeconds: number;
}

const keyOf = (userId: number) => `mail-sends:user:${userId}`;

/** Takes `count` sends (at least one) from the person's allowance of the hour, all or none. */
export async function takeSends(ctx: Pick<ServiceContext, 'db' | 'now' | 'actor'>, count = 1): Promise<Result<void, SendLimitFailure>> {
  if (count <= 0) return ok(undefined);
  const limit = (await settingsRow(ctx.db)).sends_per_hour;
  const at = ctx.now();
  const key = keyOf(ctx.actor.id);
  if (await takeAllowance(ctx.db, key, count, limit, at, new Date(at.getTime() + HOUR))) return ok(undefined);
  const resetAt = await allowanceResetAt(ctx.db, key);
  const retryAfterSeconds = Math.max(1, Math.ceil(((resetAt && resetAt > at ? resetAt.getTime() : at.getTime() + HOUR) - at.getTime()) / 1000));
  return err({ code: 'sendLimit', limit, retryAfterSeconds });
}

/** Gives back sends taken for e-mails that were not queued after all (a reminder already sent today). */
export const giveBackSends = (ctx: Pick<ServiceContext, 'db' | 'actor'>, count: number): Promise<void> => giveBackAllowance(ctx.db, keyOf(ctx.actor.id), count);
