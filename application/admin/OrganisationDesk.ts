import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { Invalid } from '../forms/Invalid';
import type { ChosenLetterheads, LetterheadNotSaved, OrganisationKind, OrganisationRecords, OrganisationValues } from './organisation';
import type { Versioned } from './referenceLists';

/**
 * The company and branch forms' use-cases, one protocol for both: check, save, return to the list
 * and say it is saved; delete once the user confirms and return to the list. A company's logo and
 * chop chosen on its form are part of what Save stores (never stored on their own, so choosing one
 * never throws away what was typed); "saved" is said only once all of it is.
 * Implemented by OrganisationDeskService (bound lazily).
 */
export interface OrganisationDesk {
  save<K extends OrganisationKind>(kind: K, record: Versioned | null, values: OrganisationValues, letterheads?: ChosenLetterheads): ResultAsync<OrganisationRecords[K], ApiError | Invalid | LetterheadNotSaved>;
  /** Resolves to false when the user did not confirm. */
  remove(kind: OrganisationKind, record: Versioned, name: string): ResultAsync<boolean, ApiError>;
}

export const OrganisationDesk = token<OrganisationDesk>('OrganisationDesk');
