import type { ResultAsync } from 'neverthrow';
import type { TokenAbility } from '../../domain/auth/tokenAbilities';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';

/** A personal API token as its owner sees it (never its secret, which is shown once at creation). */
export interface ApiToken {
  readonly id: number;
  readonly name: string;
  readonly abilities: readonly TokenAbility[];
  readonly lastUsedAt: string | null;
  readonly createdAt: string;
}

/** A token just created, with its plain text, shown this once. */
export interface NewApiToken {
  readonly token: ApiToken;
  readonly plainTextToken: string;
}

/** The signed-in user's own tokens (the list comes with the screen's route: ScreenDataTypes.apiTokens). */
export interface ApiTokens {
  create(name: string, abilities: readonly TokenAbility[]): ResultAsync<NewApiToken, ApiError>;
  revoke(id: number): ResultAsync<void, ApiError>;
}

export const ApiTokens = token<ApiTokens>('ApiTokens');

/** The API tokens screen's data: the user's tokens and the abilities a token may be given. */
export interface ApiTokenList {
  readonly tokens: readonly ApiToken[];
  readonly availableAbilities: readonly TokenAbility[];
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    apiTokens: ApiTokenList;
  }
}
