import { audit } from '../audit';
import type { AppContext } from './env';
import { hitRateLimit, tooManyAttempts, undoRateLimitHit } from './rateLimit';

const MINUTE = 60_000;

/** Password attempts are counted per email (as typed, in any letter case) and IP address. */
export const loginLimitKey = (c: AppContext, email: string) => `login:${email.toLowerCase()}|${c.var.deps.clientIp(c) ?? ''}`;

/** Failed passwords from one address, whatever the emails (password spraying). */
const addressKey = (c: AppContext) => `login-failures:ip:${c.var.deps.clientIp(c) ?? ''}`;
/** Failed passwords for one email, whatever the addresses (known or not: no hint that an account exists). */
const accountKey = (email: string) => `login-failures:email:${email.toLowerCase()}`;

export interface LoginAttempt {
  /** The password was right: the attempt is taken off the failure counts (only failures count). */
  passwordAccepted(): Promise<void>;
}

/**
 * Counts a sign-in attempt against three limits before its password is checked, and answers 429
 * (Retry-After, message in the caller's language) when one is spent:
 * - attempts per email and IP address (config.attemptsPerMinute a minute; cleared by a sign-in);
 * - failed passwords per IP address across all emails (config.loginFailuresPerAddress a window);
 * - failed passwords per email across all addresses (config.loginFailuresPerAccount a window).
 * The failure counts are raised before the check (so parallel guesses cannot slip past) and lowered
 * again when the password is right, so people signing in often from one office never reach them.
 * The audit log gets one line when a limit trips, not one per refused attempt.
 */
export async function beginLoginAttempt(c: AppContext, email: string): Promise<{ refused: Response } | { attempt: LoginAttempt }> {
  const { config } = c.var.deps;
  const counted: string[] = [];
  const undo = async () => {
    for (const key of counted) await undoRateLimitHit(c, key);
  };
  // [key, limit, window, what it counts, whether a right password takes the attempt back]
  const limits: [string, number, number, string, boolean][] = [
    [addressKey(c), config.loginFailuresPerAddress, config.loginFailureWindowMs, 'address', true],
    [accountKey(email), config.loginFailuresPerAccount, config.loginFailureWindowMs, 'account', true],
    // Every attempt, right or wrong, until a sign-in completes (with two-factor on, after the code).
    [loginLimitKey(c, email), config.attemptsPerMinute, MINUTE, 'email_and_address', false],
  ];
  for (const [key, limit, windowMs, scope, failuresOnly] of limits) {
    const result = await hitRateLimit(c, key, limit, windowMs);
    if (!result.allowed) {
      // The refused attempt stays counted (the count only says "over" until the window ends); the
      // failure counts before it saw no password tried and take theirs back.
      await undo();
      if (result.hits === limit + 1) {
        await audit(c, { action: 'login_throttled', entityType: 'user', entityId: null, userId: null, changes: { email, limit: scope, attempts: limit, retry_after_seconds: result.retryAfterSeconds } });
      }
      return { refused: tooManyAttempts(c, result) };
    }
    if (failuresOnly) counted.push(key);
  }
  return { attempt: { passwordAccepted: undo } };
}
