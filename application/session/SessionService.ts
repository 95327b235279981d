import { okAsync, ResultAsync } from 'neverthrow';
import type { User } from '../../domain/auth/user';
import type { Language } from '../../domain/i18n/language';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { LanguageSetting } from '../ports/LanguageSetting';
import type { Navigator } from '../ports/Navigator';
import type { ChallengeAnswer, Registration, SignIn } from '../ports/SignIn';
import type { AppState } from '../state/AppState';
import type { CurrentUser } from './CurrentUser';
import { challengeAnswer, credentials, type Credentials } from './signInForms';

export type { ChallengeAnswer, Registration } from '../ports/SignIn';

/** The password was right: either the user is in, or a two-factor code is still needed. */
export type LoginOutcome = { readonly kind: 'signedIn'; readonly user: User } | { readonly kind: 'twoFactor' };

/** Signing in and out, and the signed-in user's language. */
export class SessionService {
  constructor(
    private readonly signIn: SignIn,
    private readonly currentUser: CurrentUser,
    private readonly state: AppState,
    private readonly language: LanguageSetting,
    private readonly navigator: Navigator,
  ) {}

  /**
   * Signs in with email and password. On success the user is held (and kept in storage) and the
   * interface switches to the user's language. Failures come back to the form, which shows them
   * beside what was typed (no error page for a wrong password or an unreachable server).
   */
  login(email: string, password: string): ResultAsync<LoginOutcome, ApiError> {
    return this.signIn.withPassword(email, password).andThen((step) =>
      'user' in step ? this.signedIn(step.user).map((user): LoginOutcome => ({ kind: 'signedIn', user })) : okAsync<LoginOutcome, ApiError>({ kind: 'twoFactor' }),
    );
  }

  /** The sign-in form's submit: what was typed is checked first (every missing field at once, nothing sent), then `login`. */
  submitLogin(typed: Credentials): ResultAsync<LoginOutcome, ApiError | Invalid> {
    return credentials(typed).asyncAndThen((checked) => this.login(checked.email, checked.password));
  }

  /** The two-factor form's submit: the typed code (or recovery code) is checked first, then `challenge`. */
  submitChallenge(typed: string, recovery: boolean): ResultAsync<User, ApiError | Invalid> {
    return challengeAnswer(typed, recovery).asyncAndThen((answer) => this.challenge(answer));
  }

  /** The second step of a sign-in with two-factor authentication: a code from the app, or a recovery code. */
  challenge(answer: ChallengeAnswer): ResultAsync<User, ApiError> {
    return this.signIn.answerChallenge(answer).andThen((user) => this.signedIn(user));
  }

  /** Public registration: the account waits for an administrator's activation. Resolves to the server's message. */
  register(input: Registration): ResultAsync<string, ApiError> {
    return this.signIn.register(input, this.language.current());
  }

  private signedIn(user: User): ResultAsync<User, never> {
    this.currentUser.set(user);
    this.state.set({ authValid: true, isOnline: true });
    return ResultAsync.fromSafePromise(this.language.change(user.language)).map(() => user);
  }

  /** Signs out on the server (best effort), forgets the user here and goes to /login. */
  logout(): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(
      this.signIn
        .signOut()
        .match(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          this.currentUser.clear();
          this.navigator.replace('/login');
        }),
    );
  }

  /**
   * Switches the interface language at once; for a signed-in user it is also stored on the account
   * so it follows them to other devices.
   */
  changeLanguage(language: Language): ResultAsync<void, ApiError> {
    const switched = ResultAsync.fromSafePromise(this.language.change(language));
    const user = this.currentUser.get();
    if (!user || user.language === language) return switched;
    return switched.andThen(() => this.signIn.storeLanguage(language).map((updated) => this.currentUser.set(updated)));
  }
}
