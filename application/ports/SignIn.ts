import type { ResultAsync } from 'neverthrow';
import type { User } from '../../domain/auth/user';
import type { Language } from '../../domain/i18n/language';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';

/** The password was right: either the user is in, or a two-factor code is still needed. */
export type PasswordStep = { readonly user: User } | { readonly twoFactor: true };

export type ChallengeAnswer = { readonly code: string } | { readonly recoveryCode: string };

export interface Registration {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly passwordConfirmation: string;
}

/**
 * Who is signed in, as the session use-cases need it: signing in (password, then the two-factor
 * code), registering, signing out, the user's language, and the signed-in user as the server sees
 * them now. Failures come back to the caller without leaving the page (the sign-in forms show them).
 */
export interface SignIn {
  withPassword(email: string, password: string): ResultAsync<PasswordStep, ApiError>;
  answerChallenge(answer: ChallengeAnswer): ResultAsync<User, ApiError>;
  /** Resolves to the server's message (the account waits for an administrator's activation). */
  register(input: Registration, language: Language): ResultAsync<string, ApiError>;
  signOut(): ResultAsync<void, ApiError>;
  /** Stores the interface language on the account; resolves to the user as they now are. */
  storeLanguage(language: Language): ResultAsync<User, ApiError>;
  signedInUser(): ResultAsync<User, ApiError>;
}

export const SignIn = token<SignIn>('SignIn');
