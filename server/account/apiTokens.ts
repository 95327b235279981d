import type { ApiToken } from '../../contract/account';
import { isTokenAbility, TOKEN_ABILITIES, type TokenAbility } from '../../domain/auth/tokenAbilities';
import { audit, auditRow } from '../audit';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { AppContext } from '../http/env';
import * as repo from './repository';

/**
 * Personal API tokens (Sanctum-style): the plain token is shown once at creation and only its SHA-256
 * is kept. A token acts as its user, limited to its abilities (domain/auth/tokenAbilities.ts) and the
 * user's permissions as they are at each request.
 */

/** A token as its owner sees it (contract/account.ts): never its hash. */
export type ApiTokenRecord = ApiToken;

export async function tokensOf(c: AppContext): Promise<{ tokens: ApiTokenRecord[]; availableAbilities: TokenAbility[] }> {
  const rows = await repo.apiTokensOf(c.var.deps.db, c.var.user!.id);
  return {
    tokens: rows.map((r) => ({
      id: r.id,
      name: r.name,
      abilities: r.abilities.filter(isTokenAbility),
      lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    availableAbilities: [...TOKEN_ABILITIES],
  };
}

export async function createToken(c: AppContext, name: string, asked: readonly TokenAbility[]): Promise<{ token: ApiTokenRecord; plainTextToken: string }> {
  const { db, now } = c.var.deps;
  const abilities = [...new Set(asked)];
  const secret = randomToken(40);
  const pendingHash = await sha256Hex(`pending:${secret}`);
  // The token, its final hash (which holds its id) and its audit line are kept together or not at all.
  const { row, plainTextToken } = await db.transaction().execute(async (tx) => {
    const row = await repo.insertApiToken(tx, { userId: c.var.user!.id, name, tokenHash: pendingHash, abilities }, now());
    const plainTextToken = `${row.id}|${secret}`;
    await repo.setApiTokenHash(tx, row.id, await sha256Hex(plainTextToken));
    await audit(c, { action: 'create', entityType: 'api_token', entityId: row.id, changes: { name, abilities } }, tx);
    return { row, plainTextToken };
  });
  return { token: { id: row.id, name, abilities, lastUsedAt: null, createdAt: new Date(row.created_at).toISOString() }, plainTextToken };
}

/** Revokes one of the user's own tokens; false when they have no such token. */
export async function revokeToken(c: AppContext, id: number): Promise<boolean> {
  const removed = await c.var.deps.db.transaction().execute(async (tx) => {
    const row = await repo.deleteApiToken(tx, id, c.var.user!.id);
    // The whole token as it was, but never its hash.
    if (row) await audit(c, { action: 'delete', entityType: 'api_token', entityId: id, changes: auditRow(row) }, tx);
    return row;
  });
  return removed !== undefined;
}
