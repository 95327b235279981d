import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { bilingual, now, recordTable, stamped } from './tables';

/** Companies, branches, roles with permissions, users, sessions and the audit log. */
export const foundation: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await recordTable(db, 'companies')
      .$call(bilingual('name', 'required'))
      .$call(stamped)
      .execute();

    await recordTable(db, 'branches')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .$call(bilingual('name', 'required'))
      .addColumn('address', 'text')
      .addColumn('phone', 'text')
      .$call(stamped)
      .execute();

    await recordTable(db, 'roles')
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .$call(stamped)
      .execute();

    await db.schema
      .createTable('role_permissions')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('permission', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
      .execute();

    await recordTable(db, 'users')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('zh-HK'))
      .addColumn('role_id', 'integer', (c) => c.references('roles.id'))
      .addColumn('branch_id', 'integer', (c) => c.references('branches.id'))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
      .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('calendar_color', 'text')
      .$call(stamped)
      .execute();
    await sql`create unique index users_email_unique on users (lower(email))`.execute(db);

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('xsrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', now)
      .addColumn('last_activity_at', 'timestamptz', now)
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_last_activity').on('sessions').column('last_activity_at').execute();

    await db.schema
      .createTable('audits')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity_type', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('changes', 'jsonb')
      .addColumn('ip', 'text')
      .addColumn('created_at', 'timestamptz', now)
      .execute();
    await db.schema.createIndex('audits_created_at').on('audits').column('created_at').execute();
    await db.schema.createIndex('audits_entity').on('audits').columns(['entity_type', 'entity_id']).execute();
  },
};
