import type { User } from '../../domain/auth/user';
import { token } from '../di/token';

/** Keeps the signed-in user across reloads (spec §2: restored from local browser storage at start). */
export interface UserStore {
  load(): User | null;
  save(user: User): void;
  clear(): void;
}

export const UserStore = token<UserStore>('UserStore');
