import type { ResultAsync } from 'neverthrow';
import type { CodeSetting, ListBodies, ListRecords, ListRef, Versioned } from '../admin/referenceLists';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';

/** The Settings lists (order terms, option lists, areas, holidays) and the codes, as the list screens change them. */
export interface ReferenceLists {
  /** Adds a record to the list (`record` null) or saves one at the version it was loaded at (a stale one is refused: conflict). */
  save<K extends ListRef['kind']>(list: ListRef & { readonly kind: K }, record: Versioned | null, body: ListBodies[K]): ResultAsync<ListRecords[K], ApiError>;
  /** Deletes a record (refused while something still uses it). */
  remove(list: ListRef, id: number): ResultAsync<void, ApiError>;
  /** Saves the codes' values, each with the version it was loaded at; resolves to every code as saved. */
  saveCodes(values: Readonly<Record<string, string>>, versions: Readonly<Record<string, number>>): ResultAsync<readonly CodeSetting[], ApiError>;
}

export const ReferenceLists = token<ReferenceLists>('ReferenceLists');
