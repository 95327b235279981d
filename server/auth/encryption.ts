import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/**
 * What an HMAC signs. Each purpose has its own key, derived from the application key with HKDF under
 * its own label, so a signature made for one can never be taken for another (and the AES key that
 * seals secrets is used for nothing else).
 */
export type MacPurpose = 'links' | 'devices';

const MAC_LABELS: Record<MacPurpose, string> = {
  /** Customer links (server/links/token.ts). */
  links: 'backoffice document links v1',
  /** Device cookies of browsers that signed in before (server/auth/deviceCookie.ts). */
  devices: 'backoffice device cookies v1',
};

/**
 * AES-256-GCM with the application key, for secrets the server must read back (two-factor secrets
 * and recovery codes), and HMAC-SHA-256 under keys derived from it. Web Crypto only, so it runs
 * wherever the app core runs.
 */
export class Encrypter {
  private constructor(
    private readonly key: CryptoKey,
    /** HMAC-SHA-256 keys derived from the application key (HKDF, one label per purpose). */
    private readonly macKeys: Readonly<Record<MacPurpose, CryptoKey>>,
  ) {}

  static async fromKey(raw: Uint8Array<ArrayBuffer>): Promise<Encrypter> {
    if (raw.length !== 32) throw new Error('The application key must be 32 bytes (base64 of 32 random bytes).');
    const base = await crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey']);
    const derive = (label: string) =>
      crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(label) },
        base,
        { name: 'HMAC', hash: 'SHA-256', length: 256 },
        false,
        ['sign', 'verify'],
      );
    const [links, devices] = await Promise.all([derive(MAC_LABELS.links), derive(MAC_LABELS.devices)]);
    return new Encrypter(await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']), { links, devices });
  }

  /** The HMAC-SHA-256 of `data` under the key of `purpose` (customer links unless said). */
  async sign(data: Uint8Array<ArrayBuffer>, purpose: MacPurpose = 'links'): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await crypto.subtle.sign('HMAC', this.macKeys[purpose], data));
  }

  /** Whether `mac` (the whole HMAC, or its first bytes, at least 16) signs `data` for `purpose`, compared in constant time. */
  async verify(mac: Uint8Array, data: Uint8Array<ArrayBuffer>, purpose: MacPurpose = 'links'): Promise<boolean> {
    if (mac.length < 16 || mac.length > 32) return false;
    const full = await this.sign(data, purpose);
    let diff = 0;
    for (let i = 0; i < mac.length; i++) diff |= (mac[i] ?? 0) ^ (full[i] ?? 0);
    return diff === 0;
  }

  async encrypt(plaintext: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, this.key, new TextEncoder().encode(plaintext));
    return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
  }

  /** The plaintext, or null when the payload was not sealed with this key (or was tampered with). */
  async decrypt(payload: string): Promise<string | null> {
    const [iv, sealed] = payload.split('.');
    if (!iv || !sealed) return null;
    try {
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, this.key, fromBase64(sealed));
      return new TextDecoder().decode(plain);
    } catch {
      return null;
    }
  }
}

/** A new application key: base64 of 32 random bytes. */
export function generateAppKey(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

/** The bytes of a key written as base64 (APP_KEY, a key file); an error when it is not 32 bytes. */
export function parseAppKey(text: string): Uint8Array<ArrayBuffer> {
  const trimmed = text.trim();
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(trimmed);
  } catch {
    throw new Error('The application key must be base64 of 32 random bytes (openssl rand -base64 32).');
  }
  if (bytes.length !== 32) throw new Error('The application key must be base64 of 32 random bytes (openssl rand -base64 32).');
  return bytes;
}

/**
 * The application key kept in the database's own app_secrets table: only for the demo backend that
 * runs inside the page (its database lives in the browser) and for tests. The Node server keeps its
 * key outside the database (server/node/appKey.ts), and moves one found here out on start.
 */
export async function loadAppKey(db: Kysely<Database>, configured: string | undefined): Promise<Uint8Array<ArrayBuffer>> {
  if (configured) return parseAppKey(configured);
  const existing = await db.selectFrom('app_secrets').select('value').where('name', '=', 'app_key').executeTakeFirst();
  if (existing) return parseAppKey(existing.value);
  await db.insertInto('app_secrets').values({ name: 'app_key', value: generateAppKey() }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const stored = await db.selectFrom('app_secrets').select('value').where('name', '=', 'app_key').executeTakeFirstOrThrow();
  return parseAppKey(stored.value);
}
