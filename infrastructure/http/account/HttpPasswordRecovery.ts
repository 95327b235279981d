import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { PasswordRecovery } from '../../../application/ports/PasswordRecovery';
import { Message } from '../../../contract/account';
import type { ForgotPasswordRequest, ResetPasswordRequest, TemporaryPasswordRequest } from '../../../contract/passwordReset';
import { UserSaved } from '../../../contract/users';
import { decoderOf } from '../wire';

/** The forms show what went wrong beside what was typed: no error page. */
const onTheForm = { navigateOnError: false } as const;
const message = decoderOf(Message);

/**
 * Password reset over /api/forgot-password, /api/reset-password and /api/users/:id/temporary-password,
 * decoded with the contract. Bound with lazyPort: it loads with the first screen that asks for it.
 */
export class HttpPasswordRecovery implements PasswordRecovery {
  constructor(private readonly api: ApiClient) {}

  requestLink(email: string): ResultAsync<string, ApiError> {
    const body: ForgotPasswordRequest = { email };
    return this.api.call({ method: 'POST', path: '/api/forgot-password', body }, message, onTheForm).map((reply) => reply.message);
  }

  reset(token: string, password: string, confirmation: string): ResultAsync<string, ApiError> {
    const body: ResetPasswordRequest = { token, password, password_confirmation: confirmation };
    return this.api.call({ method: 'POST', path: '/api/reset-password', body }, message, onTheForm).map((reply) => reply.message);
  }

  setTemporaryPassword(userId: number, password: string, confirmation: string): ResultAsync<void, ApiError> {
    const body: TemporaryPasswordRequest = { password, password_confirmation: confirmation };
    return this.api.call({ method: 'POST', path: `/api/users/${userId}/temporary-password`, body }, decoderOf(UserSaved), onTheForm).map(() => undefined);
  }
}
