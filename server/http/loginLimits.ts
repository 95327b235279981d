import { audit } from '../audit';
import { knownDevice, type DeviceCookie } from '../auth/deviceCookie';
import type { AppContext, ServerConfig } from './env';
import { claimPause, hitRateLimit, tooManyAttempts, undoRateLimitHit, type RateLimitResult } from './rateLimit';

const MINUTE = 60_000;

/** Password attempts are counted per email (as typed, in any letter case) and IP address. */
export const loginLimitKey = (c: AppContext, email: string) => `login:${email.toLowerCase()}|${c.var.deps.clientIp(c) ?? ''}`;

/** Failed passwords from one address, whatever the emails (password spraying). */
const addressKey = (c: AppContext) => `login-failures:ip:${c.var.deps.clientIp(c) ?? ''}`;
/** Failed passwords for one email from browsers it does not know, whatever the addresses (known or not: no hint that an account exists). */
const accountKey = (email: string) => `login-failures:email:${email.toLowerCase()}`;
/** The pause unknown browsers wait between attempts on one email once its allowance is spent. */
const pauseKey = (email: string) => `login-pause:email:${email.toLowerCase()}`;
/** Failed passwords from one device cookie (a browser that signed in to the account before). */
const deviceKey = (device: DeviceCookie) => `login-failures:device:${device.id}`;

/**
 * The pause before the next attempt from an unknown browser, `excess` failures past the account's
 * allowance: 1 s, doubling with each, at most `loginPauseMaxMs`.
 */
export const accountPauseMs = (excess: number, config: ServerConfig) => Math.min(1000 * 2 ** Math.min(Math.max(excess - 1, 0), 30), config.loginPauseMaxMs);

export interface LoginAttempt {
  /** The password was right: the attempt is taken off the failure counts (only failures count). */
  passwordAccepted(): Promise<void>;
}

type Begun = { refused: Response } | { attempt: LoginAttempt };

/**
 * Counts a sign-in attempt before its password is checked (so parallel guesses cannot slip past),
 * and answers 429 (Retry-After, message in the caller's language) when it must wait. Which counts
 * depends on the browser (docs/security.md, "Password guessing"):
 * - a browser holding a valid device cookie for this account (it signed in to it before) is counted
 *   against that cookie alone: config.loginFailuresPerAccount failures a window, then that cookie
 *   waits for the window's end. Strangers' failures elsewhere never reach it;
 * - any other browser meets the limits per IP address (loginFailuresPerAddress failures a window,
 *   password spraying), per email and IP address (attemptsPerMinute attempts a minute, cleared by a
 *   sign-in) and per account: after loginFailuresPerAccount failures from unknown browsers, which
 *   are forgotten after a window without one, unknown browsers are slowed, not locked out: one
 *   attempt, then a pause of 1 s, doubling with each further failure up to loginPauseMaxMs.
 * A right password takes its attempt off the failure counts, so people signing in often from one
 * office never reach them. The audit log gets one line when a limit trips, not one per refusal.
 */
export async function beginLoginAttempt(c: AppContext, email: string): Promise<Begun> {
  const device = await knownDevice(c, email);
  return device ? fromKnownDevice(c, email, device) : fromUnknownBrowser(c, email);
}

async function fromKnownDevice(c: AppContext, email: string, device: DeviceCookie): Promise<Begun> {
  const { loginFailuresPerAccount: limit, loginFailureWindowMs } = c.var.deps.config;
  const key = deviceKey(device);
  const result = await hitRateLimit(c, key, limit, loginFailureWindowMs);
  if (!result.allowed) return refuse(c, email, 'device', limit, result);
  return { attempt: { passwordAccepted: () => undoRateLimitHit(c, key) } };
}

async function fromUnknownBrowser(c: AppContext, email: string): Promise<Begun> {
  const { config } = c.var.deps;
  const counted: string[] = [];
  const undo = async () => {
    for (const key of counted) await undoRateLimitHit(c, key);
  };
  // [key, limit, window, what it counts, whether a right password takes the attempt back]
  const limits: [string, number, number, string, boolean][] = [
    [addressKey(c), config.loginFailuresPerAddress, config.loginFailureWindowMs, 'address', true],
    // Every attempt, right or wrong, until a sign-in completes (with two-factor on, after the code).
    [loginLimitKey(c, email), config.attemptsPerMinute, MINUTE, 'email_and_address', false],
  ];
  for (const [key, limit, windowMs, scope, failuresOnly] of limits) {
    const result = await hitRateLimit(c, key, limit, windowMs);
    if (!result.allowed) {
      // The refused attempt stays counted (the count only says "over" until the window ends); the
      // failure counts before it saw no password tried and take theirs back.
      await undo();
      return refuse(c, email, scope, limit, result);
    }
    if (failuresOnly) counted.push(key);
  }

  // The account: its allowance, then one attempt per pause for every unknown browser together.
  const allowance = config.loginFailuresPerAccount;
  const account = await hitRateLimit(c, accountKey(email), allowance, config.loginFailureWindowMs, { sliding: true });
  counted.push(accountKey(email));
  const excess = account.hits - allowance;
  if (excess > 0) {
    const pause = await claimPause(c, pauseKey(email), accountPauseMs(excess, config));
    if (!pause.allowed) {
      // Not tried: no failure to count, and the pauses grow only with passwords actually tried.
      await undo();
      return { refused: tooManyAttempts(c, pause) };
    }
    if (excess === 1) {
      await audit(c, { action: 'login_throttled', entityType: 'user', entityId: null, userId: null, changes: { email, limit: 'account', attempts: allowance, slowed: true } });
    }
  }
  return { attempt: { passwordAccepted: undo } };
}

/** The 429 for a spent limit, audited once: when the limit trips, not at each refusal after it. */
async function refuse(c: AppContext, email: string, scope: string, limit: number, result: RateLimitResult): Promise<Begun> {
  if (result.hits === limit + 1) {
    await audit(c, { action: 'login_throttled', entityType: 'user', entityId: null, userId: null, changes: { email, limit: scope, attempts: limit, retry_after_seconds: result.retryAfterSeconds } });
  }
  return { refused: tooManyAttempts(c, result) };
}
