import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Encrypter } from './encryption';

/**
 * Every column that holds values sealed with the application key. A new sealed column is added
 * here, so that the key check at start and the key rotation (server/node/appKey.ts) cover it.
 */
export const SEALED_COLUMNS = [
  { table: 'users', column: 'two_factor_secret' },
  { table: 'users', column: 'two_factor_recovery_codes' },
  { table: 'clients', column: 'hkid_sealed' },
  { table: 'mail_settings', column: 'password_sealed' },
] as const;

type SealedColumn = (typeof SEALED_COLUMNS)[number];

async function sealedRows(db: Kysely<Database>, { table, column }: SealedColumn, limit?: number): Promise<{ id: number; value: string }[]> {
  // The table and column come from the fixed list above, never from input.
  let query = db.selectFrom(table).select(['id', `${column} as value`]).where(column, 'is not', null).orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  const rows = (await query.execute()) as { id: number; value: string | null }[];
  return rows.filter((row): row is { id: number; value: string } => row.value !== null);
}

/**
 * Whether `encrypter` opens what is sealed in the database (one value of each sealed column is
 * tried). True when nothing is sealed yet.
 */
export async function opensSealedValues(db: Kysely<Database>, encrypter: Encrypter): Promise<boolean> {
  for (const sealed of SEALED_COLUMNS) {
    for (const row of await sealedRows(db, sealed, 1)) {
      if ((await encrypter.decrypt(row.value)) === null) return false;
    }
  }
  return true;
}

export class UnreadableSealedValue extends Error {
  constructor(readonly where: string) {
    super(`A sealed value (${where}) does not open with the current application key: nothing was changed.`);
  }
}

/**
 * Opens every sealed value with `from` and seals it again with `to`, in one transaction: all or
 * nothing. A value that `from` cannot open stops it (UnreadableSealedValue) with nothing changed.
 * Returns how many values were sealed again.
 */
export async function resealAll(db: Kysely<Database>, from: Encrypter, to: Encrypter): Promise<number> {
  return db.transaction().execute(async (tx) => {
    let count = 0;
    for (const sealed of SEALED_COLUMNS) {
      for (const row of await sealedRows(tx, sealed)) {
        const plain = await from.decrypt(row.value);
        if (plain === null) throw new UnreadableSealedValue(`${sealed.table}.${sealed.column} of id ${row.id}`);
        await tx
          .updateTable(sealed.table)
          .set({ [sealed.column]: await to.encrypt(plain) })
          .where('id', '=', row.id)
          .execute();
        count++;
      }
    }
    return count;
  });
}
