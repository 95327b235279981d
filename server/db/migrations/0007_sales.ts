import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { bilingual, blank, now, recordTable, stamped } from './tables';

/**
 * The money flow: quotations and orders (with their lines), receipts and refunds against orders, and
 * the document number sequences. Amounts are integer cents; the figures stored on a document are
 * those the domain computed when it was saved.
 */
export const sales: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('document_sequences')
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('last', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('document_sequences_pk', ['prefix', 'year'])
      .execute();

    for (const table of ['quotations', 'orders'] as const) {
      let create = recordTable(db, table)
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('date', 'date', (c) => c.notNull())
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('branch_id', 'integer', (c) => c.references('branches.id'))
        .addColumn('salesperson_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('discount_rate_bp', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_rate_bp between 0 and 10000`))
        .addColumn('subtotal', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
        .addColumn('terms', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('notes', 'text', blank)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .$call(stamped);
      if (table === 'quotations') {
        create = create
          .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('basic', 'contract')`))
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status in ('draft', 'sent', 'accepted', 'rejected', 'expired')`))
          .addColumn('valid_days', 'integer', (c) => c.notNull().check(sql`valid_days between 1 and 365`))
          .addColumn('period_start', 'date')
          .addColumn('period_end', 'date')
          .addColumn('visit_frequency', 'text');
      } else {
        create = create
          .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('new_order', 'regular_order', 'review', 'maintenance')`))
          .addColumn('quotation_id', 'integer', (c) => c.references('quotations.id'))
          .addColumn('due_date', 'date', (c) => c.notNull())
          .addColumn('voided', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('void_reason', 'text', blank)
          .addColumn('voided_at', 'timestamptz')
          .addColumn('voided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
          // Receipts less refunds, kept in step with the receipts table inside the same transaction.
          // The constraint is the database's own guarantee of the spec's rule "Total Receipt Amount
          // must be equal or below Total Amount", whatever the code above it does.
          .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
          .addCheckConstraint('orders_paid_within_total', sql`paid >= 0 and paid <= total`);
      }
      await create.execute();
      await db.schema.createIndex(`${table}_client`).on(table).column('client_id').execute();
      await db.schema.createIndex(`${table}_date`).on(table).column('date').execute();
      await db.schema.createIndex(`${table}_salesperson`).on(table).column('salesperson_id').execute();
      await db.schema.createIndex(`${table}_branch`).on(table).column('branch_id').execute();

      const items = table === 'quotations' ? 'quotation_items' : 'order_items';
      const owner = table === 'quotations' ? 'quotation_id' : 'order_id';
      await recordTable(db, items)
        .addColumn(owner, 'integer', (c) => c.notNull().references(`${table}.id`).onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.references('products.id'))
        .$call(bilingual('description'))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
        .addColumn('line_total', 'integer', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex(`${items}_owner`).on(items).column(owner).execute();
      await db.schema.createIndex(`${items}_product`).on(items).column('product_id').execute();
    }
    await db.schema.alterTable('quotations').addColumn('order_id', 'integer', (c) => c.references('orders.id')).execute();

    await recordTable(db, 'receipts')
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('receipt', 'refund')`))
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', blank)
      .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('reason', 'text', blank)
      .addColumn('banked_in', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('banked_in_at', 'timestamptz')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', now)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('receipts_order').on('receipts').column('order_id').execute();
    await db.schema.createIndex('receipts_date').on('receipts').column('date').execute();
    await sql`create index receipts_awaiting_bank_in on receipts (date) where not banked_in and kind = 'receipt'`.execute(db);
  },
};
