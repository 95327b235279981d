import { Hono } from 'hono';
import * as z from 'zod';
import { LANGUAGES } from '../../domain/i18n/language';
import { mustSetUpTwoFactor } from '../auth/twoFactorPolicy';
import type { AppEnv } from '../http/env';
import { beginLoginAttempt } from '../http/loginLimits';
import { ensureSession, requireUser } from '../http/session';
import { parseJsonBody } from '../http/validate';
import { LoginReply, Registered, SignedIn } from '../../contract/account';
import { HeartbeatReply } from '../../contract/session';
import { replies } from '../http/reply';
import { translate } from '../i18n';
import { accountFailureReply, wireUser } from './replies';
import * as signIn from './signIn';

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

const loginReply = replies(LoginReply);
const signedIn = replies(SignedIn);

/** Signing in and out, the heartbeat, who is signed in, and registering: HTTP in and out (rules in ./signIn). */
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

  routes.post('/login', loginReply, async (c) => {
    const body = await parseJsonBody(c, LoginBody);
    if (body.isErr()) return body.error;
    const { email, password } = body.value;
    const counted = await beginLoginAttempt(c, email);
    if ('refused' in counted) return counted.refused;
    const step = await signIn.signInWithPassword(c, email, password, counted.attempt);
    if (step.isErr()) return accountFailureReply(c, step.error);
    return loginReply.send(c, 'user' in step.value ? { user: wireUser(step.value.user) } : { two_factor: true });
  });

  /** The second step: a TOTP code (not one already used) or an unused recovery code. */
  routes.post('/two-factor-challenge', signedIn, async (c) => {
    const pending = await signIn.beginChallenge(c);
    if (pending.isErr()) return accountFailureReply(c, pending.error);
    const body = await parseJsonBody(c, ChallengeBody);
    if (body.isErr()) return body.error;
    const step = await signIn.answerChallenge(c, pending.value, body.value);
    if (step.isErr()) return accountFailureReply(c, step.error);
    return signedIn.send(c, { user: wireUser(step.value.user) });
  });

  routes.post('/logout', async (c) => {
    await signIn.signOut(c);
    return c.body(null, 204);
  });

  routes.get('/user', signedIn, requireUser, async (c) => signedIn.send(c, { user: wireUser(await signIn.withTwoFactorDuty(c, c.var.user!)) }));

  /** The signed-in user's interface language, stored on the account. */
  routes.put('/user/language', signedIn, requireUser, async (c) => {
    const body = await parseJsonBody(c, LanguageBody);
    if (body.isErr()) return body.error;
    return signedIn.send(c, { user: wireUser(await signIn.changeLanguage(c, c.var.user!, body.value.language)) });
  });

  /**
   * Public registration. The account starts inactive, with no role: an administrator must activate
   * it (and give it a role) before it can sign in.
   */
  const registered = replies(Registered, 201);
  routes.post('/register', registered, async (c) => {
    const body = await parseJsonBody(c, RegisterBody);
    if (body.isErr()) return body.error;
    const done = await signIn.register(c, body.value);
    if (done.isErr()) return accountFailureReply(c, done.error);
    return registered.send(c, { message: translate(c.var.language, 'auth.registered') });
  });

  return routes;
}
