import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { PasswordChange } from './accountForms';

export type { PasswordChange } from './accountForms';

export type TwoFactorStatus = 'off' | 'pending' | 'on';

export interface TwoFactorEnrolment {
  readonly secret: string;
  readonly otpauthUri: string;
  /** An SVG image of the QR code, made by the server. */
  readonly qrSvg: string;
}

/** The required two-factor setup's screen data: where two-factor stands for the user. */
export interface TwoFactorSetupData {
  readonly status: TwoFactorStatus;
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    twoFactorSetup: TwoFactorSetupData;
  }
}

export interface BrowserSession {
  readonly id: string;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly lastActivityAt: string;
  readonly current: boolean;
}

/**
 * The signed-in user's own security: password, two-factor authentication, recovery codes, browser
 * sessions and deleting the account. Every sensitive step sends the password again. The class is the
 * screens' key (`useService(AccountService)`); its implementation, OwnAccountService, loads with the
 * first account screen, not with the sign-in page.
 */
export abstract class AccountService {
  /** Changes the password once the change meets the rules (`passwordChangeProblems`). */
  abstract changePassword(change: PasswordChange): ResultAsync<void, ApiError | Invalid>;
  /** Starts enabling two-factor; refused before sending when no password was typed (as is every step below that takes it). */
  abstract startTwoFactor(password: string): ResultAsync<TwoFactorEnrolment, ApiError | Invalid>;
  /** Resolves to the recovery codes, shown once two-factor is on. The code from the app is trimmed; none typed is refused before sending. */
  abstract confirmTwoFactor(code: string): ResultAsync<string[], ApiError | Invalid>;
  abstract disableTwoFactor(password: string): ResultAsync<void, ApiError | Invalid>;
  abstract showRecoveryCodes(password: string): ResultAsync<string[], ApiError | Invalid>;
  abstract regenerateRecoveryCodes(password: string): ResultAsync<string[], ApiError | Invalid>;
  /**
   * After two-factor was set up because it is required: asks the server who is signed in and holds
   * the answer (the user no longer carries mustSetUpTwoFactor, so the route guard lets them on), then
   * goes to the start page.
   */
  abstract finishRequiredSetup(): ResultAsync<void, ApiError>;
  /** The browsers signed in to this account, this one marked `current`. */
  abstract sessions(): ResultAsync<BrowserSession[], ApiError>;
  /** Resolves to how many other browsers were signed out. */
  abstract signOutOtherSessions(password: string): ResultAsync<number, ApiError | Invalid>;
  /**
   * Deletes the account: the password first (none typed is refused before anything else), then the
   * person's confirmation (`confirm`, asked only once the password is there), then the server. On
   * success the user is signed out here too and lands on /login. Resolves to whether it was deleted
   * (false: the person did not confirm, nothing was sent).
   */
  abstract deleteAccount(password: string, confirm: () => PromiseLike<boolean>): ResultAsync<boolean, ApiError | Invalid>;
}
