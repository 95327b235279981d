import { err, ok, type Result } from 'neverthrow';
import type { Language } from '../../domain/i18n/language';
import type { User } from '../../domain/auth/user';
import { audit } from '../audit';
import { issueDeviceCookie } from '../auth/deviceCookie';
import { passwordProblems } from '../auth/passwordRules';
import { randomToken, timingSafeEqual } from '../auth/tokens';
import { newRecoveryCodes, verifyTotp } from '../auth/totp';
import { mustSetUpTwoFactor } from '../auth/twoFactorPolicy';
import { loadUser } from '../auth/users';
import type { AppContext, ServerDeps } from '../http/env';
import { loginLimitKey, type LoginAttempt } from '../http/loginLimits';
import { clearRateLimit, hitRateLimit } from '../http/rateLimit';
import { startSession } from '../http/session';
import type { AccountFailure } from './failures';
import { invalid, invalidField } from '../service/failure';
import * as repo from './repository';

/** Signing in (password, then the two-factor code when it is on), the user a session sees, and registering. */

/**
 * A hash of a random password, verified against when the email is unknown, so a failed sign-in takes
 * as long whether or not the account exists (no user enumeration by timing).
 */
const dummyHashes = new WeakMap<ServerDeps, Promise<string>>();
function dummyHash(deps: ServerDeps): Promise<string> {
  let hash = dummyHashes.get(deps);
  if (!hash) {
    hash = deps.passwords.hash(randomToken());
    dummyHashes.set(deps, hash);
  }
  return hash;
}

const MINUTE = 60_000;

/**
 * Two-factor code attempts are counted per user, not per session: signing in again with the
 * password gives a new session but no new guesses.
 */
const twoFactorLimitKey = (userId: number) => `2fa:user:${userId}`;

/** Signed in, with the user as the session sees them. */
export type SignedIn = { readonly user: User };

/** Signed in, or waiting for the two-factor code. */
export type SignInStep = SignedIn | { readonly twoFactor: true };

/**
 * The user as a browser session sees it: with mustSetUpTwoFactor when the company requires
 * two-factor of them and they have not set it up, so the browser leads them to the setup first.
 */
export async function withTwoFactorDuty(c: AppContext, user: User): Promise<User> {
  if (c.var.auth.kind !== 'session' || !(await mustSetUpTwoFactor(c.var.deps.db, user.id))) return user;
  return { ...user, mustSetUpTwoFactor: true };
}

/**
 * Completes a sign-in: a new session with the user's current rights, audited. Only now is the
 * password count for this email and IP cleared (after the code, when the user has two-factor on),
 * and the browser gets a new device cookie for the account: from now on it is a browser that has
 * signed in before, which strangers' failures do not hold up.
 */
async function signIn(c: AppContext, userId: number, how: string): Promise<Result<SignedIn, AccountFailure>> {
  const user = await loadUser(c.var.deps.db, userId, { activeOnly: true });
  if (!user) return err(invalidField('email', 'auth.failed'));
  await clearRateLimit(c, loginLimitKey(c, user.email));
  await startSession(c, { kind: 'user', user });
  await issueDeviceCookie(c, user.id);
  await audit(c, { action: 'login', entityType: 'user', entityId: user.id, userId: user.id, changes: { via: how } });
  return ok({ user: await withTwoFactorDuty(c, user) });
}

/** The first step: the password (the attempt already counted against the sign-in limits). */
export async function signInWithPassword(c: AppContext, email: string, password: string, attempt: LoginAttempt): Promise<Result<SignInStep, AccountFailure>> {
  const { db, passwords } = c.var.deps;
  const row = await repo.userRowByEmail(db, email);
  const valid = await passwords.verify(row?.password_hash ?? (await dummyHash(c.var.deps)), password);
  if (!row || !valid) {
    await audit(c, { action: 'login_failed', entityType: 'user', entityId: row?.id ?? null, changes: { email }, userId: null });
    return err(invalidField('email', 'auth.failed'));
  }
  await attempt.passwordAccepted();
  if (!row.active) {
    await audit(c, { action: 'login_failed', entityType: 'user', entityId: row.id, changes: { email, reason: 'inactive' }, userId: null });
    return err(invalidField('email', 'auth.inactive'));
  }
  if (row.two_factor_confirmed_at !== null) {
    await startSession(c, { kind: 'pending', userId: row.id });
    return ok({ twoFactor: true });
  }
  return signIn(c, row.id, 'password');
}

/** The sign-in waiting for its two-factor code, counted against its user's code attempts. */
export async function beginChallenge(c: AppContext): Promise<Result<number, AccountFailure>> {
  const session = c.var.session;
  const { now, config } = c.var.deps;
  if (session.kind !== 'active' || session.row.pending_user_id === null || session.row.pending_at === null) return err({ code: 'challengeExpired' });
  if (now().getTime() - new Date(session.row.pending_at).getTime() > config.challengeTimeoutMs) {
    await startSession(c, { kind: 'guest' });
    return err({ code: 'challengeExpired' });
  }
  const userId = session.row.pending_user_id;
  const limit = await hitRateLimit(c, twoFactorLimitKey(userId), config.attemptsPerMinute, MINUTE);
  return limit.allowed ? ok(userId) : err({ code: 'tooManyAttempts', limit });
}

