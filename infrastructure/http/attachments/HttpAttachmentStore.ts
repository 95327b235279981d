import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { Attachment, AttachmentOwner } from '../../../application/attachments/attachment';
import type { AttachmentStore } from '../../../application/ports/AttachmentStore';
import { clientDecoder } from '../clients/ClientWire';

const readList = () => clientDecoder((c) => c.AttachmentsReply);

/** The API path of each kind of owner. */
const OWNER_PATHS: Record<AttachmentOwner['kind'], string> = { client: '/api/clients', order: '/api/orders' };

/** AttachmentStore over the API: the file is the body, its name in X-File-Name; replies decoded by contract/attachments.ts (a reply that does not match is `malformedReply`). */
export class HttpAttachmentStore implements AttachmentStore {
  constructor(private readonly api: ApiClient) {}

  attach(owner: AttachmentOwner, file: File): ResultAsync<Attachment[], ApiError> {
    return this.api
      .call({ method: 'POST', path: `${OWNER_PATHS[owner.kind]}/${owner.id}/attachments`, body: file, headers: { 'X-File-Name': encodeURIComponent(file.name) } }, readList())
      .map((reply) => reply.attachments);
  }

  remove(id: number): ResultAsync<Attachment[], ApiError> {
    return this.api.call({ method: 'DELETE', path: `/api/attachments/${id}` }, readList()).map((reply) => reply.attachments);
  }
}
