import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { now, recordTable } from './tables';

/**
 * Password reset (issue 21 item 8): the links of "Forgot password?", of which only the SHA-256 of
 * each token is kept, each expiring and used once; and the temporary password an administrator sets,
 * which its user must change at their next sign-in (`users.must_change_password`).
 */
export const passwordReset: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await recordTable(db, 'password_resets')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', now)
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
    await db.schema
      .alterTable('users')
      .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
};
