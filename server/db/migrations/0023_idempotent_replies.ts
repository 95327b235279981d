import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { now } from './tables';

/**
 * Replies kept by idempotency key (issue 22 item 4, the worker's offline queue): a request sent with
 * an `Idempotency-Key` (a UUID the device made once) keeps its reply here, keyed by (user, key), in
 * the same transaction as its work. A replay of the key gets the kept reply and changes nothing; a
 * replay racing the first waits on the primary key and then finds the reply. `reply` is null only
 * inside the transaction that claims the key. Kept rows are never read after a while; they are small.
 */
export const idempotentReplies: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('idempotent_replies')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull().check(sql`length(key) between 1 and 100`))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('reply', 'jsonb')
      .addColumn('created_at', 'timestamptz', now)
      .addPrimaryKeyConstraint('idempotent_replies_pkey', ['user_id', 'key'])
      .execute();
  },
};
