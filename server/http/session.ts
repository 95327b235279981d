import { createMiddleware } from 'hono/factory';
import { isPermission } from '../../domain/auth/permissions';
import { abilityOfMethod, isTokenAbility } from '../../domain/auth/tokenAbilities';
import type { User } from '../../domain/auth/user';
import { randomToken, sha256Hex, timingSafeEqual } from '../auth/tokens';
import { mustSetUpTwoFactor } from '../auth/twoFactorPolicy';
import { loadUser } from '../auth/users';
import type { SessionRow } from '../db/schema';
import { readCookie, writeCookie } from './cookies';
import { errorReply } from './errors';
import type { AppContext, AppEnv, ServerConfig } from './env';
import { refuseWithoutAbility } from './tokenAbilities';

export const SESSION_COOKIE = 'session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Activity is written at most this often, so a busy session does not write on every request. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSessionExpired(row: SessionRow, now: Date, config: ServerConfig): boolean {
  const idle = now.getTime() - new Date(row.last_activity_at).getTime();
  const age = now.getTime() - new Date(row.created_at).getTime();
  return idle > config.idleTimeoutMs || age > config.absoluteTimeoutMs;
}

/**
 * Whether the browser reached the app over HTTPS: the request's own address, or, behind a trusted
 * reverse proxy that ends HTTPS, the proxy's X-Forwarded-Proto (the last value, the one it added).
 */
export function reachedOverHttps(c: AppContext): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!c.var.deps.config.trustProxy) return false;
  const forwarded = (c.req.header('x-forwarded-proto') ?? '').split(',').map((p) => p.trim().toLowerCase());
  return forwarded[forwarded.length - 1] === 'https';
}

function setSessionCookies(c: AppContext, token: string, xsrfToken: string): void {
  const secure = reachedOverHttps(c);
  writeCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure });
  // Readable by the page's script, which echoes it in the X-XSRF-TOKEN header (double submit).
  writeCookie(c, XSRF_COOKIE, xsrfToken, { httpOnly: false, sameSite: 'Lax', path: '/', secure });
}

export type SessionStart =
  | { readonly kind: 'guest' }
  /** The password was right; the two-factor challenge is still to pass. */
  | { readonly kind: 'pending'; readonly userId: number }
  /** Signed in: the session notes the rights the user has now (spec §6: a change of them needs a new sign-in). */
  | { readonly kind: 'user'; readonly user: User };

/**
 * Starts a new session, replacing the caller's current one: a new id on every change of privilege
 * (sign-in, two-factor, sign-out), so a planted or stolen earlier id is worthless.
 */
export async function startSession(c: AppContext, start: SessionStart): Promise<void> {
  const { db, now, clientIp } = c.var.deps;
  const current = c.var.session;
  if (current.kind !== 'none') {
    await db.deleteFrom('sessions').where('id', '=', current.row.id).execute();
  }
  if (start.kind === 'guest') return startGuest(c);
  const token = randomToken();
  const xsrfToken = randomToken();
  const at = now();
  const row: SessionRow = {
    id: await sha256Hex(token),
    user_id: start.kind === 'user' ? start.user.id : null,
    xsrf_token: xsrfToken,
    created_at: at,
    last_activity_at: at,
    ip: clientIp(c),
    user_agent: c.req.header('user-agent')?.slice(0, 500) ?? null,
    pending_user_id: start.kind === 'pending' ? start.userId : null,
    pending_at: start.kind === 'pending' ? at : null,
    is_admin_snapshot: start.kind === 'user' ? start.user.isAdmin : null,
    permissions_snapshot: start.kind === 'user' ? [...(start.user.role?.permissions ?? [])] : null,
  };
  await db
    .insertInto('sessions')
    .values({ ...row, permissions_snapshot: row.permissions_snapshot ? JSON.stringify(row.permissions_snapshot) : null })
    .execute();
  c.set('session', { kind: 'active', row });
  c.set('user', start.kind === 'user' ? start.user : null);
  c.set('auth', start.kind === 'user' ? { kind: 'session' } : { kind: 'none' });
  setSessionCookies(c, token, xsrfToken);
}

