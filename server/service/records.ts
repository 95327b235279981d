import { err, ok, type Result } from 'neverthrow';
import { sql } from 'kysely';
import { auditRow } from '../audit';
import { isReferenced, type Reference } from '../db/references';
import { isForeignKeyViolation } from '../http/fields';
import type { ServiceContext, Tx } from './context';
import { conflict, notFound } from './failure';

/**
 * The create skeleton every area shares: the row inserted and its audit line ('create', with the
 * given changes) written in one transaction. Returns what `insert` returned.
 */
export function createAudited<T extends { readonly id: number }>(
  ctx: ServiceContext,
  entityType: string,
  insert: (tx: Tx) => Promise<T>,
  changes: (created: T) => Record<string, unknown>,
): Promise<T> {
  return ctx.db.transaction().execute(async (tx) => {
    const created = await insert(tx);
    await ctx.audit({ action: 'create', entityType, entityId: created.id, changes: changes(created) }, tx);
    return created;
  });
}

/**
 * The edit skeleton: the versioned update and its audit line ('update', the changed fields) in one
 * transaction. `update` returns undefined when the version was stale: a `conflict`.
 */
export async function updateAudited<T>(
  ctx: ServiceContext,
  entityType: string,
  id: number,
  update: (tx: Tx) => Promise<T | undefined | null>,
  changes: (saved: T) => Record<string, unknown>,
): Promise<Result<T, typeof conflict>> {
  const saved = await ctx.db.transaction().execute(async (tx) => {
    const row = await update(tx);
    if (row) await ctx.audit({ action: 'update', entityType, entityId: id, changes: changes(row) }, tx);
    return row;
  });
  return saved ? ok(saved) : err(conflict);
}

export interface DeleteSpec {
  readonly table: 'companies' | 'branches' | 'roles' | 'areas' | 'options' | 'order_terms' | 'holidays';
  readonly id: number;
  /** Further conditions the row must meet (e.g. an option's list), as column → value. */
  readonly where?: Readonly<Record<string, string>>;
  readonly entityType: string;
  /** What still points at the row; also a function of the row (an option's list decides where its value is used). */
  readonly references: readonly Reference[] | ((row: Readonly<Record<string, unknown>>) => readonly Reference[]);
  /** More of the record for its audit line (e.g. a role's permissions), read in the transaction. */
  readonly more?: (tx: Tx, row: Readonly<Record<string, unknown>>) => Promise<Record<string, unknown>>;
}

export type DeleteFailure = typeof notFound | { readonly code: 'inUse' };

/**
 * Deletes one record of a settings list unless something still points at it, in one transaction:
 * the row is locked (so nothing new can point at it meanwhile), each reference is looked at, the row
 * is deleted and its audit line (the whole row) written. The deleted row; `notFound` when there is no
 * such row; `inUse` while something points at it — also when the database's own foreign-key check
 * finds a reference.
 */
export async function deleteUnlessInUse(ctx: ServiceContext, spec: DeleteSpec): Promise<Result<Readonly<Record<string, unknown>>, DeleteFailure>> {
  const conditions = [sql`id = ${spec.id}`, ...Object.entries(spec.where ?? {}).map(([column, value]) => sql`${sql.ref(column)} = ${value}`)];
  try {
    return await ctx.db.transaction().execute(async (tx): Promise<Result<Readonly<Record<string, unknown>>, DeleteFailure>> => {
      const locked = await sql<Record<string, unknown>>`select * from ${sql.table(spec.table)} where ${sql.join(conditions, sql` and `)} for update`.execute(tx);
      const row = locked.rows[0];
      if (!row) return err(notFound);
      const references = typeof spec.references === 'function' ? spec.references(row) : spec.references;
      if (await isReferenced(tx, references, row)) return err({ code: 'inUse' });
      const before = { ...auditRow(row), ...(spec.more ? await spec.more(tx, row) : {}) };
      await sql`delete from ${sql.table(spec.table)} where id = ${spec.id}`.execute(tx);
      await ctx.audit({ action: 'delete', entityType: spec.entityType, entityId: spec.id, changes: before }, tx);
      return ok(row);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return err({ code: 'inUse' });
    throw error;
  }
}
