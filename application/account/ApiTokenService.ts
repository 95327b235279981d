import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import { isTokenAbility, TOKEN_ABILITIES, type TokenAbility } from '../../domain/auth/tokenAbilities';

export { TOKEN_ABILITIES, type TokenAbility };

export interface ApiToken {
  readonly id: number;
  readonly name: string;
  readonly abilities: readonly TokenAbility[];
  readonly lastUsedAt: string | null;
  readonly createdAt: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function decodeToken(value: unknown): ApiToken | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string' || typeof value.createdAt !== 'string') return null;
  return {
    id: value.id,
    name: value.name,
    abilities: Array.isArray(value.abilities) ? value.abilities.filter(isTokenAbility) : [],
    lastUsedAt: typeof value.lastUsedAt === 'string' ? value.lastUsedAt : null,
    createdAt: value.createdAt,
  };
}

export function decodeTokens(value: unknown): ApiToken[] {
  return Array.isArray(value) ? value.map(decodeToken).filter((t): t is ApiToken => t !== null) : [];
}

/** Personal API tokens: the plain token comes back once, at creation. */
export class ApiTokenService {
  constructor(private readonly api: ApiClient) {}

  list(): ResultAsync<ApiToken[], ApiError> {
    return this.api.get('/api/user/api-tokens').map((body) => decodeTokens(isRecord(body) ? body.tokens : []));
  }

  create(name: string, abilities: readonly TokenAbility[]): ResultAsync<{ token: ApiToken | null; plainTextToken: string }, ApiError> {
    return this.api.post('/api/user/api-tokens', { name, abilities }).map((body) => ({
      token: decodeToken(isRecord(body) ? body.token : null),
      plainTextToken: isRecord(body) && typeof body.plainTextToken === 'string' ? body.plainTextToken : '',
    }));
  }

  revoke(id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/user/api-tokens/${id}`).map(() => undefined);
  }
}
