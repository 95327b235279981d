import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../auth/password-hasher';

/**
 * argon2id with OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane): memory-hard, so a
 * stolen table is expensive to crack on GPUs.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }) {}

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
