import { sql } from 'kysely';
import { readCookies, writeCookie } from '../http/cookies';
import type { AppContext } from '../http/env';
import { reachedOverHttps } from '../http/session';
import type { Encrypter } from './encryption';
import { fromBase64Url, toBase64Url } from './tokens';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; docs/security.md,
 * "Signing in from a known browser"): a browser that has signed in to an account holds a cookie
 * naming that account, signed with a key derived from the application key. With it, that browser's
 * failed passwords for that account are counted against the cookie alone, so strangers failing on
 * the account elsewhere never keep its owner out.
 *
 * The value is 40 bytes in base64url (54 characters): the user's id (4 bytes), its expiry in seconds
 * since 1970 (4 bytes), 16 random bytes (the cookie's own identity, which its failures are counted
 * under), and the first 16 bytes of the HMAC-SHA-256 of those 24. Nothing is stored until the
 * cookie fails: its count lives in `rate_limits`, shared by every instance.
 */

const PAYLOAD = 24;
const MAC = 16;
const VALUE_BYTES = PAYLOAD + MAC;

/** How long a browser stays known after its last sign-in (each sign-in gives it a new cookie). */
export const DEVICE_COOKIE_DAYS = 180;

/** One cookie per account (`device_12`), so a browser several people sign in on knows each of them. */
const COOKIE_PREFIX = 'device_';
const cookieName = (userId: number) => `${COOKIE_PREFIX}${userId}`;
/** Sent only with sign-ins: nothing else needs it. */
const COOKIE_PATH = '/api/login';

export interface DeviceCookie {
  readonly userId: number;
  /** The cookie's own identity (hex of its random bytes): what its failures are counted under. */
  readonly id: string;
}

/** A new signed value naming `userId`, expiring at `expiresAt`. */
export async function makeDeviceValue(encrypter: Encrypter, userId: number, expiresAt: Date): Promise<string> {
  const payload = new Uint8Array(PAYLOAD);
  const view = new DataView(payload.buffer);
  view.setUint32(0, userId);
  view.setUint32(4, Math.floor(expiresAt.getTime() / 1000));
  payload.set(crypto.getRandomValues(new Uint8Array(16)), 8);
  const value = new Uint8Array(VALUE_BYTES);
  value.set(payload, 0);
  value.set((await encrypter.sign(payload, 'devices')).subarray(0, MAC), PAYLOAD);
  return toBase64Url(value);
}

/** What a value says, when its signature holds and it has not expired at `now`; null otherwise. */
export async function readDeviceValue(encrypter: Encrypter, value: string, now: Date): Promise<DeviceCookie | null> {
  const bytes = fromBase64Url(value);
  if (!bytes || bytes.length !== VALUE_BYTES) return null;
  const payload = bytes.slice(0, PAYLOAD);
  if (!(await encrypter.verify(bytes.subarray(PAYLOAD), payload, 'devices'))) return null;
  const view = new DataView(payload.buffer);
  if (view.getUint32(4) * 1000 <= now.getTime()) return null;
  const id = [...payload.subarray(8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { userId: view.getUint32(0), id };
}

/**
 * After a completed sign-in: a new device cookie for this account (HttpOnly, SameSite=Strict, sent
 * only to the sign-in, Secure over HTTPS), replacing the one it held.
 */
export async function issueDeviceCookie(c: AppContext, userId: number): Promise<void> {
  const { encrypter, now } = c.var.deps;
  const maxAge = DEVICE_COOKIE_DAYS * 24 * 60 * 60;
  const value = await makeDeviceValue(encrypter, userId, new Date(now().getTime() + maxAge * 1000));
  writeCookie(c, cookieName(userId), value, { httpOnly: true, sameSite: 'Strict', path: COOKIE_PATH, secure: reachedOverHttps(c), maxAge });
}

/**
 * The device cookie this browser holds for the account that signs in with `email`, when it holds a
 * valid one (signed with this application key, not expired, naming that very account); else null.
 * The email is looked up only when the browser sends some device cookie.
 */
export async function knownDevice(c: AppContext, email: string): Promise<DeviceCookie | null> {
  const held = Object.entries(readCookies(c)).filter(([name]) => name.startsWith(COOKIE_PREFIX));
  if (held.length === 0) return null;
  const account = await c.var.deps.db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  const value = account ? held.find(([name]) => name === cookieName(account.id))?.[1] : undefined;
  if (!account || value === undefined) return null;
  const device = await readDeviceValue(c.var.deps.encrypter, value, c.var.deps.now());
  return device?.userId === account.id ? device : null;
}
