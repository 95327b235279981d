import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Back Office';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// address a QR code carries to the authenticator app. */
export function totpUri(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/**
 * The time step of a valid code (one step of clock drift either way is accepted), or null. The
 * caller refuses a step it has already accepted, so a used code cannot be replayed.
 */
export function verifyTotp(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function randomChunk(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
}

/** Eight one-time recovery codes, e.g. "k3xq9-pm2ta-…" (32-letter alphabet, 100 bits each). */
export function newRecoveryCodes(count = 8): string[] {
  return Array.from({ length: count }, () => `${randomChunk(10)}-${randomChunk(10)}`);
}
