import type { ResultAsync } from 'neverthrow';
import type { Letterhead, OrganisationBodies, OrganisationKind, OrganisationRecords, Company } from '../admin/organisation';
import type { Versioned } from '../admin/referenceLists';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';

/** The companies and branches, as their forms change them. */
export interface Organisation {
  /** Creates (`record` null) or saves at the version it was loaded at (a stale one is refused: conflict). */
  save<K extends OrganisationKind>(kind: K, record: Versioned | null, body: OrganisationBodies[K]): ResultAsync<OrganisationRecords[K], ApiError>;
  /** Deletes one (refused while something still belongs to it). */
  remove(kind: OrganisationKind, id: number): ResultAsync<void, ApiError>;
  /** Stores a company's logo or chop (an image of at most 5 MB); resolves to the company with it. */
  uploadLetterhead(companyId: number, kind: Letterhead, file: Blob): ResultAsync<Company, ApiError>;
}

export const Organisation = token<Organisation>('Organisation');
