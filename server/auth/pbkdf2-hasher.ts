import type { PasswordHasher } from './password-hasher';

const ITERATIONS = 210_000;
const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256));
}

/**
 * PBKDF2-SHA-256 (210,000 iterations, OWASP's figure) with Web Crypto only, for where argon2's native
 * module cannot run: the in-browser demo backend. The Node server uses argon2id.
 */
export class Pbkdf2PasswordHasher implements PasswordHasher {
  constructor(private readonly iterations = ITERATIONS) {}

  async hash(password: string): Promise<string> {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const derived = await derive(password, salt, this.iterations);
    return `pbkdf2-sha256$${this.iterations}$${toBase64(salt)}$${toBase64(derived)}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    const [scheme, iterations, salt, expected] = hash.split('$');
    if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !expected) return false;
    const derived = toBase64(await derive(password, fromBase64(salt), Number(iterations)));
    let diff = derived.length ^ expected.length;
    for (let i = 0; i < Math.min(derived.length, expected.length); i++) diff |= derived.charCodeAt(i) ^ expected.charCodeAt(i);
    return diff === 0;
  }
}
