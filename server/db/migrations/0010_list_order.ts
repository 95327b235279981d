import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The invoice, quotation and receipt lists show the newest first: (date, id), read backwards. With
 * the date alone, a day holding thousands of rows (a busy month-end) had to be sorted by id in full
 * before the first page could be cut. The new indexes serve every query the date-only ones did.
 */
export const listOrder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const table of ['orders', 'quotations', 'receipts']) {
      await sql`create index ${sql.raw(`${table}_date_id`)} on ${sql.table(table)} (date, id)`.execute(db);
      await sql`drop index ${sql.raw(`${table}_date`)}`.execute(db);
    }
  },
};
