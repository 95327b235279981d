import type { Kysely } from 'kysely';
import { isPermission, type Permission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { DEFAULT_LANGUAGE, isLanguage } from '../../domain/i18n/language';
import type { Database, UserRow } from '../db/schema';

/** The user as the API returns it (camelCase, role with its permissions), or null when missing. */
export async function loadUser(db: Kysely<Database>, id: number, options: { activeOnly?: boolean } = {}): Promise<User | null> {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (options.activeOnly) query = query.where('active', '=', true);
  const row = await query.executeTakeFirst();
  return row ? toUser(db, row) : null;
}

export async function toUser(db: Kysely<Database>, row: UserRow): Promise<User> {
  let role: User['role'] = null;
  if (row.role_id !== null) {
    const roleRow = await db.selectFrom('roles').select(['id', 'name']).where('id', '=', row.role_id).executeTakeFirst();
    if (roleRow) {
      const permissions = await db
        .selectFrom('role_permissions')
        .select('permission')
        .where('role_id', '=', roleRow.id)
        .orderBy('permission')
        .execute();
      role = {
        id: roleRow.id,
        name: roleRow.name,
        permissions: permissions.map((p) => p.permission).filter((p): p is Permission => isPermission(p)),
      };
    }
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    isAdmin: row.is_admin,
    role,
    branchId: row.branch_id,
    companyId: row.company_id,
  };
}
