import type { ResultAsync } from 'neverthrow';
import type { PasswordChange } from '../account/accountForms';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { Invalid } from '../forms/Invalid';

/**
 * Password reset's use-cases (issue 21 item 8), the screens' key (`useService(PasswordResetDesk)`); its
 * implementation (./PasswordResets.ts) loads with the first screen that asks for it (lazyPort), not
 * with the sign-in page. Each refuses what the rules refuse before sending (`Invalid`).
 */
export interface PasswordResetDesk {
  /** "Forgot password?": a valid address is sent; resolves to the server's words (the same for any address). */
  requestLink(email: string): ResultAsync<string, ApiError | Invalid>;
  /**
   * The reset link's new password, under the domain's password policy; once set, goes to the sign-in
   * page and says so there. A link that no longer stands is the server's one message (reason resetLinkInvalid).
   */
  reset(token: string, password: string, confirmation: string): ResultAsync<void, ApiError | Invalid>;
  /**
   * The change of a temporary password: the temporary one and the new one (the profile's password
   * change); then the user as the server now sees them is held (no longer bound to this screen) and
   * the app opens at its start page.
   */
  changeTemporaryPassword(change: PasswordChange): ResultAsync<void, ApiError | Invalid>;
  /** An administrator's temporary password for a user; says so and shows the account as it is now. */
  setTemporaryPassword(userId: number, password: string, confirmation: string): ResultAsync<void, ApiError | Invalid>;
}

export const PasswordResetDesk = token<PasswordResetDesk>('PasswordResetDesk');
