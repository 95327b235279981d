import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { CurrentUser } from '../session/CurrentUser';
import { decodeUser } from '../session/decodeUser';
import type { AppState } from '../state/AppState';

/**
 * Create, update and delete for the administration screens, whose records are plain lists: the
 * reply is handed back as it is, and after a change the current screen reloads its data (viewKey).
 * A change of one's own rights (one's account or role) answers with `currentUser`, the signed-in
 * user as they are now, which replaces the one held here.
 */
export class ResourceService {
  constructor(
    private readonly api: ApiClient,
    private readonly state: AppState,
    private readonly currentUser: CurrentUser,
  ) {}

  private noteCurrentUser = (body: unknown): unknown => {
    const user = typeof body === 'object' && body !== null && 'currentUser' in body ? decodeUser(body.currentUser) : null;
    if (user) this.currentUser.set(user);
    return body;
  };

  create(collectionPath: string, body: unknown): ResultAsync<unknown, ApiError> {
    return this.api.post(collectionPath, body);
  }

  update(itemPath: string, body: unknown): ResultAsync<unknown, ApiError> {
    return this.api.put(itemPath, body).map(this.noteCurrentUser);
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
