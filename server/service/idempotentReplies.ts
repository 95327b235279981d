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

/** Claims (user, key) for `scope`; false when it is taken (the reply is then kept: keptReply). */
export async function claimKey(tx: Tx, userId: number, key: string, scope: string, now: Date): Promise<boolean> {
  const row = await tx.insertInto('idempotent_replies').values({ user_id: userId, key, scope, created_at: now }).onConflict((oc) => oc.columns(['user_id', 'key']).doNothing()).returning('key').executeTakeFirst();
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
