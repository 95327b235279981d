import type { DraftStore } from '../ports/DraftStore';
import type { CurrentUser } from './CurrentUser';

const PREFIX = 'draft:';

/**
 * Why a form's input was kept: the session expired (offered back after signing in again), or a save
 * did not go through — the server failed (500), the connection dropped, the request was refused
 * (403/404) or it waits for the connection to return (offline). All but the first are put back at
 * once when the form opens again, with the reason said.
 */
export type DraftReason = 'sessionExpired' | 'server' | 'network' | 'refused' | 'offline';

const REASONS: readonly DraftReason[] = ['sessionExpired', 'server', 'network', 'refused', 'offline'];

interface SavedDraft {
  readonly userId: number;
  readonly value: unknown;
  readonly reason?: DraftReason;
}

/** What was kept for a form, and why. */
export interface KeptDraft {
  readonly value: unknown;
  readonly reason: DraftReason;
}

/**
 * What the user was typing when a call failed: open forms register a snapshot of their unsaved
 * input (per screen and record: `client:new`, `order:3:4`, …); when the session is found expired or
 * a call fails in a way that leaves the screen (no connection, 500, 403, 404) or has to wait for the
 * connection, the snapshots are kept (for this browser tab). When the form opens again for the same
 * user it gets them back with the reason; a form clears nothing itself — what is kept is taken once.
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

  /** Keeps every open form's unsaved input, before the screen is left or while a save waits; returns the keys kept. */
  keepAll(reason: DraftReason = 'sessionExpired'): readonly string[] {
    const user = this.currentUser.get();
    if (!user) return [];
    const kept: string[] = [];
    for (const [key, snapshot] of this.sources) {
      const value = snapshot();
      if (value === null || value === undefined) continue;
      const draft: SavedDraft = { userId: user.id, value, reason };
      this.store.save(PREFIX + key, JSON.stringify(draft));
      kept.push(key);
    }
    return kept;
  }

  /** Drops what was kept for `keys` (the save they waited for has been answered: the form shows the outcome). */
  forget(keys: readonly string[]): void {
    for (const key of keys) this.store.remove(PREFIX + key);
  }

  /** Whether something is kept for `key` for the signed-in user (a dialog opens again to show it). */
  has(key: string): boolean {
    return this.peek(key) !== null;
  }

  /**
   * The kept input for `key` and why, if the same user kept it, left in place: a screen reads it
   * while rendering (which may happen more than once) and `forget`s it once it is on the screen.
   */
  peek(key: string): KeptDraft | null {
    return this.read(key);
  }

  /** The kept input for `key`, if the same user kept it; it is removed either way. */
  take(key: string): unknown {
    return this.recover(key)?.value ?? null;
  }

  /** The kept input for `key` and why it was kept, if the same user kept it; it is removed either way. */
  recover(key: string): KeptDraft | null {
    const kept = this.read(key);
    this.store.remove(PREFIX + key);
    return kept;
  }

  private read(key: string): KeptDraft | null {
    const raw = this.store.load(PREFIX + key);
    if (raw === null) return null;
    try {
      const draft = JSON.parse(raw) as SavedDraft;
      if (draft.userId !== this.currentUser.get()?.id || draft.value === null || draft.value === undefined) return null;
      return { value: draft.value, reason: draft.reason && REASONS.includes(draft.reason) ? draft.reason : 'sessionExpired' };
    } catch {
      return null;
    }
  }
}
