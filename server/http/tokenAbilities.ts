import type { TokenAbility } from '../../domain/auth/tokenAbilities';
import { errorReply } from './errors';
import type { AppContext, AuthState } from './env';

/** Whether the caller may do what needs `ability`: always in a browser session, with it for an API token. */
export function tokenMay(auth: AuthState, ability: TokenAbility): boolean {
  return auth.kind !== 'token' || auth.abilities.includes(ability);
}

/** 403 for an API token without `ability`; null when it may go on (or the caller is no token). */
export function refuseWithoutAbility(c: AppContext, ability: TokenAbility): Response | null {
  return tokenMay(c.var.auth, ability) ? null : errorReply(c, 403, 'auth.tokenAbility');
}
