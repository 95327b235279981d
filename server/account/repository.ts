import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The signed-in user's own account in the database (users, sessions, API tokens): Kysely only. */

type Db = Kysely<Database> | Transaction<Database>;

export function userRow(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function userRowByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

/** The id of the account (other than `exceptId`) that signs in with this email, in any letter case. */
export async function accountWithEmail(db: Db, email: string, exceptId?: number): Promise<number | null> {
  let query = db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id ?? null;
}

/** Records the TOTP step as used, only if it is later than the last one used; false when it is not. */
export async function useTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', String(step))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the sealed recovery codes, only if they are still `expected`; false when they are not. */
export async function replaceRecoveryCodes(db: Db, userId: number, sealed: string, expected: string | null): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ two_factor_recovery_codes: sealed })
    .where('id', '=', userId)
    .where('two_factor_recovery_codes', '=', expected)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setRecoveryCodes(db: Db, userId: number, sealed: string): Promise<void> {
  await db.updateTable('users').set({ two_factor_recovery_codes: sealed }).where('id', '=', userId).execute();
}

export async function setPassword(db: Db, userId: number, hash: string, now: Date): Promise<void> {
  // The user's own new password: no temporary one any more, and the "Forgot password?" links made before it end.
  await db.updateTable('users').set({ password_hash: hash, password_changed_at: now, updated_at: now, must_change_password: false }).where('id', '=', userId).execute();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** A new two-factor secret and recovery codes (sealed), not yet in force. */
export async function startTwoFactor(db: Db, userId: number, sealedSecret: string, sealedCodes: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_secret: sealedSecret, two_factor_recovery_codes: sealedCodes, two_factor_confirmed_at: null, two_factor_last_step: null })
    .where('id', '=', userId)
    .execute();
}

export async function confirmTwoFactor(db: Db, userId: number, now: Date, step: number): Promise<void> {
  await db.updateTable('users').set({ two_factor_confirmed_at: now, two_factor_last_step: step }).where('id', '=', userId).execute();
}

export async function clearTwoFactor(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_secret: null, two_factor_recovery_codes: null, two_factor_confirmed_at: null, two_factor_last_step: null })
    .where('id', '=', userId)
    .execute();
}

export function sessionsOf(db: Db, userId: number) {
  return db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('last_activity_at', 'desc').execute();
}

export async function lockUser(db: Db, id: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

const exists = async (query: { executeTakeFirst: () => Promise<unknown> }) => (await query.executeTakeFirst()) !== undefined;

/**
 * Whether the business's records point to the user: clients they created, files they uploaded, and
 * any change they made to something other than their own account (the audit log must keep who did
 * it). Each feature that adds such a table adds its check here.
 */
export const USER_RECORD_CHECKS: readonly ((db: Transaction<Database>, userId: number) => Promise<boolean>)[] = [
  (db, id) => exists(db.selectFrom('clients').select('id').where('created_by', '=', id).limit(1)),
  (db, id) => exists(db.selectFrom('attachments').select('id').where('uploaded_by', '=', id).limit(1)),
  (db, id) => exists(db.selectFrom('orders').select('id').where((eb) => eb.or([eb('created_by', '=', id), eb('salesperson_id', '=', id)])).limit(1)),
  (db, id) => exists(db.selectFrom('quotations').select('id').where((eb) => eb.or([eb('created_by', '=', id), eb('salesperson_id', '=', id)])).limit(1)),
  (db, id) => exists(db.selectFrom('receipts').select('id').where('created_by', '=', id).limit(1)),
  (db, id) => exists(db.selectFrom('appointment_workers').select('appointment_id').where('user_id', '=', id).limit(1)),
  (db, id) =>
    exists(
      db
        .selectFrom('audits')
        .select('id')
        .where('user_id', '=', id)
        .where((eb) => eb.or([eb('entity_type', '!=', 'user'), eb('entity_id', '!=', String(id))]))
        .limit(1),
    ),
];

/** Whether any of USER_RECORD_CHECKS finds a record, read in the delete's transaction (the account's row locked). */
export async function hasBusinessRecords(tx: Transaction<Database>, userId: number): Promise<boolean> {
  for (const check of USER_RECORD_CHECKS) if (await check(tx, userId)) return true;
  return false;
}

export async function setLanguage(db: Db, userId: number, language: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ language, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** A registered account: inactive, with no role, until an administrator activates it. */
export async function insertRegisteredUser(db: Db, values: { name: string; email: string; passwordHash: string; language: string }, now: Date): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ name: values.name, email: values.email, password_hash: values.passwordHash, language: values.language, active: false, password_changed_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user's profile row, with the names of their role and branch. */
export function profileRow(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('branches', 'branches.id', 'users.branch_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.language',
      'users.version',
      'users.is_admin',
      'users.two_factor_confirmed_at',
      'users.two_factor_secret',
      'users.photo_key',
      'roles.name as role_name',
      'branches.name_en as branch_en',
      'branches.name_zh as branch_zh',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Writes name, email and language if the user is still at `version`; false when not. */
export async function updateProfile(db: Db, userId: number, version: number, values: { name: string; email: string; language: string }, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ ...values, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function photoKeyOf(db: Db, userId: number): Promise<string | null> {
  return (await db.selectFrom('users').select('photo_key').where('id', '=', userId).executeTakeFirstOrThrow()).photo_key;
}

export async function setPhoto(db: Db, userId: number, photo: { key: string; type: string } | null, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ photo_key: photo?.key ?? null, photo_type: photo?.type ?? null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export function photoOf(db: Db, userId: number) {
  return db.selectFrom('users').select(['photo_key', 'photo_type']).where('id', '=', userId).executeTakeFirst();
}

export function apiTokensOf(db: Db, userId: number) {
  return db.selectFrom('api_tokens').select(['id', 'name', 'abilities', 'last_used_at', 'created_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function insertApiToken(db: Db, values: { userId: number; name: string; tokenHash: string; abilities: readonly string[] }, now: Date) {
  return db
    .insertInto('api_tokens')
    .values({ user_id: values.userId, name: values.name, token_hash: values.tokenHash, abilities: JSON.stringify(values.abilities), created_at: now })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function setApiTokenHash(db: Db, id: number, tokenHash: string): Promise<void> {
  await db.updateTable('api_tokens').set({ token_hash: tokenHash }).where('id', '=', id).execute();
}

/** Deletes the user's own token; the row as it was, or undefined when there is none. */
export function deleteApiToken(db: Db, id: number, userId: number) {
  return db.deleteFrom('api_tokens').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}
