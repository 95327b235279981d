import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ResultAsync } from 'neverthrow';
import type { CompletionOutbox, KeptCompletion, OutboxUnavailable } from '../../application/ports/CompletionOutbox';

interface OutboxDb extends DBSchema {
  completions: { key: string; value: KeptCompletion };
}

const DATABASE = 'field-outbox';
const STORE = 'completions';
const unavailable = (): OutboxUnavailable => ({ code: 'outboxUnavailable' });

/**
 * The outbox in the browser's IndexedDB (database `field-outbox`, store `completions`, by key): it
 * survives the app being closed and the phone restarting, and holds the photos and signatures as
 * the Blobs they are (IndexedDB stores Blobs by structured clone; nothing is re-encoded). Through
 * `idb`, a ~1 KB promise wrapper over the IndexedDB requests (the page's `indexedDB`; the Node test
 * installs fake-indexeddb's).
 */
export class IdbCompletionOutbox implements CompletionOutbox {
  private opening: Promise<IDBPDatabase<OutboxDb>> | null = null;

  constructor(private readonly database = DATABASE) {}

  private db(): Promise<IDBPDatabase<OutboxDb>> {
    this.opening ??= openDB<OutboxDb>(this.database, 1, {
      upgrade(db) {
        db.createObjectStore(STORE, { keyPath: 'key' });
      },
    }).catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }

  put(kept: KeptCompletion): ResultAsync<void, OutboxUnavailable> {
    return ResultAsync.fromPromise(
      this.db().then((db) => db.put(STORE, kept)).then(() => undefined),
      unavailable,
    );
  }

  all(): ResultAsync<KeptCompletion[], OutboxUnavailable> {
    return ResultAsync.fromPromise(
      this.db()
        .then((db) => db.getAll(STORE))
        .then((all) => all.sort((a, b) => a.keptAt.localeCompare(b.keptAt) || a.key.localeCompare(b.key))),
      unavailable,
    );
  }

  remove(key: string): ResultAsync<void, OutboxUnavailable> {
    return ResultAsync.fromPromise(
      this.db().then((db) => db.delete(STORE, key)),
      unavailable,
    );
  }
}
