import type { Db, Tx } from './context';

/**
 * Replies kept by idempotency key (migration 0023): the SQL of a request that must happen once
 * however often it is sent (a completion kept on a phone and sent again when the connection
 * returns). The service claims the key first thing in its transaction: a second claim of the same
 * (user, key) waits on the primary key until the first commits (then finds its reply) or rolls
 * back (then claims it itself).
 */

export interface KeptReply {
  readonly scope: string;
  readonly status: number;
  readonly reply: unknown;
}

/**
 * How long a reply is kept. A completion sent again later than this is no longer recognised by its
 * key, but cannot be applied twice either: its visit has moved on, so its version is stale (409).
 */
export const KEPT_REPLY_DAYS = 30;

/**
 * Claims (user, key) for `scope`; false when it is taken (the reply is then kept: keptReply). The
 * user's replies older than KEPT_REPLY_DAYS go at the same time, so the table does not grow for ever.
 */
export async function claimKey(tx: Tx, userId: number, key: string, scope: string, now: Date): Promise<boolean> {
  const row = await tx.insertInto('idempotent_replies').values({ user_id: userId, key, scope, created_at: now }).onConflict((oc) => oc.columns(['user_id', 'key']).doNothing()).returning('key').executeTakeFirst();
  if (row !== undefined) {
    await tx
      .deleteFrom('idempotent_replies')
      .where('user_id', '=', userId)
      .where('created_at', '<', new Date(now.getTime() - KEPT_REPLY_DAYS * 24 * 60 * 60 * 1000))
      .execute();
  }
  return row !== undefined;
}

/** The reply kept for (user, key), or undefined when none is kept. */
export async function keptReply(db: Db, userId: number, key: string): Promise<KeptReply | undefined> {
  const row = await db.selectFrom('idempotent_replies').select(['scope', 'status', 'reply']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  return row && row.status !== null ? { scope: row.scope, status: row.status, reply: row.reply } : undefined;
}

/** Keeps the reply of a claimed key, in the claiming transaction. */
export async function keepReply(tx: Tx, userId: number, key: string, status: number, reply: unknown): Promise<void> {
  await tx.updateTable('idempotent_replies').set({ status, reply: JSON.stringify(reply) }).where('user_id', '=', userId).where('key', '=', key).execute();
}
