import { errAsync, type ResultAsync } from 'neverthrow';
import { newPasswordProblems, passwordChangeProblems, type PasswordChange } from '../account/accountForms';
import type { ApiError } from '../api/ApiError';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import type { NavigationService } from '../navigation/NavigationService';
import type { AccountSecurity } from '../ports/AccountSecurity';
import type { Navigator } from '../ports/Navigator';
import type { PasswordRecovery } from '../ports/PasswordRecovery';
import type { SignIn } from '../ports/SignIn';
import type { CurrentUser } from '../session/CurrentUser';
import type { AppState } from '../state/AppState';
import type { PasswordResetDesk } from './PasswordResetDesk';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address to send, or why not: none typed, or not an address. */
export function forgotEmailProblems(email: string): Invalid {
  return invalid({ email: email === '' ? [{ key: 'passwordReset:forgot.required' }] : EMAIL.test(email) ? [] : [{ key: 'passwordReset:forgot.invalidEmail' }] });
}

/** PasswordResetDesk over the PasswordRecovery, AccountSecurity and SignIn ports. */
export class PasswordResets implements PasswordResetDesk {
  constructor(
    private readonly recovery: PasswordRecovery,
    private readonly security: AccountSecurity,
    private readonly signIn: SignIn,
    private readonly currentUser: CurrentUser,
    private readonly navigator: Navigator,
    private readonly navigation: NavigationService,
    private readonly state: AppState,
  ) {}

  requestLink(email: string): ResultAsync<string, ApiError | Invalid> {
    const typed = email.trim();
    const problems = forgotEmailProblems(typed);
    return isValid(problems) ? this.recovery.requestLink(typed) : errAsync(problems);
  }

  reset(token: string, password: string, confirmation: string): ResultAsync<void, ApiError | Invalid> {
    const problems = invalid(newPasswordProblems(password, confirmation));
    if (!isValid(problems)) return errAsync(problems);
    return this.recovery.reset(token, password, confirmation).map(async () => {
      await this.navigation.navigate('/login', { replace: true });
      this.state.set({ notification: { title: 'passwordReset:reset.done', type: 'success' } });
    });
  }

  changeTemporaryPassword(change: PasswordChange): ResultAsync<void, ApiError | Invalid> {
    const problems = passwordChangeProblems(change);
    if (!isValid(problems)) return errAsync(problems);
    return this.security
      .changePassword(change)
      .andThen(() => this.signIn.signedInUser())
      .map((user) => {
        this.currentUser.set(user);
        this.navigator.replace('/');
      });
  }

  setTemporaryPassword(userId: number, password: string, confirmation: string): ResultAsync<void, ApiError | Invalid> {
    const problems = invalid(newPasswordProblems(password, confirmation));
    if (!isValid(problems)) return errAsync(problems);
    return this.recovery.setTemporaryPassword(userId, password, confirmation).map(() => {
      this.state.set({ notification: { title: 'passwordReset:admin.done', type: 'success' }, viewKey: this.state.get().viewKey + 1 });
    });
  }
}
