import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { AccountSecurity } from '../ports/AccountSecurity';
import type { Navigator } from '../ports/Navigator';
import type { SignIn } from '../ports/SignIn';
import type { CurrentUser } from '../session/CurrentUser';
import * as forms from './accountForms';
import type { PasswordChange } from './accountForms';
import { AccountService, type BrowserSession, type TwoFactorEnrolment } from './AccountService';

/** What the account forms' checks find wrong is the error, before anything is sent. */
function checked(problems: Invalid): ResultAsync<void, Invalid> {
  return forms.isValid(problems) ? okAsync(undefined) : errAsync(problems);
}

/** AccountService over the AccountSecurity and SignIn ports (it and its checks load with the first account screen, not with the sign-in page). */
export class OwnAccountService extends AccountService {
  constructor(
    private readonly security: AccountSecurity,
    private readonly signIn: SignIn,
    private readonly currentUser: CurrentUser,
    private readonly navigator: Navigator,
  ) {
    super();
  }

  changePassword(change: PasswordChange): ResultAsync<void, ApiError | Invalid> {
    return checked(forms.passwordChangeProblems(change)).andThen(() => this.security.changePassword(change));
  }

  startTwoFactor(password: string): ResultAsync<TwoFactorEnrolment, ApiError | Invalid> {
    return checked(forms.passwordRequired(password)).andThen(() => this.security.startTwoFactor(password));
  }

  confirmTwoFactor(code: string): ResultAsync<string[], ApiError | Invalid> {
    const typed = code.trim();
    return checked(forms.appCodeRequired(typed)).andThen(() => this.security.confirmTwoFactor(typed));
  }

  disableTwoFactor(password: string): ResultAsync<void, ApiError | Invalid> {
    return checked(forms.passwordRequired(password)).andThen(() => this.security.disableTwoFactor(password));
  }

  showRecoveryCodes(password: string): ResultAsync<string[], ApiError | Invalid> {
    return checked(forms.passwordRequired(password)).andThen(() => this.security.showRecoveryCodes(password));
  }

  regenerateRecoveryCodes(password: string): ResultAsync<string[], ApiError | Invalid> {
    return checked(forms.passwordRequired(password)).andThen(() => this.security.regenerateRecoveryCodes(password));
  }

  finishRequiredSetup(): ResultAsync<void, ApiError> {
    return this.signIn.signedInUser().map((user) => {
      this.currentUser.set(user);
      this.navigator.replace('/');
    });
  }

  sessions(): ResultAsync<BrowserSession[], ApiError> {
    return this.security.sessions();
  }

  signOutOtherSessions(password: string): ResultAsync<number, ApiError | Invalid> {
    return checked(forms.passwordRequired(password)).andThen(() => this.security.endOtherSessions(password));
  }

  deleteAccount(password: string, confirm: () => PromiseLike<boolean>): ResultAsync<boolean, ApiError | Invalid> {
    return checked(forms.passwordRequired(password))
      .andThen(() => ResultAsync.fromSafePromise(Promise.resolve(confirm())))
      .andThen((confirmed) =>
        confirmed
          ? this.security.deleteAccount(password).map(() => {
              this.currentUser.clear();
              this.navigator.replace('/login');
              return true;
            })
          : okAsync(false),
      );
  }
}
