import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { blank, bilingual, now, recordTable, stamped } from './tables';

/** Clients with their contact persons and addresses, and file attachments (clients now, orders later). */
export const clients: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await recordTable(db, 'clients')
      .$call(bilingual('name'))
      .addColumn('hkid_sealed', 'text')
      .addColumn('hkid_masked', 'text')
      .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
      .addColumn('branch_id', 'integer', (c) => c.references('branches.id'))
      .addColumn('notes', 'text', blank)
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .$call(stamped)
      .addCheckConstraint('clients_has_a_name', sql`name_en <> '' or name_zh <> ''`)
      .execute();
    await db.schema.createIndex('clients_branch').on('clients').column('branch_id').execute();
    await sql`create index clients_name_en_lower on clients (lower(name_en))`.execute(db);

    await recordTable(db, 'client_contacts')
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', blank)
      .addColumn('phones', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('email', 'text', blank)
      .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('client_contacts_client').on('client_contacts').column('client_id').execute();

    await recordTable(db, 'client_addresses')
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('label', 'text', blank)
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('area_id', 'integer', (c) => c.references('areas.id'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('client_addresses_client').on('client_addresses').column('client_id').execute();

    await recordTable(db, 'attachments')
      .addColumn('owner_type', 'text', (c) => c.notNull().check(sql`owner_type in ('client', 'order')`))
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('file_key', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('branch_id', 'integer', (c) => c.references('branches.id'))
      .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', now)
      .execute();
    await db.schema.createIndex('attachments_owner').on('attachments').columns(['owner_type', 'owner_id']).execute();
  },
};
