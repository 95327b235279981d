import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Company letterhead, users' commission, order terms, keyed options, codes (settings) and holidays. */
export const administration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('commission_rate_bp', 'integer').execute();

    await db.schema
      .alterTable('companies')
      .addColumn('address_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('address_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('fax', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('br_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('logo_key', 'text')
      .addColumn('logo_type', 'text')
      .addColumn('chop_key', 'text')
      .addColumn('chop_type', 'text')
      .execute();

    await db.schema
      .createTable('order_terms')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('title_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('applies_to', 'text', (c) => c.notNull().defaultTo('both').check(sql`applies_to in ('quotation', 'order', 'both')`))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('options')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('label_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('label_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('options_key_value', ['key', 'value'])
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('holidays')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('date', 'date', (c) => c.notNull().unique())
      .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
};