/** The second step: a TOTP code (not one already used) or an unused recovery code. */
export async function answerChallenge(c: AppContext, userId: number, answer: { code: string } | { recovery_code: string }): Promise<Result<SignedIn, AccountFailure>> {
  const { db, now, encrypter } = c.var.deps;
  const user = await repo.userRow(db, userId);
  const secret = user?.two_factor_secret ? await encrypter.decrypt(user.two_factor_secret) : null;
  if (!user || !secret) return err({ code: 'challengeExpired' });

  if ('code' in answer) {
    const step = verifyTotp(secret, answer.code.replace(/\s/g, ''), now());
    // Accept a step only once: the update succeeds only if it is later than the last one used.
    if (step === null || !(await repo.useTotpStep(db, userId, step))) {
      await audit(c, { action: 'two_factor_failed', entityType: 'user', entityId: userId, userId: null });
      return err(invalidField('code', 'auth.twoFactorFailed'));
    }
    await clearRateLimit(c, twoFactorLimitKey(userId));
    return signIn(c, userId, 'totp');
  }

  const stored = user.two_factor_recovery_codes ? await encrypter.decrypt(user.two_factor_recovery_codes) : null;
  const codes = stored ? (JSON.parse(stored) as string[]) : [];
  const given = answer.recovery_code.toLowerCase();
  const match = codes.find((code) => timingSafeEqual(code, given));
  // Each recovery code works once: it is replaced by a fresh one, as Laravel Fortify does. The
  // update succeeds only if the codes are still those read above, so of several requests sending
  // the same code at once exactly one signs in.
  const usedUp =
    match !== undefined &&
    (await repo.replaceRecoveryCodes(
      db,
      userId,
      await encrypter.encrypt(JSON.stringify(codes.map((code) => (code === match ? (newRecoveryCodes(1)[0] ?? '') : code)))),
      user.two_factor_recovery_codes,
    ));
  if (!usedUp) {
    await audit(c, { action: 'two_factor_failed', entityType: 'user', entityId: userId, userId: null, changes: { via: 'recovery_code' } });
    return err(invalidField('recovery_code', 'auth.recoveryCodeFailed'));
  }
  await clearRateLimit(c, twoFactorLimitKey(userId));
  return signIn(c, userId, 'recovery_code');
}

export async function signOut(c: AppContext): Promise<void> {
  const user = c.var.user;
  if (user && c.var.auth.kind === 'session') await audit(c, { action: 'logout', entityType: 'user', entityId: user.id, userId: user.id });
  // A fresh guest session: the signed-in one is deleted server-side and its cookie replaced.
  await startSession(c, { kind: 'guest' });
}

/** The signed-in user's interface language, stored on the account. */
export async function changeLanguage(c: AppContext, user: User, language: Language): Promise<User> {
  if (language !== user.language) {
    await repo.setLanguage(c.var.deps.db, user.id, language, c.var.deps.now());
    await audit(c, { action: 'update', entityType: 'user', entityId: user.id, changes: { language: { from: user.language, to: language } } });
  }
  return { ...user, language };
}

export interface Registration {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly password_confirmation: string;
  readonly language?: Language | undefined;
}

/**
 * Public registration. The account starts inactive, with no role: an administrator must activate
 * it (and give it a role) before it can sign in. Ok whether or not the email was already in use.
 */
export async function register(c: AppContext, input: Registration): Promise<Result<void, AccountFailure>> {
  const { db, passwords, now, config, clientIp } = c.var.deps;
  const limit = await hitRateLimit(c, `register:${clientIp(c) ?? ''}`, config.attemptsPerMinute, MINUTE);
  if (!limit.allowed) return err({ code: 'tooManyAttempts', limit });

  const errors = await passwordProblems(input.password, input.password_confirmation);
  if (errors) return err(invalid(errors));
  // An email already in use gets the same answer as a new one (after as long: the password is hashed
  // either way), so registration cannot tell anyone which addresses have accounts. The message says
  // what to do in both cases, and the attempt is in the audit log for the administrators.
  const hash = await passwords.hash(input.password);
  const taken = await repo.accountWithEmail(db, input.email);
  if (taken !== null) {
    await audit(c, { action: 'register_refused', entityType: 'user', entityId: taken, userId: null, changes: { email: input.email, reason: 'email_taken' } });
    return ok(undefined);
  }
  const id = await repo.insertRegisteredUser(db, { name: input.name, email: input.email, passwordHash: hash, language: input.language ?? c.var.language }, now());
  await audit(c, { action: 'register', entityType: 'user', entityId: id, userId: null, changes: { name: input.name, email: input.email } });
  return ok(undefined);
}
