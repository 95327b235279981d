import type { AppContext } from '../http/env';
import { errorReply, fieldError } from '../http/errors';
import { fieldErrors } from '../http/fields';
import { tooManyAttempts, type RateLimitResult } from '../http/rateLimit';
import type { ServerMessageKey } from '../i18n';

/**
 * Why the account's services refuse a request (sign-in, two-factor, password, profile, tokens), each
 * with a stable code and what its reply needs; `accountFailureReply` turns one into that reply with
 * the same status, message and body as ever.
 */
export type AccountFailure =
  /** 422 with one message on one field (a wrong password, a wrong code, an email in use …). */
  | { readonly code: 'invalidField'; readonly field: string; readonly key: ServerMessageKey }
  /** 422: the password policy's messages (already in the caller's language), per field. */
  | { readonly code: 'passwordPolicy'; readonly errors: Record<string, string[]> }
  /** 422 with a message and no field (two-factor already on, the last administrator …). */
  | { readonly code: 'refused'; readonly key: ServerMessageKey }
  /** 422: the sign-in waiting for its two-factor code is gone or too old. */
  | { readonly code: 'challengeExpired' }
  /** 429 with Retry-After. */
  | { readonly code: 'tooManyAttempts'; readonly limit: RateLimitResult; readonly key?: ServerMessageKey }
  /** 403: only a browser session may do this (never an API token). */
  | { readonly code: 'sessionOnly' }
  | { readonly code: 'notFound' }
  | { readonly code: 'conflict' }
  | { readonly code: 'tooLarge' };

export function accountFailureReply(c: AppContext, failure: AccountFailure): Response {
  switch (failure.code) {
    case 'invalidField':
      return fieldError(c, failure.field, failure.key);
    case 'passwordPolicy':
      return fieldErrors(c, failure.errors);
    case 'refused':
      return errorReply(c, 422, failure.key);
    case 'challengeExpired':
      return errorReply(c, 422, 'auth.challengeExpired', { challenge_expired: true });
    case 'tooManyAttempts':
      return tooManyAttempts(c, failure.limit, failure.key);
    case 'sessionOnly':
      return errorReply(c, 403, 'auth.sessionOnly');
    case 'notFound':
      return errorReply(c, 404, 'errors.notFound');
    case 'conflict':
      return errorReply(c, 409, 'errors.conflict');
    case 'tooLarge':
      return errorReply(c, 413, 'errors.tooLarge');
  }
}
