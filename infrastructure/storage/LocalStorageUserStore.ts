import type { User } from '../../domain/auth/user';
import type { UserStore } from '../../application/ports/UserStore';
import { decodeUser } from './storedUser';

export const USER_STORAGE_KEY = 'backoffice.user';

/** Keeps the signed-in user in localStorage; anything unreadable there counts as no user. */
export class LocalStorageUserStore implements UserStore {
  constructor(
    private readonly storage: Storage,
    private readonly key = USER_STORAGE_KEY,
  ) {}

  load(): User | null {
    try {
      const raw = this.storage.getItem(this.key);
      return raw ? decodeUser(JSON.parse(raw)) : null;
    } catch {
      return null;
    }
  }

  save(user: User): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(user));
    } catch {
      // Storage full or disabled (private mode): the session still works until the tab closes.
    }
  }

  clear(): void {
    try {
      this.storage.removeItem(this.key);
    } catch {
      // As above.
    }
  }
}
