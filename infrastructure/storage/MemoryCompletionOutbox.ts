import { okAsync, type ResultAsync } from 'neverthrow';
import type { CompletionOutbox, KeptCompletion, OutboxUnavailable } from '../../application/ports/CompletionOutbox';

/** The outbox in memory, for the page's life: where there is no IndexedDB (the component tests' jsdom). */
export class MemoryCompletionOutbox implements CompletionOutbox {
  readonly kept = new Map<string, KeptCompletion>();

  put(kept: KeptCompletion): ResultAsync<void, OutboxUnavailable> {
    this.kept.set(kept.key, kept);
    return okAsync(undefined);
  }

  all(): ResultAsync<KeptCompletion[], OutboxUnavailable> {
    return okAsync([...this.kept.values()].sort((a, b) => a.keptAt.localeCompare(b.keptAt) || a.key.localeCompare(b.key)));
  }

  remove(key: string): ResultAsync<void, OutboxUnavailable> {
    this.kept.delete(key);
    return okAsync(undefined);
  }
}
