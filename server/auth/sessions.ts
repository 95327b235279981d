import type { Kysely, Transaction } from 'kysely';
import { audit } from '../audit';
import type { Database } from '../db/schema';
import type { AppContext } from '../http/env';
import { startSession } from '../http/session';
import { loadUser } from './users';

/** What ending an account's sign-ins ended: browser sessions (with sign-ins waiting for their code) and API tokens. */
export interface EndedSignIns {
  readonly sessions: number;
  readonly apiTokens: number;
}

/**
 * Ends what signs in as the account: its browser sessions and sign-ins waiting for their two-factor
 * code (but `keepSession`, the id of the one that asked), and its API tokens unless `keepApiTokens`.
 * What follows a change of password (reset by link, a temporary one from an administrator, the
 * user's own change) and a deactivation, so nothing that held the old password's trust outlives it.
 */
export async function endSignIns(tx: Transaction<Database> | Kysely<Database>, userId: number, options: { keepSession?: string; keepApiTokens?: boolean } = {}): Promise<EndedSignIns> {
  let sessions = tx.deleteFrom('sessions').where((eb) => eb.or([eb('user_id', '=', userId), eb('pending_user_id', '=', userId)]));
  if (options.keepSession !== undefined) sessions = sessions.where('id', '!=', options.keepSession);
  const endedSessions = Number((await sessions.executeTakeFirst()).numDeletedRows);
  if (options.keepApiTokens) return { sessions: endedSessions, apiTokens: 0 };
  const tokens = await tx.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();
  return { sessions: endedSessions, apiTokens: Number(tokens.numDeletedRows) };
}

/**
 * Ends every session of these users after a change of their rights (administrator flag, role, or
 * their role's permissions): signed-in browsers and sign-ins still waiting for their two-factor code,
 * so the next request is 401 and the user signs in again with the rights they have now (spec §6).
 * One audit line per user whose sessions ended, in the change's transaction. Returns whether the
 * caller's own account was among them (see `keepSignedInAfterOwnChange`).
 */
export async function endSessionsForRightsChange(c: AppContext, tx: Transaction<Database> | Kysely<Database>, userIds: readonly number[]): Promise<boolean> {
  if (userIds.length === 0) return false;
  const ended = await tx
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('user_id', 'in', userIds), eb('pending_user_id', 'in', userIds)]))
    .returning(['user_id', 'pending_user_id'])
    .execute();
  for (const id of userIds) {
    const count = ended.filter((row) => (row.user_id ?? row.pending_user_id) === id).length;
    if (count > 0) await audit(c, { action: 'sessions_ended', entityType: 'user', entityId: id, changes: { reason: 'rights_changed', count } }, tx);
  }
  return c.var.user !== null && userIds.includes(c.var.user.id);
}

/**
 * After a change of the caller's own rights (their session ended with the others): this browser
 * gets a new session holding the rights they have now, so they are not thrown out mid-task; their
 * other browsers stay signed out. Returns the user as they are now (null once deactivated).
 */
export async function keepSignedInAfterOwnChange(c: AppContext) {
  const user = await loadUser(c.var.deps.db, c.var.user!.id, { activeOnly: true });
  await startSession(c, user ? { kind: 'user', user } : { kind: 'guest' });
  return user;
}
