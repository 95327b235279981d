import { insertStamped, updateAtVersion } from '../../db/versioned';
import type { Db, Tx } from '../../service/context';

/** Roles, their permissions and the two-factor policy in SQL. */

export async function permissionsOf(db: Db, roleId: number): Promise<string[]> {
  return (await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).orderBy('permission').execute()).map((p) => p.permission);
}

export async function role(db: Db, id: number) {
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('role_id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, permissions: await permissionsOf(db, id), userCount: Number(users.n), version: row.version };
}
export type Role = NonNullable<Awaited<ReturnType<typeof role>>>;

export async function roles(db: Db): Promise<Role[]> {
  const rows = await db.selectFrom('roles').select('id').orderBy('name').execute();
  return (await Promise.all(rows.map((r) => role(db, r.id)))).filter((r) => r !== null);
}

/** Whether another role has the name (in any letter case). */
export async function nameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('roles').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function setPermissions(tx: Tx, roleId: number, permissions: readonly string[]): Promise<void> {
  await tx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissions.length > 0) await tx.insertInto('role_permissions').values(permissions.map((permission) => ({ role_id: roleId, permission }))).execute();
}

export const insertRole = async (tx: Tx, name: string, now: Date) => ({ id: await insertStamped(tx, 'roles', { name }, now) });

/** Renames a role at `version`; whether it was (not when the version was stale). */
export const renameRole = (tx: Tx, id: number, name: string, version: number, now: Date): Promise<boolean> => updateAtVersion(tx, 'roles', { id, version }, { name }, now);

/** The users holding the role whose rights come from it (administrators hold every right whatever their role). */
export const holdersOf = async (tx: Tx, roleId: number) => (await tx.selectFrom('users').select('id').where('role_id', '=', roleId).where('is_admin', '=', false).execute()).map((u) => u.id);

/** Every role with whether it requires two-factor. */
export const twoFactorRoles = (db: Db) => db.selectFrom('roles').select(['id', 'name', 'two_factor_required']).orderBy('name').execute();

export const setRoleTwoFactor = (tx: Tx, id: number, required: boolean, now: Date) => tx.updateTable('roles').set({ two_factor_required: required, updated_at: now }).where('id', '=', id).execute();

/** Whether the user has set two-factor up. */
export const hasTwoFactor = async (db: Db, userId: number) => (await db.selectFrom('users').select('two_factor_confirmed_at').where('id', '=', userId).executeTakeFirstOrThrow()).two_factor_confirmed_at !== null;

export async function setTwoFactorForEveryone(tx: Tx, key: string, everyone: boolean, now: Date): Promise<void> {
  await tx
    .insertInto('settings')
    .values({ key, value: String(everyone), updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: String(everyone), updated_at: now, version: eb('settings.version', '+', 1) })))
    .execute();
}
