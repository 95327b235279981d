import { isPermission, type Permission } from '../../domain/auth/permissions';
import type { Role, User } from '../../domain/auth/user';
import { isLanguage } from '../../domain/i18n/language';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const idOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

function decodeRole(value: unknown): Role | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string' || !Array.isArray(value.permissions)) {
    return null;
  }
  return {
    id: value.id,
    name: value.name,
    permissions: value.permissions.filter((p): p is Permission => isPermission(p)),
  };
}

/**
 * Reads the user kept in browser storage, or null when it is not one (then nobody is held). Unknown
 * permission names are dropped rather than trusted. Replies are read by contract/account.ts's User;
 * this small reader stays by hand because it runs at start, synchronously, in the sign-in page's first
 * download, where zod does not fit the 150 KB budget.
 */
export function decodeUser(value: unknown): User | null {
  if (!isRecord(value)) return null;
  const { id, name, email, language, isAdmin } = value;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof email !== 'string' || !isLanguage(language) || typeof isAdmin !== 'boolean') {
    return null;
  }
  return {
    id,
    name,
    email,
    language,
    isAdmin,
    role: decodeRole(value.role),
    branchId: idOrNull(value.branchId),
    companyId: idOrNull(value.companyId),
    ...(value.mustSetUpTwoFactor === true ? { mustSetUpTwoFactor: true } : {}),
    ...(value.mustChangePassword === true ? { mustChangePassword: true } : {}),
  };
}
