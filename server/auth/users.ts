import { sql, type Kysely, type Transaction } from 'kysely';
import { isPermission, type Permission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { DEFAULT_LANGUAGE, isLanguage } from '../../domain/i18n/language';
import type { Database, UserRow } from '../db/schema';

/** The user as the API returns it (camelCase, role with its permissions), or null when missing. */
export async function loadUser(db: Kysely<Database>, id: number, options: { activeOnly?: boolean } = {}): Promise<User | null> {
  // The user, their role and its permissions in one query: every signed-in request asks it.
  let query = db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .selectAll('users')
    .select((eb) => [
      'roles.id as role_row_id',
      'roles.name as role_name',
      eb
        .selectFrom('role_permissions')
        .select(sql<string[]>`coalesce(jsonb_agg(permission order by permission), '[]'::jsonb)`.as('list'))
        .whereRef('role_permissions.role_id', '=', 'roles.id')
        .as('role_permissions'),
    ])
    .where('users.id', '=', id);
  if (options.activeOnly) query = query.where('users.active', '=', true);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const { role_row_id, role_name, role_permissions, ...user } = row;
  const role = role_row_id === null || role_name === null ? null : roleOf(role_row_id, role_name, role_permissions ?? []);
  return userOf(user, role);
}

function roleOf(id: number, name: string, permissions: readonly string[]): NonNullable<User['role']> {
  return { id, name, permissions: permissions.filter((p): p is Permission => isPermission(p)) };
}

function userOf(row: UserRow, role: User['role']): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    isAdmin: row.is_admin,
    role,
    branchId: row.branch_id,
    companyId: row.company_id,
    ...(row.must_change_password ? { mustChangePassword: true } : {}),
  };
}

/**
 * Runs `change` in one transaction that first locks the row of every active administrator, telling it
 * whether an active administrator other than `exceptId` exists. Two requests that would each remove
 * one of the last two administrators (demote, deactivate, delete) so take turns, and the second sees
 * the first's change: at least one active administrator always remains.
 */
export async function withAdministratorsLocked<T>(db: Kysely<Database>, exceptId: number, change: (tx: Transaction<Database>, anotherAdmin: boolean) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const admins = await tx.selectFrom('users').select('id').where('is_admin', '=', true).where('active', '=', true).orderBy('id').forUpdate().execute();
    return change(tx, admins.some((a) => a.id !== exceptId));
  });
}
