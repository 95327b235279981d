import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { NewUser, SavedUser, UserFields } from '../admin/admin';

/** The staff accounts (Settings → Users): created, edited, their two-factor reset. */
export interface UserDirectory {
  create(user: NewUser): ResultAsync<SavedUser, ApiError>;
  /** A stale version is refused (conflict) and nothing is saved. */
  update(id: number, user: UserFields, version: number): ResultAsync<SavedUser, ApiError>;
  /** Clears the account's two-factor set-up (audited); the user sets it up again. */
  resetTwoFactor(id: number): ResultAsync<SavedUser, ApiError>;
}

export const UserDirectory = token<UserDirectory>('UserDirectory');
