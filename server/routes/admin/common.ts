import { sql, type Transaction } from 'kysely';
import { audit, auditRow } from '../../audit';
import type { Database } from '../../db/schema';
import type { ServerMessageKey } from '../../i18n';
import { errorReply } from '../../http/errors';
import type { AppContext } from '../../http/env';
import { isForeignKeyViolation } from '../../http/fields';

// The shared HTTP helpers now live in server/http/fields.ts; re-exported for the routes not yet moved.
export { bilingualName, fieldErrors, idParam, isForeignKeyViolation, optionalText, sameMessage, versionField } from '../../http/fields';

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

export interface DeleteSpec {
  readonly table: 'companies' | 'branches' | 'roles' | 'areas' | 'options' | 'order_terms' | 'holidays';
  readonly id: number;
  /** Further conditions the row must meet (e.g. an option's list), as column → value. */
  readonly where?: Readonly<Record<string, string>>;
  readonly entityType: string;
  /** What still points at the row; also a function of the row (an option's list decides where its value is used). */
  readonly references: readonly Reference[] | ((row: Readonly<Record<string, unknown>>) => readonly Reference[]);
  /** The refusal while something points at the row. */
  readonly inUse: ServerMessageKey;
  /** More of the record for its audit line (e.g. a role's permissions), read in the transaction. */
  readonly more?: (tx: Transaction<Database>, row: Readonly<Record<string, unknown>>) => Promise<Record<string, unknown>>;
  /** What to tidy once the delete is committed (e.g. the stored files the row named). */
  readonly afterCommit?: (row: Readonly<Record<string, unknown>>) => Promise<void>;
}

/**
 * Deletes one record of a settings list unless something still points at it, in one transaction:
 * the row is locked (so nothing new can point at it meanwhile), each reference is looked at, the row
 * is deleted and its audit line (the whole row) written. 204; 404 when there is no such row; 422
 * with the `inUse` message while something points at it — also when the database's own foreign-key
 * check finds a reference (the generic 409 would tell the user someone else changed the record).
 */
export async function deleteUnlessInUse(c: AppContext, spec: DeleteSpec): Promise<Response> {
  const conditions = [sql`id = ${spec.id}`, ...Object.entries(spec.where ?? {}).map(([column, value]) => sql`${sql.ref(column)} = ${value}`)];
  try {
    const outcome = await c.var.deps.db.transaction().execute(async (tx) => {
      const locked = await sql<Record<string, unknown>>`select * from ${sql.table(spec.table)} where ${sql.join(conditions, sql` and `)} for update`.execute(tx);
      const row = locked.rows[0];
      if (!row) return 'notFound' as const;
      const references = typeof spec.references === 'function' ? spec.references(row) : spec.references;
      if (await isReferenced(tx, references, row)) return 'inUse' as const;
      const before = { ...auditRow(row), ...(spec.more ? await spec.more(tx, row) : {}) };
      await sql`delete from ${sql.table(spec.table)} where id = ${spec.id}`.execute(tx);
      await audit(c, { action: 'delete', entityType: spec.entityType, entityId: spec.id, changes: before }, tx);
      return row;
    });
    if (outcome === 'notFound') return errorReply(c, 404, 'errors.notFound');
    if (outcome === 'inUse') return errorReply(c, 422, spec.inUse);
    if (spec.afterCommit) await spec.afterCommit(outcome);
    return c.body(null, 204);
  } catch (error) {
    if (isForeignKeyViolation(error)) return errorReply(c, 422, spec.inUse);
    throw error;
  }
}