/**
 * A visitor who has not signed in holds no session row, so anonymous requests never grow the
 * database: only an XSRF-TOKEN cookie, which their state-changing requests (sign-in, registration)
 * must echo in the X-XSRF-TOKEN header (double submit: another site can neither read nor set it).
 * A session cookie left from before is removed.
 */
function startGuest(c: AppContext): void {
  c.set('session', { kind: 'none' });
  c.set('user', null);
  c.set('auth', { kind: 'none' });
  const secure = reachedOverHttps(c);
  if (readCookie(c, SESSION_COOKIE) !== undefined) writeCookie(c, SESSION_COOKIE, '', { httpOnly: true, sameSite: 'Lax', path: '/', secure, maxAge: 0 });
  writeCookie(c, XSRF_COOKIE, randomToken(), { httpOnly: false, sameSite: 'Lax', path: '/', secure });
}

/**
 * Ensures the caller can make a state-changing request: a session of its own, or as a guest an
 * XSRF-TOKEN cookie (issued when missing; nothing is stored).
 */
export async function ensureSession(c: AppContext): Promise<void> {
  const session = c.var.session;
  if (session.kind === 'active') return;
  if (session.kind === 'none' && readCookie(c, XSRF_COOKIE)) return;
  await startSession(c, { kind: 'guest' });
}

/**
 * Whether the user's rights differ from those the session signed in with (the administrator flag,
 * or for anyone else their role's permissions). Such a session ends: a change of rights needs a new
 * sign-in (spec §6), whatever made the change.
 */
function rightsChangedSince(user: User, row: SessionRow): boolean {
  if (row.is_admin_snapshot === null || row.permissions_snapshot === null) return false;
  if (user.isAdmin !== row.is_admin_snapshot) return true;
  if (user.isAdmin) return false;
  const then = new Set(row.permissions_snapshot.filter(isPermission));
  const now = user.role?.permissions ?? [];
  return now.length !== then.size || now.some((p) => !then.has(p));
}

async function authenticateToken(c: AppContext, bearer: string): Promise<void> {
  const { db, now } = c.var.deps;
  const token = await db.selectFrom('api_tokens').selectAll().where('token_hash', '=', await sha256Hex(bearer)).executeTakeFirst();
  if (!token) return;
  const user = await loadUser(db, token.user_id, { activeOnly: true });
  if (!user) return;
  c.set('user', user);
  c.set('auth', { kind: 'token', tokenId: token.id, abilities: token.abilities.filter(isTokenAbility) });
  const at = now();
  if (!token.last_used_at || at.getTime() - new Date(token.last_used_at).getTime() >= ACTIVITY_WRITE_INTERVAL_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', token.id).execute();
  }
}

/**
 * Identifies the caller: an API token (`Authorization: Bearer …`) or the session named by the
 * cookie. An expired session stays known (so replies can say session_expired) but never
 * authenticates.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const { db, now, config } = c.var.deps;
  c.set('session', { kind: 'none' });
  c.set('user', null);
  c.set('auth', { kind: 'none' });

  const authorization = c.req.header('authorization');
  if (authorization?.startsWith('Bearer ')) {
    await authenticateToken(c, authorization.slice('Bearer '.length).trim());
    return next();
  }

  const token = readCookie(c, SESSION_COOKIE);
  if (token) {
    const row = await db.selectFrom('sessions').selectAll().where('id', '=', await sha256Hex(token)).executeTakeFirst();
    if (row) {
      if (isSessionExpired(row, now(), config)) {
        c.set('session', { kind: row.user_id === null ? 'guest-expired' : 'expired', row });
      } else {
        c.set('session', { kind: 'active', row });
        if (row.user_id !== null) {
          const user = await loadUser(db, row.user_id, { activeOnly: true });
          if (user && !rightsChangedSince(user, row)) {
            c.set('user', user);
            c.set('auth', { kind: 'session' });
          } else {
            // The account was removed or deactivated, or its rights changed: the session ends with it.
            await db.deleteFrom('sessions').where('id', '=', row.id).execute();
            c.set('session', { kind: 'none' });
          }
        }
      }
    }
  }
  await next();
});

/**
 * Refuses a state-changing request whose X-XSRF-TOKEN header does not match its session's token
 * (a guest's: its XSRF-TOKEN cookie).
 * Token requests carry no cookies, so there is nothing for another site to ride on.
 */
