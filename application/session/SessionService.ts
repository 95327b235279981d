import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { User } from '../../domain/auth/user';
import type { Language } from '../../domain/i18n/language';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { LanguageSetting } from '../ports/LanguageSetting';
import type { Navigator } from '../ports/Navigator';
import type { AppState } from '../state/AppState';
import type { CurrentUser } from './CurrentUser';
import { decodeUser } from './decodeUser';

const userFromReply = (body: unknown): User | null =>
  typeof body === 'object' && body !== null && 'user' in body ? decodeUser(body.user) : null;

/** The password was right: either the user is in, or a two-factor code is still needed. */
export type LoginOutcome = { readonly kind: 'signedIn'; readonly user: User } | { readonly kind: 'twoFactor' };

export type ChallengeAnswer = { readonly code: string } | { readonly recoveryCode: string };

export interface Registration {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly passwordConfirmation: string;
}

/** Signing in and out, and the signed-in user's language. */
export class SessionService {
  constructor(
    private readonly api: ApiClient,
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
    return this.api.post('/api/login', { email, password }, { navigateOnError: false }).andThen((body) => {
      if (typeof body === 'object' && body !== null && 'two_factor' in body && body.two_factor === true) {
        return okAsync<LoginOutcome, ApiError>({ kind: 'twoFactor' });
      }
      return this.signedIn(body).map((user): LoginOutcome => ({ kind: 'signedIn', user }));
    });
  }

  /** The second step of a sign-in with two-factor authentication: a code from the app, or a recovery code. */
  challenge(answer: ChallengeAnswer): ResultAsync<User, ApiError> {
    const body = 'code' in answer ? { code: answer.code } : { recovery_code: answer.recoveryCode };
    return this.api.post('/api/two-factor-challenge', body, { navigateOnError: false }).andThen((reply) => this.signedIn(reply));
  }

  /** Public registration: the account waits for an administrator's activation. Resolves to the server's message. */
  register(input: Registration): ResultAsync<string, ApiError> {
    return this.api
      .post(
        '/api/register',
        { name: input.name, email: input.email, password: input.password, password_confirmation: input.passwordConfirmation, language: this.language.current() },
        { navigateOnError: false },
      )
      .map((body) => (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : ''));
  }

  private signedIn(body: unknown): ResultAsync<User, ApiError> {
    const user = userFromReply(body);
    if (!user) return errAsync({ code: 'server', status: 200, message: '' });
    this.currentUser.set(user);
    this.state.set({ authValid: true, isOnline: true });
    return ResultAsync.fromSafePromise(this.language.change(user.language)).map(() => user);
  }

  /** Signs out on the server (best effort), forgets the user here and goes to /login. */
  logout(): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(
      this.api
        .post('/api/logout', undefined, { navigateOnError: false })
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
    return switched.andThen(() =>
      this.api.put('/api/user/language', { language }, { navigateOnError: false }).map((body) => {
        const updated = userFromReply(body);
        if (updated) this.currentUser.set(updated);
      }),
    );
  }
}
