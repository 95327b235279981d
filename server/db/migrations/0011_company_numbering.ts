import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Document numbers per company: a company may set its own prefix for each kind of document (empty:
 * the prefix under Settings → Codes). Numbers are counted per prefix and year, so a company with its
 * own prefixes has its own sequences, and every number stays unique across companies.
 */
export const companyNumbering: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const column of ['quotation_prefix', 'invoice_prefix', 'receipt_prefix', 'refund_prefix']) {
      await sql`alter table companies add column ${sql.raw(column)} text not null default ''`.execute(db);
    }
  },
};
