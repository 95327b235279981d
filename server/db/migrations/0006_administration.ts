import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { bilingual, blank, now, recordTable, stamped } from './tables';

/** Company letterhead, users' commission, order terms, keyed options, codes (settings) and holidays. */
export const administration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('commission_rate_bp', 'integer').execute();

    await db.schema
      .alterTable('companies')
      .addColumn('address_en', 'text', blank)
      .addColumn('address_zh', 'text', blank)
      .addColumn('phone', 'text', blank)
      .addColumn('fax', 'text', blank)
      .addColumn('email', 'text', blank)
      .addColumn('website', 'text', blank)
      .addColumn('br_number', 'text', blank)
      .addColumn('logo_key', 'text')
      .addColumn('logo_type', 'text')
      .addColumn('chop_key', 'text')
      .addColumn('chop_type', 'text')
      .execute();

    await recordTable(db, 'order_terms')
      .$call(bilingual('title'))
      .$call(bilingual('body'))
      .addColumn('applies_to', 'text', (c) => c.notNull().defaultTo('both').check(sql`applies_to in ('quotation', 'order', 'both')`))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .$call(stamped)
      .execute();

    await recordTable(db, 'options')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .$call(bilingual('label'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .$call(stamped)
      .addUniqueConstraint('options_key_value', ['key', 'value'])
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', now)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await recordTable(db, 'holidays')
      .addColumn('date', 'date', (c) => c.notNull().unique())
      .$call(bilingual('name'))
      .$call(stamped)
      .execute();
  },
};
