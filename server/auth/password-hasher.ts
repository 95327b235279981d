/**
 * Hashes and verifies passwords. The Node edge provides argon2id (server/node/argon2-hasher.ts); the
 * core only sees this interface so it can run wherever a hasher is given.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}
