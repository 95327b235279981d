import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Report } from '../appointments/appointment';
import { token } from '../di/token';
import type { VisitCompletion } from './FieldReports';

/** Where a kept completion stands: not sent yet, refused by the server (with why), or met a visit the office changed. */
export type KeptState = 'waiting' | 'refused' | 'conflict';

/**
 * A completion kept on the device (issue 22 item 4) until the server has it: the completion as the
 * worker made it (photos and signatures as Blobs), whose visit it is, and how its last sending went.
 */
export interface KeptCompletion {
  readonly key: string;
  /** Who completed it: a shared phone shows and sends each person's own only (absent in ones kept before it was recorded). */
  readonly userId?: number;
  readonly completion: VisitCompletion;
  /** The visit's client as the worker saw it, to name the completion in the list. */
  readonly client: { readonly nameEn: string; readonly nameZh: string } | null;
  /** When the worker pressed Complete (ISO): the order completions are sent in. */
  readonly keptAt: string;
  readonly state: KeptState;
  /** Why the server refused it (refused). */
  readonly problem?: ApiError;
  /** The report as the server keeps it (conflict). */
  readonly current?: Report;
}

/** The device's storage could not be used (private browsing, storage full, blocked). */
export interface OutboxUnavailable {
  readonly code: 'outboxUnavailable';
}

/** The completions kept on the device, by key. Survives closing the app and the phone restarting. */
export interface CompletionOutbox {
  /** Keeps (or replaces) a completion. */
  put(kept: KeptCompletion): ResultAsync<void, OutboxUnavailable>;
  /** Every kept completion, oldest first. */
  all(): ResultAsync<KeptCompletion[], OutboxUnavailable>;
  remove(key: string): ResultAsync<void, OutboxUnavailable>;
}

export const CompletionOutbox = token<CompletionOutbox>('CompletionOutbox');
