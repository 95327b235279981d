import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { AppState } from '../state/AppState';

/**
 * Create, update and delete for the administration screens, whose records are plain lists: the
 * reply is handed back as it is, and after a change the current screen reloads its data (viewKey).
 */
export class ResourceService {
  constructor(
    private readonly api: ApiClient,
    private readonly state: AppState,
  ) {}

  create(collectionPath: string, body: unknown): ResultAsync<unknown, ApiError> {
    return this.api.post(collectionPath, body);
  }

  update(itemPath: string, body: unknown): ResultAsync<unknown, ApiError> {
    return this.api.put(itemPath, body);
  }

  remove(itemPath: string): ResultAsync<unknown, ApiError> {
    return this.api.delete(itemPath);
  }

  /** Uploads a file as the body (e.g. a company logo). */
  upload(itemPath: string, file: Blob): ResultAsync<unknown, ApiError> {
    return this.api.put(itemPath, file);
  }

  post(path: string, body?: unknown): ResultAsync<unknown, ApiError> {
    return this.api.post(path, body);
  }

  /** Loads the current screen's data again. */
  reload(): void {
    this.state.set({ viewKey: this.state.get().viewKey + 1 });
  }
}
