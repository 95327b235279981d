import { ok, type ResultAsync } from 'neverthrow';
import type { RoleFields, SavedRole, TwoFactorPolicy } from '../../../application/admin/admin';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { RoleBook } from '../../../application/ports/RoleBook';
import { type RoleInput, RoleSaved, type RoleUpdate, TwoFactorPolicy as PolicyReply, type TwoFactorPolicyInput } from '../../../contract/roles';
import { decoderOf } from '../wire';

const saved = decoderOf(RoleSaved);
const policy = decoderOf(PolicyReply);

/** The roles and the two-factor policy over the API (/api/roles…, /api/two-factor-policy), read by the wire contract (contract/roles.ts). */
export class HttpRoleBook implements RoleBook {
  constructor(private readonly api: ApiClient) {}

  create(role: RoleFields): ResultAsync<SavedRole, ApiError> {
    const body: RoleInput = { name: role.name, permissions: [...role.permissions] };
    return this.api.call({ method: 'POST', path: '/api/roles', body }, saved);
  }

  update(id: number, role: RoleFields, version: number): ResultAsync<SavedRole, ApiError> {
    const body: RoleUpdate = { name: role.name, permissions: [...role.permissions], version };
    return this.api.call({ method: 'PUT', path: `/api/roles/${id}`, body }, saved);
  }

  remove(id: number): ResultAsync<void, ApiError> {
    // 204: nothing to read.
    return this.api.call({ method: 'DELETE', path: `/api/roles/${id}` }, () => ok(undefined));
  }

  twoFactorPolicy(): ResultAsync<TwoFactorPolicy, ApiError> {
    return this.api.call({ method: 'GET', path: '/api/two-factor-policy' }, policy, { progress: false });
  }

  setTwoFactorPolicy(everyone: boolean, roleIds: readonly number[]): ResultAsync<TwoFactorPolicy, ApiError> {
    const body: TwoFactorPolicyInput = { everyone, roleIds: [...roleIds] };
    return this.api.call({ method: 'PUT', path: '/api/two-factor-policy', body }, policy);
  }
}
