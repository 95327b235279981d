import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { now, recordTable } from './tables';

/**
 * Account security: two-factor authentication, profile photo, pending sign-ins, the permissions a
 * session signed in with, rate limits, API tokens and the application's own secrets.
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('users')
      .addColumn('two_factor_secret', 'text')
      .addColumn('two_factor_recovery_codes', 'text')
      .addColumn('two_factor_confirmed_at', 'timestamptz')
      .addColumn('two_factor_last_step', 'bigint')
      .addColumn('photo_key', 'text')
      .addColumn('photo_type', 'text')
      .addColumn('password_changed_at', 'timestamptz')
      .execute();

    await db.schema
      .alterTable('sessions')
      .addColumn('pending_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('pending_at', 'timestamptz')
      .addColumn('is_admin_snapshot', 'boolean')
      .addColumn('permissions_snapshot', 'jsonb')
      .execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await recordTable(db, 'api_tokens')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('abilities', 'jsonb', (c) => c.notNull())
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', now)
      .execute();
    await db.schema.createIndex('api_tokens_user_id').on('api_tokens').column('user_id').execute();

    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', now)
      .execute();
  },
};
