import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import { LANGUAGES } from '../../domain/i18n/language';
import { audit } from '../audit';
import { passwordFieldErrors } from '../auth/passwordRules';
import { randomToken, timingSafeEqual } from '../auth/tokens';
import { newRecoveryCodes, verifyTotp } from '../auth/totp';
import { mustSetUpTwoFactor } from '../auth/twoFactorPolicy';
import { loadUser } from '../auth/users';
import type { User } from '../../domain/auth/user';
import { translate } from '../i18n';
import { errorReply, fieldError } from '../http/errors';
import type { AppContext, AppEnv, ServerDeps } from '../http/env';
import { loginLimitKey, beginLoginAttempt } from '../http/loginLimits';
import { clearRateLimit, hitRateLimit, tooManyAttempts } from '../http/rateLimit';
import { ensureSession, requireUser, startSession } from '../http/session';
import { parseJsonBody } from '../http/validate';
import { HeartbeatReply } from '../../contract/session';
import { replies } from '../http/reply';

const LanguageBody = z.object({ language: z.enum(LANGUAGES) });

const LoginBody = z.object({
  email: z.string().trim().min(1).max(255).pipe(z.email()),
  password: z.string().min(1).max(1024),
});

const ChallengeBody = z.union([z.object({ code: z.string().trim().min(1).max(16) }), z.object({ recovery_code: z.string().trim().min(1).max(64) })]);

const RegisterBody = z.object({
  name: z.string().trim().min(1).max(255),
  email: z.string().trim().min(1).max(255).pipe(z.email()),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
  language: z.enum(LANGUAGES).optional(),
});

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

/**
 * Completes a sign-in: a new session with the user's current rights, audited. Only now is the
 * password count for this email and IP cleared (after the code, when the user has two-factor on).
 */
async function signIn(c: AppContext, userId: number, how: string) {
  const user = await loadUser(c.var.deps.db, userId, { activeOnly: true });
  if (!user) return fieldError(c, 'email', 'auth.failed');
  await clearRateLimit(c, loginLimitKey(c, user.email));
  await startSession(c, { kind: 'user', user });
  await audit(c, { action: 'login', entityType: 'user', entityId: user.id, userId: user.id, changes: { via: how } });
  return c.json({ user: await withTwoFactorDuty(c, user) });
}

/**
 * The user as a browser session sees it: with mustSetUpTwoFactor when the company requires
 * two-factor of them and they have not set it up, so the browser leads them to the setup first.
 */
async function withTwoFactorDuty(c: AppContext, user: User): Promise<User> {
  if (c.var.auth.kind !== 'session' || !(await mustSetUpTwoFactor(c.var.deps.db, user.id))) return user;
  return { ...user, mustSetUpTwoFactor: true };
}

