import { sql } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/i18n/language';
import { countOf } from '../../db/paging';
import { insertStamped, updateAtVersion } from '../../db/versioned';
import { likePattern, pageWindow } from '../../http/query';
import type { Db, Tx } from '../../service/context';

/** Staff accounts in SQL (rows in, records out). */

export interface UserFilter {
  readonly q?: string;
  readonly role_id?: number;
  readonly branch_id?: number;
  readonly active?: '1' | '0';
  readonly page: number;
  readonly per_page: number;
}

export interface UserColumns {
  readonly name: string;
  readonly email: string;
  readonly language: string;
  readonly roleId: number | null;
  readonly branchId: number | null;
  readonly isAdmin: boolean;
  readonly active: boolean;
  readonly calendarColor: string | null;
  readonly commissionRateBp: number | null;
}

/** The roles and branches a user may be given (the form's choices and the list's filters). */
export async function userOptions(db: Db) {
  const [roles, branches] = await Promise.all([
    db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('branches').select(['id', 'name_en', 'name_zh', 'company_id']).orderBy('id').execute(),
  ]);
  return { roles, branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh, companyId: b.company_id })) };
}

/** A page of users, the active ones first, by name. */
export async function userPage(db: Db, { q, role_id, branch_id, active, page, per_page }: UserFilter) {
  let base = db.selectFrom('users');
  if (q) base = base.where((eb) => eb.or([eb(sql`lower(users.name)`, 'like', likePattern(q)), eb(sql`lower(users.email)`, 'like', likePattern(q))]));
  if (role_id) base = base.where('users.role_id', '=', role_id);
  if (branch_id) base = base.where('users.branch_id', '=', branch_id);
  if (active) base = base.where('users.active', '=', active === '1');
  const total = await countOf(base);
  const { limit, offset } = pageWindow(page, per_page);
  const rows = await base
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('branches', 'branches.id', 'users.branch_id')
    .select(['users.id', 'users.name', 'users.email', 'users.is_admin', 'users.active', 'users.calendar_color', 'roles.name as role', 'branches.name_en as branch_en', 'branches.name_zh as branch_zh'])
    .orderBy('users.active', 'desc')
    .orderBy('users.name')
    .limit(limit)
    .offset(offset)
    .execute();
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    isAdmin: r.is_admin,
    active: r.active,
    calendarColor: r.calendar_color,
    role: r.role,
    branch: r.branch_en === null || r.branch_zh === null ? null : { nameEn: r.branch_en, nameZh: r.branch_zh },
  }));
  return { items, total };
}

/** A user as Settings → Users shows and edits it. */
export async function adminUser(db: Db, id: number) {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    roleId: row.role_id,
    branchId: row.branch_id,
    companyId: row.company_id,
    isAdmin: row.is_admin,
    active: row.active,
    calendarColor: row.calendar_color,
    commissionRateBp: row.commission_rate_bp,
    twoFactor: row.two_factor_confirmed_at !== null,
    ...(row.must_change_password ? { mustChangePassword: true } : {}),
    version: row.version,
  };
}
export type AdminUser = NonNullable<Awaited<ReturnType<typeof adminUser>>>;

/** Whether another account has the email (in any letter case). */
export async function emailTaken(db: Db, email: string, exceptId: number | null): Promise<boolean> {
  let taken = db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId !== null) taken = taken.where('id', '!=', exceptId);
  return (await taken.executeTakeFirst()) !== undefined;
}

export const roleExists = async (db: Db, id: number) => (await db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
export const branchExists = async (db: Db, id: number) => (await db.selectFrom('branches').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export async function rolePermissions(db: Db, roleId: number | null): Promise<string[]> {
  if (roleId === null) return [];
  return (await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute()).map((r) => r.permission);
}

/** The company of the branch (a user belongs to their branch's company). */
export const companyOfBranch = async (db: Db, branchId: number | null) =>
  branchId === null ? null : ((await db.selectFrom('branches').select('company_id').where('id', '=', branchId).executeTakeFirst())?.company_id ?? null);

const userColumns = (input: UserColumns, companyId: number | null) => ({
  name: input.name,
  email: input.email,
  language: input.language,
  role_id: input.roleId,
  branch_id: input.branchId,
  company_id: companyId,
  is_admin: input.isAdmin,
  active: input.active,
  calendar_color: input.calendarColor || null,
  commission_rate_bp: input.commissionRateBp,
});

export const insertUser = async (tx: Tx, input: UserColumns, companyId: number | null, passwordHash: string, now: Date) => ({
  id: await insertStamped(tx, 'users', { ...userColumns(input, companyId), password_hash: passwordHash, password_changed_at: now }, now),
});

/** Updates an account at `version`; whether it was (not when the version was stale). */
export const updateUser = (tx: Tx, id: number, input: UserColumns, companyId: number | null, version: number, now: Date): Promise<boolean> =>
  updateAtVersion(tx, 'users', { id, version }, userColumns(input, companyId), now);

/**
 * A temporary password (its hash) that the user must change at their next sign-in; the "Forgot
 * password?" links made before it end. Whether there was such an account.
 */
export async function setTemporaryPassword(tx: Tx, id: number, hash: string, now: Date): Promise<boolean> {
  const row = await tx
    .updateTable('users')
    .set((eb) => ({ password_hash: hash, must_change_password: true, password_changed_at: now, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await tx.deleteFrom('password_resets').where('user_id', '=', id).execute();
  return true;
}

/** Clears the account's two-factor set-up; whether there was such an account. */
export async function resetTwoFactor(tx: Tx, id: number): Promise<boolean> {
  const row = await tx
    .updateTable('users')
    .set((eb) => ({ two_factor_secret: null, two_factor_recovery_codes: null, two_factor_confirmed_at: null, two_factor_last_step: null, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's row locked for the rest of the transaction (undefined once gone). */
export const lockUser = (tx: Tx, id: number) => tx.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();

export const deleteUser = (tx: Tx, id: number) => tx.deleteFrom('users').where('id', '=', id).returningAll().executeTakeFirst();
