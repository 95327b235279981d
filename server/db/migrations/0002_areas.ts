import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Areas (Hong Kong districts) used for client addresses and appointment filters. */
export const areas: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('areas')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('name_zh', 'text', (c) => c.notNull())
      .addColumn('region', 'text', (c) => c.notNull().check(sql`region in ('hk_island', 'kowloon', 'new_territories')`))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`create unique index areas_name_en_unique on areas (lower(name_en))`.execute(db);
  },
};
