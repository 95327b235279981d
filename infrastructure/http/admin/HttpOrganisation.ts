import type { ResultAsync } from 'neverthrow';
import type { Company, Letterhead, OrganisationBodies, OrganisationKind, OrganisationRecords } from '../../../application/admin/organisation';
import type { Versioned } from '../../../application/admin/referenceLists';
import type { ApiClient, Decode } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { Organisation } from '../../../application/ports/Organisation';
import { BranchReply, CompanyReply } from '../../../contract/organisation';
import { decoderOf } from '../wire';

const companyReply = decoderOf(CompanyReply);
const SAVED: { readonly [K in OrganisationKind]: Decode<OrganisationRecords[K]> } = {
  companies: (body) => companyReply(body).map((r) => r.company),
  branches: (body) => decoderOf(BranchReply)(body).map((r) => r.branch),
};

/** Companies and branches over the API (/api/companies…, /api/branches…). */
export class HttpOrganisation implements Organisation {
  constructor(private readonly api: ApiClient) {}

  save<K extends OrganisationKind>(kind: K, record: Versioned | null, body: OrganisationBodies[K]): ResultAsync<OrganisationRecords[K], ApiError> {
    const request = record ? { method: 'PUT' as const, path: `/api/${kind}/${record.id}`, body: { ...body, version: record.version } } : { method: 'POST' as const, path: `/api/${kind}`, body };
    return this.api.call(request, SAVED[kind]);
  }

  remove(kind: OrganisationKind, id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/${kind}/${id}`).map(() => undefined);
  }

  uploadLetterhead(companyId: number, kind: Letterhead, file: Blob): ResultAsync<Company, ApiError> {
    return this.api.call({ method: 'PUT', path: `/api/companies/${companyId}/${kind}`, body: file }, companyReply).map((r) => r.company);
  }
}
