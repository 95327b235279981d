import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { TOKEN_ABILITIES, type TokenAbility } from '../../domain/auth/tokenAbilities';
import type { ApiError } from '../api/ApiError';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import type { ApiTokens, NewApiToken } from '../ports/ApiTokens';

/** A new API token as typed: its name and the abilities ticked. */
export interface ApiTokenDraft {
  readonly name: string;
  readonly abilities: readonly TokenAbility[];
}

/** A new token starts with reading only. */
export const NEW_API_TOKEN: ApiTokenDraft = { name: '', abilities: ['read'] };

/** The abilities with `ability` ticked or not, kept in their usual order. */
export function withAbility(abilities: readonly TokenAbility[], ability: TokenAbility, on: boolean): TokenAbility[] {
  return on ? TOKEN_ABILITIES.filter((a) => a === ability || abilities.includes(a)) : abilities.filter((a) => a !== ability);
}

/** The token to create (its name trimmed), or what is missing: a name, and at least one ability. */
function apiTokenInput(draft: ApiTokenDraft): Result<ApiTokenDraft, Invalid> {
  const name = draft.name.trim();
  const problems = invalid({
    name: name === '' ? [{ key: 'account:tokens.requiredName' }] : [],
    abilities: draft.abilities.length === 0 ? [{ key: 'account:tokens.requiredAbility' }] : [],
  });
  return isValid(problems) ? ok({ name, abilities: draft.abilities }) : err(problems);
}

/** Creates the token once the draft has what it needs; nothing is sent otherwise. */
export function createApiToken(tokens: ApiTokens, draft: ApiTokenDraft): ResultAsync<NewApiToken, ApiError | Invalid> {
  return apiTokenInput(draft).asyncAndThen((input) => tokens.create(input.name, input.abilities));
}
