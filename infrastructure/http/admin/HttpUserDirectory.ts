import type { ResultAsync } from 'neverthrow';
import type { NewUser, SavedUser, UserFields } from '../../../application/admin/admin';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { UserDirectory } from '../../../application/ports/UserDirectory';
import { type UserCreate, UserSaved, type UserUpdate } from '../../../contract/users';
import { decoderOf } from '../wire';

const saved = decoderOf(UserSaved);

/** The staff accounts over the API (/api/users…), read by the wire contract (contract/users.ts). */
export class HttpUserDirectory implements UserDirectory {
  constructor(private readonly api: ApiClient) {}

  create(user: NewUser): ResultAsync<SavedUser, ApiError> {
    const body: UserCreate = { ...user };
    return this.api.call({ method: 'POST', path: '/api/users', body }, saved);
  }

  update(id: number, user: UserFields, version: number): ResultAsync<SavedUser, ApiError> {
    const body: UserUpdate = { ...user, version };
    return this.api.call({ method: 'PUT', path: `/api/users/${id}`, body }, saved);
  }

  resetTwoFactor(id: number): ResultAsync<SavedUser, ApiError> {
    return this.api.call({ method: 'POST', path: `/api/users/${id}/reset-two-factor` }, saved);
  }
}
