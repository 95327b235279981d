import type * as z from 'zod/mini';
import type { User as WireUser } from '../../contract/account';
import type { User } from '../../domain/auth/user';
import { errorReply } from '../http/errors';
import { failureReplies } from '../http/failure';
import { tooManyAttempts } from '../http/rateLimit';
import type { AccountFailure } from './failures';

/** The reply of an account failure: the common ones as everywhere, the account's own as ever. */
export const accountFailureReply = failureReplies<AccountFailure>({
  sessionOnly: [403, 'auth.sessionOnly'],
  challengeExpired: (c) => errorReply(c, 422, 'auth.challengeExpired', { challenge_expired: true }),
  twoFactorAlreadyOn: [422, 'auth.twoFactorAlreadyOn'],
  twoFactorNotPending: [422, 'auth.twoFactorNotPending'],
  twoFactorNotEnabled: [422, 'auth.twoFactorNotEnabled'],
  lastAdmin: [422, 'auth.lastAdmin'],
  hasRecords: [422, 'auth.hasRecords'],
  tooManyAttempts: (c, failure) => tooManyAttempts(c, failure.limit, failure.key),
});

/** A user as the contract sends it (its role's permissions as a plain list). */
export const wireUser = (user: User): z.input<typeof WireUser> => ({ ...user, role: user.role && { ...user.role, permissions: [...user.role.permissions] } });
