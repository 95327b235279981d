import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { now, recordTable } from './tables';

/**
 * Customer links (docs/security.md, "Customer links"): an address per document that a customer opens
 * without signing in. Only the SHA-256 of each link's token is kept; a link expires and can be
 * revoked; each open is logged. A quotation's customer may accept it (name and drawn signature) or
 * decline it (a reason) through its link: each answer is kept in quotation_responses.
 */
export const documentLinks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await recordTable(db, 'document_links')
      .addColumn('document_type', 'text', (c) => c.notNull().check(sql`document_type in ('quotation', 'invoice')`))
      .addColumn('document_id', 'integer', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', now)
      .execute();
    await db.schema.createIndex('document_links_document').on('document_links').columns(['document_type', 'document_id']).execute();

    await recordTable(db, 'document_link_opens')
      .addColumn('link_id', 'integer', (c) => c.notNull().references('document_links.id').onDelete('cascade'))
      .addColumn('opened_at', 'timestamptz', now)
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('document_link_opens_link').on('document_link_opens').columns(['link_id', 'opened_at']).execute();

    await recordTable(db, 'quotation_responses')
      .addColumn('quotation_id', 'integer', (c) => c.notNull().references('quotations.id').onDelete('cascade'))
      .addColumn('link_id', 'integer', (c) => c.references('document_links.id').onDelete('set null'))
      .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('accepted', 'declined')`))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('signature', 'bytea')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('responded_at', 'timestamptz', now)
      .execute();
    await db.schema.createIndex('quotation_responses_quotation').on('quotation_responses').columns(['quotation_id', 'responded_at']).execute();
  },
};
