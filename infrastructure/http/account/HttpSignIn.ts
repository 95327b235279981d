import type { ResultAsync } from 'neverthrow';
import type { User } from '../../../domain/auth/user';
import type { Language } from '../../../domain/i18n/language';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { ChallengeAnswer, PasswordStep, Registration, SignIn } from '../../../application/ports/SignIn';
import { LoginReply, Registered, SignedIn } from '../../../contract/account';
import { decoderOf } from '../wire';

/** The sign-in forms show what went wrong beside what was typed: no error page. */
const onTheForm = { navigateOnError: false } as const;

const user = decoderOf(SignedIn);

/**
 * Signing in and out over /api/login, /api/two-factor-challenge, /api/register, /api/logout and
 * /api/user, decoded with contract/account.ts. Bound with lazyPort: neither this nor the contract
 * (nor zod) reaches the sign-in page's first download (its 150 KB budget); it loads just after.
 */
export class HttpSignIn implements SignIn {
  constructor(private readonly api: ApiClient) {}

  withPassword(email: string, password: string): ResultAsync<PasswordStep, ApiError> {
    return this.api
      .call({ method: 'POST', path: '/api/login', body: { email, password } }, decoderOf(LoginReply), onTheForm)
      .map((reply): PasswordStep => ('user' in reply ? { user: reply.user } : { twoFactor: true }));
  }

  answerChallenge(answer: ChallengeAnswer): ResultAsync<User, ApiError> {
    const body = 'code' in answer ? { code: answer.code } : { recovery_code: answer.recoveryCode };
    return this.api.call({ method: 'POST', path: '/api/two-factor-challenge', body }, user, onTheForm).map((reply) => reply.user);
  }

  register(input: Registration, language: Language): ResultAsync<string, ApiError> {
    const body = { name: input.name, email: input.email, password: input.password, password_confirmation: input.passwordConfirmation, language };
    return this.api.call({ method: 'POST', path: '/api/register', body }, decoderOf(Registered), onTheForm).map((reply) => reply.message);
  }

  signOut(): ResultAsync<void, ApiError> {
    return this.api.post('/api/logout', undefined, onTheForm).map(() => undefined);
  }

  storeLanguage(language: Language): ResultAsync<User, ApiError> {
    return this.api.call({ method: 'PUT', path: '/api/user/language', body: { language } }, user, onTheForm).map((reply) => reply.user);
  }

  signedInUser(): ResultAsync<User, ApiError> {
    return this.api.call({ method: 'GET', path: '/api/user' }, user).map((reply) => reply.user);
  }
}
