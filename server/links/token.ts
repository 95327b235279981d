import type { Encrypter } from '../auth/encryption';

/**
 * A customer link's token (docs/security.md, "Customer links"): 40 bytes, written in base64url (54
 * characters): the link's id (4 bytes), its expiry in seconds since 1970 (4 bytes), 16 random bytes,
 * and the first 16 bytes of the HMAC-SHA-256 of those 24 under a key derived from the application key.
 * A token whose signature does not hold, or whose expiry has passed, is refused before the database
 * is asked; the database keeps only the token's SHA-256 and decides whether the link still stands.
 */

const PAYLOAD = 24;
const MAC = 16;
const TOKEN_BYTES = PAYLOAD + MAC;
/** The length of a token's text (base64url, no padding). */
export const TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 4) / 3);
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{54}$/;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!TOKEN_PATTERN.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A new signed token for link `linkId`, expiring at `expiresAt`. */
export async function makeLinkToken(encrypter: Encrypter, linkId: number, expiresAt: Date): Promise<string> {
  const payload = new Uint8Array(PAYLOAD);
  const view = new DataView(payload.buffer);
  view.setUint32(0, linkId);
  view.setUint32(4, Math.floor(expiresAt.getTime() / 1000));
  payload.set(crypto.getRandomValues(new Uint8Array(16)), 8);
  const mac = (await encrypter.sign(payload)).subarray(0, MAC);
  const token = new Uint8Array(TOKEN_BYTES);
  token.set(payload, 0);
  token.set(mac, PAYLOAD);
  return toBase64Url(token);
}

/**
 * The link id a token names, when its signature holds and its expiry has not passed at `now`;
 * null otherwise (the caller answers the same 404 whatever the reason).
 */
export async function readLinkToken(encrypter: Encrypter, token: string, now: Date): Promise<{ readonly linkId: number; readonly expiresAt: Date } | null> {
  const bytes = fromBase64Url(token);
  if (!bytes || bytes.length !== TOKEN_BYTES) return null;
  const payload = bytes.slice(0, PAYLOAD);
  if (!(await encrypter.verify(bytes.subarray(PAYLOAD), payload))) return null;
  const view = new DataView(payload.buffer);
  const expiresAt = new Date(view.getUint32(4) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return { linkId: view.getUint32(0), expiresAt };
}