export function authRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** { auth } tells whether the session is signed in; it never extends the session's life. */
  const heartbeat = replies(HeartbeatReply);
  routes.get('/heartbeat', heartbeat, async (c) => {
    const session = c.var.session;
    if (c.var.auth.kind === 'token') return heartbeat.send(c, { auth: true });
    const expired = session.kind === 'expired';
    // A guest gets an XSRF-TOKEN cookie for the sign-in page, but no session row (nothing stored).
    await ensureSession(c);
    if (expired) return heartbeat.send(c, { auth: false, session_expired: true });
    // Two-factor made compulsory since sign-in: the browser leads the user to its setup.
    if (c.var.user && (await mustSetUpTwoFactor(c.var.deps.db, c.var.user.id))) return heartbeat.send(c, { auth: true, two_factor_setup_required: true });
    return heartbeat.send(c, { auth: c.var.user !== null });
  });

  /** Issues the XSRF-TOKEN cookie before a first state-changing request (a guest's is not stored). */
  routes.get('/csrf-cookie', async (c) => {
    await ensureSession(c);
    return c.body(null, 204);
  });

  routes.post('/login', async (c) => {
    const body = await parseJsonBody(c, LoginBody);
    if (body.isErr()) return body.error;
    const { email, password } = body.value;
    const { db, passwords } = c.var.deps;

    const counted = await beginLoginAttempt(c, email);
    if ('refused' in counted) return counted.refused;

    const row = await db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    const valid = await passwords.verify(row?.password_hash ?? (await dummyHash(c.var.deps)), password);
    if (!row || !valid) {
      await audit(c, { action: 'login_failed', entityType: 'user', entityId: row?.id ?? null, changes: { email }, userId: null });
      return fieldError(c, 'email', 'auth.failed');
    }
    await counted.attempt.passwordAccepted();
    if (!row.active) {
      await audit(c, { action: 'login_failed', entityType: 'user', entityId: row.id, changes: { email, reason: 'inactive' }, userId: null });
      return fieldError(c, 'email', 'auth.inactive');
    }
    if (row.two_factor_confirmed_at !== null) {
      await startSession(c, { kind: 'pending', userId: row.id });
      return c.json({ two_factor: true });
    }
    return signIn(c, row.id, 'password');
  });

  /** The second step: a TOTP code (not one already used) or an unused recovery code. */
  routes.post('/two-factor-challenge', async (c) => {
    const session = c.var.session;
    const { db, now, config, encrypter } = c.var.deps;
    if (session.kind !== 'active' || session.row.pending_user_id === null || session.row.pending_at === null) {
      return errorReply(c, 422, 'auth.challengeExpired', { challenge_expired: true });
    }
    if (now().getTime() - new Date(session.row.pending_at).getTime() > config.challengeTimeoutMs) {
      await startSession(c, { kind: 'guest' });
      return errorReply(c, 422, 'auth.challengeExpired', { challenge_expired: true });
    }
    const userId = session.row.pending_user_id;
    const limit = await hitRateLimit(c, twoFactorLimitKey(userId), config.attemptsPerMinute, MINUTE);
    if (!limit.allowed) return tooManyAttempts(c, limit);

    const body = await parseJsonBody(c, ChallengeBody);
    if (body.isErr()) return body.error;
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    const secret = user?.two_factor_secret ? await encrypter.decrypt(user.two_factor_secret) : null;
    if (!user || !secret) return errorReply(c, 422, 'auth.challengeExpired', { challenge_expired: true });

    if ('code' in body.value) {
      const step = verifyTotp(secret, body.value.code.replace(/\s/g, ''), now());
      // Accept a step only once: the update succeeds only if it is later than the last one used.
      const accepted =
        step !== null &&
        (await db
          .updateTable('users')
          .set({ two_factor_last_step: step })
          .where('id', '=', userId)
          .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', String(step))]))
          .returning('id')
          .executeTakeFirst()) !== undefined;
      if (!accepted) {
        await audit(c, { action: 'two_factor_failed', entityType: 'user', entityId: userId, userId: null });
        return fieldError(c, 'code', 'auth.twoFactorFailed');
      }
      await clearRateLimit(c, twoFactorLimitKey(userId));
      return signIn(c, userId, 'totp');
    }

    const stored = user.two_factor_recovery_codes ? await encrypter.decrypt(user.two_factor_recovery_codes) : null;
    const codes = stored ? (JSON.parse(stored) as string[]) : [];
    const given = body.value.recovery_code.toLowerCase();
    const match = codes.find((code) => timingSafeEqual(code, given));
    if (!match) {
      await audit(c, { action: 'two_factor_failed', entityType: 'user', entityId: userId, userId: null, changes: { via: 'recovery_code' } });
      return fieldError(c, 'recovery_code', 'auth.recoveryCodeFailed');
    }
    // Each recovery code works once: it is replaced by a fresh one, as Laravel Fortify does. The
    // update succeeds only if the codes are still those read above, so of several requests sending
    // the same code at once exactly one signs in.
    const remaining = codes.map((code) => (code === match ? (newRecoveryCodes(1)[0] ?? '') : code));
    const usedUp = await db
      .updateTable('users')
      .set({ two_factor_recovery_codes: await encrypter.encrypt(JSON.stringify(remaining)) })
      .where('id', '=', userId)
      .where('two_factor_recovery_codes', '=', user.two_factor_recovery_codes)
      .returning('id')
      .executeTakeFirst();
    if (!usedUp) {
      await audit(c, { action: 'two_factor_failed', entityType: 'user', entityId: userId, userId: null, changes: { via: 'recovery_code' } });
      return fieldError(c, 'recovery_code', 'auth.recoveryCodeFailed');
    }
    await clearRateLimit(c, twoFactorLimitKey(userId));
    return signIn(c, userId, 'recovery_code');
  });

  routes.post('/logout', async (c) => {
    const user = c.var.user;
    if (user && c.var.auth.kind === 'session') await audit(c, { action: 'logout', entityType: 'user', entityId: user.id, userId: user.id });
    // A fresh guest session: the signed-in one is deleted server-side and its cookie replaced.
    await startSession(c, { kind: 'guest' });
    return c.body(null, 204);
  });

  routes.get('/user', requireUser, async (c) => c.json({ user: await withTwoFactorDuty(c, c.var.user!) }));

  /** The signed-in user's interface language, stored on the account. */
  routes.put('/user/language', requireUser, async (c) => {
    const body = await parseJsonBody(c, LanguageBody);
    if (body.isErr()) return body.error;
    const user = c.var.user!;
    const { db, now } = c.var.deps;
    const { language } = body.value;
    if (language !== user.language) {
      await db
        .updateTable('users')
        .set((eb) => ({ language, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', user.id)
        .execute();
      await audit(c, { action: 'update', entityType: 'user', entityId: user.id, changes: { language: { from: user.language, to: language } } });
    }
    return c.json({ user: { ...user, language } });
  });

  /**
   * Public registration. The account starts inactive, with no role: an administrator must activate
   * it (and give it a role) before it can sign in.
   */
  routes.post('/register', async (c) => {
    const body = await parseJsonBody(c, RegisterBody);
    if (body.isErr()) return body.error;
    const input = body.value;
    const { db, passwords, now } = c.var.deps;
    const limit = await hitRateLimit(c, `register:${c.var.deps.clientIp(c) ?? ''}`, c.var.deps.config.attemptsPerMinute, MINUTE);
    if (!limit.allowed) return tooManyAttempts(c, limit);

    const errors = await passwordFieldErrors(c.var.language, input.password, input.password_confirmation);
    if (errors) return c.json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, 422);
    // An email already in use gets the same answer as a new one (after as long: the password is hashed
    // either way), so registration cannot tell anyone which addresses have accounts. The message says
    // what to do in both cases, and the attempt is in the audit log for the administrators.
    const hash = await passwords.hash(input.password);
    const taken = await db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', input.email.toLowerCase()).executeTakeFirst();
    if (taken) {
      await audit(c, { action: 'register_refused', entityType: 'user', entityId: taken.id, userId: null, changes: { email: input.email, reason: 'email_taken' } });
      return c.json({ message: translate(c.var.language, 'auth.registered') }, 201);
    }
    const created = await db
      .insertInto('users')
      .values({
        name: input.name,
        email: input.email,
        password_hash: hash,
        language: input.language ?? c.var.language,
        active: false,
        password_changed_at: now(),
        created_at: now(),
        updated_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(c, { action: 'register', entityType: 'user', entityId: created.id, userId: null, changes: { name: input.name, email: input.email } });
    return c.json({ message: translate(c.var.language, 'auth.registered') }, 201);
  });

  return routes;
}
