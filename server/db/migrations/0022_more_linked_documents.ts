import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Customer links for more documents (issue 21, item 3): beside quotations and invoices, a receipt, a
 * refund (both rows of `receipts`), a visit's completed service report (an `appointment_visits` row)
 * and a client's statement of account (a `clients` row). Only the check on the link's document type
 * widens; the links, their opens and revocation are those of 0017.
 */
export const moreLinkedDocuments: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`alter table document_links add constraint document_links_linked_type check (document_type in ('quotation', 'invoice', 'receipt', 'refund', 'serviceReport', 'statement'))`.execute(db);
    // 0017's check, named by PostgreSQL after its column.
    await sql`alter table document_links drop constraint document_links_document_type_check`.execute(db);
  },
};
