import type { DraftStore } from '../../application/ports/DraftStore';

/** Drafts in the tab's sessionStorage: gone when the tab closes, never shared with other tabs. */
export class SessionStorageDraftStore implements DraftStore {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) {}

  save(key: string, value: string): void {
    try {
      this.storage.setItem(key, value);
    } catch {
      // Storage full or disabled: the draft cannot be kept.
    }
  }

  load(key: string): string | null {
    try {
      return this.storage.getItem(key);
    } catch {
      return null;
    }
  }

  remove(key: string): void {
    try {
      this.storage.removeItem(key);
    } catch {
      // As above.
    }
  }
}
