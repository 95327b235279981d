import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/**
 * AES-256-GCM with the application key, for secrets the server must read back (two-factor secrets
 * and recovery codes). Web Crypto only, so it runs wherever the app core runs.
 */
export class Encrypter {
  private constructor(private readonly key: CryptoKey) {}

  static async fromKey(raw: Uint8Array<ArrayBuffer>): Promise<Encrypter> {
    if (raw.length !== 32) throw new Error('The application key must be 32 bytes (base64 of 32 random bytes).');
    return new Encrypter(await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
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

/**
 * The application key: APP_KEY when the host gives one (base64 of 32 bytes; set it in production and
 * keep it out of the database backups), otherwise one generated once and kept in app_secrets.
 */
export async function loadAppKey(db: Kysely<Database>, configured: string | undefined): Promise<Uint8Array<ArrayBuffer>> {
  if (configured) return fromBase64(configured);
  const existing = await db.selectFrom('app_secrets').select('value').where('name', '=', 'app_key').executeTakeFirst();
  if (existing) return fromBase64(existing.value);
  const generated = toBase64(crypto.getRandomValues(new Uint8Array(32)));
  await db.insertInto('app_secrets').values({ name: 'app_key', value: generated }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const stored = await db.selectFrom('app_secrets').select('value').where('name', '=', 'app_key').executeTakeFirstOrThrow();
  return fromBase64(stored.value);
}
