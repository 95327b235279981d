import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { RoleFields, SavedRole, TwoFactorPolicy } from '../admin/admin';

/** The roles and their permissions (Settings → Roles), and the two-factor policy per role. */
export interface RoleBook {
  create(role: RoleFields): ResultAsync<SavedRole, ApiError>;
  /** A stale version is refused (conflict) and nothing is saved. */
  update(id: number, role: RoleFields, version: number): ResultAsync<SavedRole, ApiError>;
  /** Refused while users hold the role. */
  remove(id: number): ResultAsync<void, ApiError>;
  twoFactorPolicy(): ResultAsync<TwoFactorPolicy, ApiError>;
  /** Two-factor required of everyone, or of these roles (audited). */
  setTwoFactorPolicy(everyone: boolean, roleIds: readonly number[]): ResultAsync<TwoFactorPolicy, ApiError>;
}

export const RoleBook = token<RoleBook>('RoleBook');
