import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Statements of account sent by e-mail (issue 21 item 6): a send of `document_sends` may be a
 * client's statement (document_type 'statement', document_id the client's id), with the period it
 * covers, so its job makes the same statement whenever it runs, and the client shows it ("sent to …
 * at …").
 */
export const statementSends: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`alter table document_sends drop constraint if exists document_sends_document_type_check`.execute(db);
    await sql`alter table document_sends add constraint document_sends_document_type_check check (document_type in ('quotation', 'invoice', 'statement'))`.execute(db);
    await db.schema.alterTable('document_sends').addColumn('period_from', 'date').addColumn('period_to', 'date').execute();
  },
};
