import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/** A column of another table that points at a record (by its `id`, or by another of its columns). */
export interface Reference {
  readonly table: keyof Database;
  readonly column: string;
  /** The column of the record the reference holds; `id` unless said. */
  readonly by?: string;
}

/**
 * The foreign keys (migrations) that stop a company, branch, role or area from being deleted while
 * a row points at it: every one without ON DELETE CASCADE or SET NULL. A test compares this list
 * with the database's own constraints.
 */
export const REFERENCES = {
  companies: [
    { table: 'branches', column: 'company_id' },
    { table: 'users', column: 'company_id' },
    { table: 'clients', column: 'company_id' },
  ],
  branches: [
    { table: 'users', column: 'branch_id' },
    { table: 'clients', column: 'branch_id' },
    { table: 'attachments', column: 'branch_id' },
    { table: 'quotations', column: 'branch_id' },
    { table: 'orders', column: 'branch_id' },
    { table: 'appointments', column: 'branch_id' },
  ],
  roles: [{ table: 'users', column: 'role_id' }],
  areas: [
    { table: 'client_addresses', column: 'area_id' },
    { table: 'appointments', column: 'area_id' },
  ],
} as const satisfies Record<string, readonly Reference[]>;

/** Whether any of `references` points at `row` (read inside the delete's transaction). */
export async function isReferenced(tx: Transaction<Database>, references: readonly Reference[], row: Readonly<Record<string, unknown>>): Promise<boolean> {
  for (const { table, column, by = 'id' } of references) {
    const found = await sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${row[by]} limit 1`.execute(tx);
    if (found.rows.length > 0) return true;
  }
  return false;
}
