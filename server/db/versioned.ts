import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from './schema';

/**
 * The two writes every edited record shares: an insert stamped with its creation time, and an update
 * that only lands on the version the editor saw (optimistic locking: a stale version writes nothing,
 * and the caller answers 409).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The tables whose rows carry an id, a version and an update time. */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; version: unknown; updated_at: unknown } ? T : never;
}[keyof Database];

/** The tables whose rows carry an id and their creation and update times. */
export type StampedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; created_at: unknown; updated_at: unknown } ? T : never;
}[keyof Database];

/** What the helpers below write through: one table's id, version and times (Kysely cannot narrow a generic table). */
type Stamped = Kysely<{ t: { id: number; version: number; created_at: Date; updated_at: Date } }>;
const stamped = (db: Db) => db as unknown as Stamped;

/** Inserts a row with `created_at` and `updated_at` set to `now`; its id. */
export async function insertStamped<T extends StampedTable>(db: Db, table: T, values: Omit<Insertable<Database[T]>, 'created_at' | 'updated_at'>, now: Date): Promise<number> {
  const row = await stamped(db)
    .insertInto(table as unknown as 't')
    .values({ ...(values as object), created_at: now, updated_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes `values` to the row `id` if it is still at `version` (and matches `also`, e.g. `{ voided:
 * false }`), moving its version on and setting `updated_at` to `now`; whether it did (false when the row
 * is gone, at another version, or no longer matches).
 */
export async function updateAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  at: { readonly id: number; readonly version: number },
  values: Omit<Updateable<Database[T]>, 'updated_at' | 'version'>,
  now: Date,
  also: Partial<Record<keyof Database[T] & string, string | number | boolean>> = {},
): Promise<boolean> {
  let query = stamped(db)
    .updateTable(table as unknown as 't')
    .set((eb) => ({ ...(values as object), updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', at.id)
    .where('version', '=', at.version);
  for (const [column, value] of Object.entries(also)) query = query.where(column as 'id', '=', value as never);
  return (await query.returning('id').executeTakeFirst()) !== undefined;
}
