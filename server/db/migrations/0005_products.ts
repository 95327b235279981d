import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { bilingual, recordTable, stamped } from './tables';

/** Product categories (two levels: category → sub-category) and products. */
export const products: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await recordTable(db, 'product_categories')
      .addColumn('parent_id', 'integer', (c) => c.references('product_categories.id'))
      .$call(bilingual('name'))
      .addColumn('commission_rate_bp', 'integer', (c) => c.check(sql`commission_rate_bp between 0 and 10000`))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamped)
      .execute();

    await recordTable(db, 'products')
      .addColumn('code', 'text', (c) => c.notNull())
      .$call(bilingual('name'))
      .addColumn('category_id', 'integer', (c) => c.references('product_categories.id'))
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
      .addColumn('commission_rate_bp', 'integer', (c) => c.check(sql`commission_rate_bp between 0 and 10000`))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .$call(stamped)
      .execute();
    await sql`create unique index products_code_unique on products (lower(code))`.execute(db);
    await db.schema.createIndex('products_category').on('products').column('category_id').execute();
  },
};
