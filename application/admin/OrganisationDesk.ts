import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { Invalid } from '../forms/Invalid';
import type { Company, Letterhead, OrganisationKind, OrganisationRecords, OrganisationValues } from './organisation';
import type { Versioned } from './referenceLists';

/**
 * The company and branch forms' use-cases, one protocol for both: check, save, return to the list
 * and say it is saved; delete once the user confirms and return to the list; a company's logo or
 * chop stored and the form loaded again. Implemented by OrganisationDeskService (bound lazily).
 */
export interface OrganisationDesk {
  save<K extends OrganisationKind>(kind: K, record: Versioned | null, values: OrganisationValues): ResultAsync<OrganisationRecords[K], ApiError | Invalid>;
  /** Resolves to false when the user did not confirm. */
  remove(kind: OrganisationKind, record: Versioned, name: string): ResultAsync<boolean, ApiError>;
  uploadLetterhead(companyId: number, kind: Letterhead, file: Blob): ResultAsync<Company, ApiError>;
}

export const OrganisationDesk = token<OrganisationDesk>('OrganisationDesk');
