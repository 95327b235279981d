import type { RateLimitResult } from '../http/rateLimit';
import type { ServerMessageKey } from '../i18n';
import type { Failure } from '../service/failure';

/**
 * Why the account's services refuse a request (sign-in, two-factor, password, profile, tokens): the
 * common failures (a wrong password or code is `validation` on its field) and the account's own
 * codes; ./replies.ts turns one into its reply with the same status, message and body as ever.
 */
export type AccountFailure = Failure<
  /** 403: only a browser session may do this (never an API token). */
  | 'sessionOnly'
  /** 422: the sign-in waiting for its two-factor code is gone or too old. */
  | 'challengeExpired'
  /** 422: two-factor is already on / has no pending set-up / is not on. */
  | 'twoFactorAlreadyOn'
  | 'twoFactorNotPending'
  | 'twoFactorNotEnabled'
  /** 422: deleting one's own account: the last active administrator, or one with business records. */
  | 'lastAdmin'
  | 'hasRecords'
  /** 429 with Retry-After. */
  | { readonly code: 'tooManyAttempts'; readonly limit: RateLimitResult; readonly key?: ServerMessageKey }
>;
