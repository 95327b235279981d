import { CODE_KEYS, CODE_SETTINGS } from '../../../domain/settings/codes';
import type { Db, Tx } from '../../service/context';

/** Every code (Settings → Codes) with its value (the default until saved) and version (0 until saved). */
export async function codes(db: Db) {
  const rows = await db.selectFrom('settings').selectAll().execute();
  return CODE_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    return { key, kind: CODE_SETTINGS[key].kind, value: row?.value ?? CODE_SETTINGS[key].default, version: row?.version ?? 0 };
  });
}

/** A code's stored value and version, its row locked for the rest of the transaction. */
export const lockCode = (tx: Tx, key: string) => tx.selectFrom('settings').select(['value', 'version']).where('key', '=', key).forUpdate().executeTakeFirst();

/**
 * Writes a code's value when its row is still at `version` (a code with no row yet is inserted);
 * whether it was written (not when another save made or changed it meanwhile).
 */
export async function writeCode(tx: Tx, key: string, value: string, version: number, now: Date): Promise<boolean> {
  const written = await tx
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({ value, updated_at: now, version: eb('settings.version', '+', 1) }))
        .where('settings.version', '=', version),
    )
    .returning('key')
    .executeTakeFirst();
  return written !== undefined;
}
