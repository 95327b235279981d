import { sql, type Transaction } from 'kysely';
import { audit, auditRow } from '../../audit';
import type { Database } from '../../db/schema';
import { isReferenced, type Reference } from '../../db/references';
import { isForeignKeyViolation } from '../../http/fields';
import type { ServerMessageKey } from '../../i18n';
import { errorReply } from '../../http/errors';
import type { AppContext } from '../../http/env';

// The shared HTTP helpers live in server/http/fields.ts, the references in server/db/references.ts;
// re-exported here for routes not yet moved.
export { bilingualName, fieldErrors, idParam, isForeignKeyViolation, optionalText, sameMessage, versionField } from '../../http/fields';
export { isReferenced, REFERENCES, type Reference } from '../../db/references';

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
