import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';

/** Whether two-factor is required of everyone, and of which roles (Settings → Roles). */
export interface TwoFactorPolicy {
  readonly everyone: boolean;
  readonly roles: readonly { readonly id: number; readonly name: string; readonly required: boolean }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function decodeTwoFactorPolicy(body: unknown): TwoFactorPolicy {
  if (!isRecord(body)) return { everyone: false, roles: [] };
  const roles = Array.isArray(body.roles)
    ? body.roles.flatMap((r) => (isRecord(r) && typeof r.id === 'number' && typeof r.name === 'string' ? [{ id: r.id, name: r.name, required: r.required === true }] : []))
    : [];
  return { everyone: body.everyone === true, roles };
}

/** Reads and changes the company's two-factor requirement (audited by the server). */
export class TwoFactorPolicyService {
  constructor(private readonly api: ApiClient) {}

  load(): ResultAsync<TwoFactorPolicy, ApiError> {
    return this.api.get('/api/two-factor-policy', undefined, { progress: false }).map(decodeTwoFactorPolicy);
  }

  save(everyone: boolean, roleIds: readonly number[]): ResultAsync<TwoFactorPolicy, ApiError> {
    return this.api.put('/api/two-factor-policy', { everyone, roleIds }).map(decodeTwoFactorPolicy);
  }
}