export const verifyXsrf = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.var.auth.kind === 'token') return next();
  const session = c.var.session;
  const header = c.req.header(XSRF_HEADER) ?? '';
  // A guest has no session row: the header must equal the XSRF-TOKEN cookie (startGuest).
  const expected = session.kind === 'none' ? (readCookie(c, XSRF_COOKIE) ?? '') : session.row.xsrf_token;
  if (header === '' || expected === '' || !timingSafeEqual(header, expected)) {
    return errorReply(c, 419, 'auth.csrfMismatch');
  }
  return next();
});

/**
 * Lets only a signed-in user (or an API token) through; 401 (with session_expired when it timed out)
 * otherwise. A token's abilities are the route's to check (./tokenAbilities, requirePermission).
 */
export const requireSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  const { session, auth, user } = c.var;
  if (auth.kind === 'token') return next();
  if (session.kind === 'expired') {
    return errorReply(c, 401, 'auth.sessionExpired', { session_expired: true });
  }
  if (!user || session.kind !== 'active') {
    return errorReply(c, 401, 'auth.unauthenticated');
  }
  await touchSession(c, session.row);
  return next();
});

/**
 * requireSignedIn for the routes of one's own (profile, language, files): an API token needs the
 * plain ability of the method (read GET, create POST, update PUT, delete DELETE).
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => refuseWithoutAbility(c, abilityOfMethod(c.req.method)) ?? requireSignedIn(c, next));

/** For the account's own security (password, two-factor, tokens, sessions): a browser session only, never a token. */
export const requireSessionUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.auth.kind === 'token') return errorReply(c, 403, 'auth.sessionOnly');
  return requireUser(c, next);
});

/**
 * What a signed-in session may reach while its user must set up two-factor and has not: the setup
 * itself (status, start, confirm, then the recovery codes), the heartbeat, /api/user (so the browser
 * knows), signing in again and signing out.
 */
const TWO_FACTOR_SETUP_ONLY = new Set([
  'GET /api/heartbeat',
  'GET /api/csrf-cookie',
  'POST /api/login',
  'POST /api/two-factor-challenge',
  'POST /api/logout',
  'GET /api/user',
  'GET /api/user/two-factor-authentication',
  'POST /api/user/two-factor-authentication',
  'POST /api/user/confirmed-two-factor-authentication',
  'POST /api/user/two-factor-recovery-codes',
]);

/**
 * Two-factor made compulsory (for everyone or the user's role, Settings → Two-factor): a browser
 * session of a user without it reaches only its setup; everything else answers 403
 * auth.twoFactorRequired. API tokens are not sessions and are left alone.
 */
export const enforceTwoFactorSetup = createMiddleware<AppEnv>(async (c, next) => {
  const { user, auth } = c.var;
  if (auth.kind !== 'session' || !user) return next();
  if (TWO_FACTOR_SETUP_ONLY.has(`${c.req.method} ${c.req.path}`)) return next();
  // A temporary password is changed first (server/http/passwordChange.ts), then two-factor set up.
  if (user.mustChangePassword && `${c.req.method} ${c.req.path}` === 'PUT /api/user/password') return next();
  if (await mustSetUpTwoFactor(c.var.deps.db, user.id)) {
    return errorReply(c, 403, 'auth.twoFactorRequired', { two_factor_setup_required: true });
  }
  return next();
});

/** Records use of the session (not done by the heartbeat, so an idle tab still expires). */
async function touchSession(c: AppContext, row: SessionRow): Promise<void> {
  const at = c.var.deps.now();
  if (at.getTime() - new Date(row.last_activity_at).getTime() < ACTIVITY_WRITE_INTERVAL_MS) return;
  await c.var.deps.db.updateTable('sessions').set({ last_activity_at: at }).where('id', '=', row.id).execute();
}
