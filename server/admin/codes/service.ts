import { err, ok, type Result } from 'neverthrow';
import { checkCode, CODE_KEYS, type CodeKey } from '../../../domain/settings/codes';
import type { ServerMessageKey } from '../../i18n';
import type { ServiceContext } from '../../service/context';
import { conflict, invalid, type Failure } from '../../service/failure';
import * as repo from './repository';

/** Rolls back a save of the codes that met a newer version half-way. */
class StaleSave extends Error {}

export interface CodesChange {
  readonly values: Readonly<Record<string, string>>;
  readonly versions: Readonly<Record<string, number>>;
}

/**
 * Settings → Codes: each value checked by the domain's rule for its code; every code's version is
 * checked (under lock) before any is written, so a stale one changes none. One audit line.
 */
export async function saveCodes(ctx: ServiceContext, { values, versions }: CodesChange): Promise<Result<Awaited<ReturnType<typeof repo.codes>>, Failure>> {
  const errors: Record<string, ServerMessageKey> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!(CODE_KEYS as string[]).includes(key)) errors[key] = 'validation.invalid';
    else {
      const verdict = checkCode(key as CodeKey, value);
      if (verdict !== 'ok') errors[key] = `admin.${verdict}`;
    }
  }
  if (Object.keys(errors).length > 0) return err(invalid(errors));
  const saved = await ctx.db
    .transaction()
    .execute(async (tx) => {
      const current = new Map<string, { value: string; version: number } | undefined>();
      for (const key of Object.keys(values)) {
        const before = await repo.lockCode(tx, key);
        if ((before?.version ?? 0) !== (versions[key] ?? 0)) return false;
        current.set(key, before);
      }
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, value] of Object.entries(values)) {
        const before = current.get(key);
        if (before?.value === value) continue;
        changes[key] = { from: before?.value ?? null, to: value };
        // A code with no row yet has nothing to lock: one made meanwhile by another save is a conflict.
        if (!(await repo.writeCode(tx, key, value, versions[key] ?? 0, ctx.now()))) throw new StaleSave();
      }
      if (Object.keys(changes).length > 0) await ctx.audit({ action: 'update', entityType: 'setting', entityId: null, changes }, tx);
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof StaleSave) return false;
      throw error;
    });
  return saved ? ok(await repo.codes(ctx.db)) : err(conflict);
}
