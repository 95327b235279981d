import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { Invalid } from '../forms/Invalid';
import type { Values } from './listForms';
import type { CodeSetting, ListRecords, ListRef, Versioned } from './referenceLists';

/**
 * The Settings list screens' use-cases: a dialog's values checked by the list's form and saved, a
 * record deleted once the user confirms, the codes checked by the domain's rules and saved; after a
 * change the screen's data is loaded again. Implemented by ListDeskService, which loads with the
 * first list screen (the composition root binds it lazily).
 */
export interface ListDesk {
  /** Checks and saves a dialog's values (a new record when `record` is null), then reloads the list. */
  save<K extends ListRef['kind']>(list: ListRef & { readonly kind: K }, record: Versioned | null, values: Values): ResultAsync<ListRecords[K], ApiError | Invalid>;
  /** Deletes `record` once the user confirms (named `name`), then reloads; false when they did not. */
  remove(list: ListRef, record: Versioned, name: string): ResultAsync<boolean, ApiError>;
  /** Checks every code by the domain's rule and saves them, then says so and reloads. */
  saveCodes(codes: readonly CodeSetting[], values: Readonly<Record<string, string>>): ResultAsync<readonly CodeSetting[], ApiError | Invalid>;
}

export const ListDesk = token<ListDesk>('ListDesk');
