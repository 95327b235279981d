import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';

/**
 * Password reset as its use-cases need it (issue 21 item 8): asking for a link by e-mail, setting a new
 * password through the link, and an administrator's temporary password. Failures come back to the
 * form (no error page): a link that no longer stands is `validation` with reason `resetLinkInvalid`.
 */
export interface PasswordRecovery {
  /** Resolves to the server's words, the same whether or not the address has an account. */
  requestLink(email: string): ResultAsync<string, ApiError>;
  /** Resolves to the server's words once the password is set (the account is signed out everywhere). */
  reset(token: string, password: string, confirmation: string): ResultAsync<string, ApiError>;
  /** A temporary password for another user, who must change it at their next sign-in. */
  setTemporaryPassword(userId: number, password: string, confirmation: string): ResultAsync<void, ApiError>;
}

export const PasswordRecovery = token<PasswordRecovery>('PasswordRecovery');
