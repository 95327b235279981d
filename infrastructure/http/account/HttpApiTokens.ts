import type { ResultAsync } from 'neverthrow';
import type { TokenAbility } from '../../../domain/auth/tokenAbilities';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { ApiTokens, NewApiToken } from '../../../application/ports/ApiTokens';
import { ApiTokenCreated } from '../../../contract/account';
import { decoderOf } from '../wire';

/** The user's API tokens over /api/user/api-tokens, decoded with contract/account.ts (loaded with the tokens screen: lazyPort). */
export class HttpApiTokens implements ApiTokens {
  constructor(private readonly api: ApiClient) {}

  create(name: string, abilities: readonly TokenAbility[]): ResultAsync<NewApiToken, ApiError> {
    return this.api.call({ method: 'POST', path: '/api/user/api-tokens', body: { name, abilities } }, decoderOf(ApiTokenCreated));
  }

  revoke(id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/user/api-tokens/${id}`).map(() => undefined);
  }
}
