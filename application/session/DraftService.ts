import type { DraftStore } from '../ports/DraftStore';
import type { CurrentUser } from './CurrentUser';

const PREFIX = 'draft:';

interface SavedDraft {
  readonly userId: number;
  readonly value: unknown;
}

/**
 * What the user was typing when the session expired: open forms register a snapshot of their input;
 * when the session is found expired the snapshots are kept (for this browser tab), and after signing
 * in again as the same user the form offers them back.
 */
export class DraftService {
  private readonly sources = new Map<string, () => unknown>();

  constructor(
    private readonly store: DraftStore,
    private readonly currentUser: CurrentUser,
  ) {}

  /** A form's current unsaved input (null when there is nothing to keep); returns the unregister function. */
  register(key: string, snapshot: () => unknown): () => void {
    this.sources.set(key, snapshot);
    return () => {
      if (this.sources.get(key) === snapshot) this.sources.delete(key);
    };
  }

  /** Called when the session turns out to have expired, before the user is dropped. */
  keepAll(): void {
    const user = this.currentUser.get();
    if (!user) return;
    for (const [key, snapshot] of this.sources) {
      const value = snapshot();
      if (value === null || value === undefined) continue;
      const draft: SavedDraft = { userId: user.id, value };
      this.store.save(PREFIX + key, JSON.stringify(draft));
    }
  }

  /** The kept input for `key`, if the same user kept it; it is removed either way. */
  take(key: string): unknown {
    const raw = this.store.load(PREFIX + key);
    if (raw === null) return null;
    this.store.remove(PREFIX + key);
    try {
      const draft = JSON.parse(raw) as SavedDraft;
      return draft.userId === this.currentUser.get()?.id ? draft.value : null;
    } catch {
      return null;
    }
  }
}
