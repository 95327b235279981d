import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { BrowserSession, PasswordChange, TwoFactorEnrolment } from '../account/AccountService';
import { token } from '../di/token';

/** The signed-in user's own security as the account use-case needs it; each sensitive step sends the password again. */
export interface AccountSecurity {
  changePassword(change: PasswordChange): ResultAsync<void, ApiError>;
  startTwoFactor(password: string): ResultAsync<TwoFactorEnrolment, ApiError>;
  /** Resolves to the recovery codes, shown once two-factor is on. */
  confirmTwoFactor(code: string): ResultAsync<string[], ApiError>;
  disableTwoFactor(password: string): ResultAsync<void, ApiError>;
  showRecoveryCodes(password: string): ResultAsync<string[], ApiError>;
  regenerateRecoveryCodes(password: string): ResultAsync<string[], ApiError>;
  sessions(): ResultAsync<BrowserSession[], ApiError>;
  /** Resolves to how many other browsers were signed out. */
  endOtherSessions(password: string): ResultAsync<number, ApiError>;
  deleteAccount(password: string): ResultAsync<void, ApiError>;
}

export const AccountSecurity = token<AccountSecurity>('AccountSecurity');
