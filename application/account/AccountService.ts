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
  abstract startTwoFactor(password: string): ResultAsync<TwoFactorEnrolment, ApiError>;
  /** Resolves to the recovery codes, shown once two-factor is on. */
  abstract confirmTwoFactor(code: string): ResultAsync<string[], ApiError>;
  abstract disableTwoFactor(password: string): ResultAsync<void, ApiError>;
  abstract showRecoveryCodes(password: string): ResultAsync<string[], ApiError>;
  abstract regenerateRecoveryCodes(password: string): ResultAsync<string[], ApiError>;
  /**
   * After two-factor was set up because it is required: asks the server who is signed in and holds
   * the answer (the user no longer carries mustSetUpTwoFactor, so the route guard lets them on), then
   * goes to the start page.
   */
  abstract finishRequiredSetup(): ResultAsync<void, ApiError>;
  abstract sessions(): ResultAsync<BrowserSession[], ApiError>;
  /** Resolves to how many other browsers were signed out. */
  abstract signOutOtherSessions(password: string): ResultAsync<number, ApiError | Invalid>;
  /** Deletes the account; on success the user is signed out here too and lands on /login. */
  abstract deleteAccount(password: string): ResultAsync<void, ApiError>;
}
