import { sql } from 'kysely';
import type { Db } from '../service/context';

/** The "Forgot password?" links (table password_resets, migration 0018): SQL only. */

/** The active account that signs in with this e-mail address (any letter case), its name and address, or undefined. */
export function activeAccountByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where(sql<string>`lower(email)`, '=', email.toLowerCase()).where('active', '=', true).executeTakeFirst();
}

/** The active account a reset e-mail goes to (its name and address), or undefined. */
export function activeAccount(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).where('active', '=', true).executeTakeFirst();
}

/** A new link (its token's hash) for the user; every earlier one of theirs is removed (a newer link replaces it). */
export async function issue(db: Db, userId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db.insertInto('password_resets').values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt }).execute();
}

/**
 * The link with this token hash while it stands: not used, not expired at `now`, its account active,
 * and made after the account's password last changed (a change of password ends the links before it).
 */
export function standingLink(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.id', 'password_resets.user_id'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now)
    .where('users.active', '=', true)
    .where((eb) => eb.or([eb('users.password_changed_at', 'is', null), eb('users.password_changed_at', '<=', eb.ref('password_resets.created_at'))]))
    .executeTakeFirst();
}

/** Marks the link used, if it still is not (of two requests with one link, one wins); whether it was this one. */
export async function markUsed(db: Db, id: number, now: Date): Promise<boolean> {
  const row = await db.updateTable('password_resets').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** The new password (its hash): no temporary one any more; the user's other links go. */
export async function resetPassword(db: Db, userId: number, hash: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, must_change_password: false, password_changed_at: now, updated_at: now }).where('id', '=', userId).execute();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
