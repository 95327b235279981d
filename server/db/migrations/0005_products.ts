import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Product categories (two levels: category → sub-category) and products. */
export const products: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('product_categories')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('parent_id', 'integer', (c) => c.references('product_categories.id'))
      .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('commission_rate_bp', 'integer', (c) => c.check(sql`commission_rate_bp between 0 and 10000`))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'integer', (c) => c.references('product_categories.id'))
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
      .addColumn('commission_rate_bp', 'integer', (c) => c.check(sql`commission_rate_bp between 0 and 10000`))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`create unique index products_code_unique on products (lower(code))`.execute(db);
    await db.schema.createIndex('products_category').on('products').column('category_id').execute();
  },
};
