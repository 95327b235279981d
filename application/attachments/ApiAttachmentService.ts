import { errAsync, type ResultAsync } from 'neverthrow';
import { checkUploadSize } from '../../domain/files/upload';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import { isRecord } from '../api/decode';
import { decodeAttachments, type Attachment } from '../clients/client';
import { AttachmentService } from './AttachmentService';

/** AttachmentService over the API (loaded with the first screen that shows attachments). */
export class ApiAttachmentService extends AttachmentService {
  constructor(private readonly api: ApiClient) {
    super();
  }

  /** `ownerPath` is the owner's API path, e.g. /api/clients/5 or /api/orders/3. */
  attach(ownerPath: string, file: File): ResultAsync<Attachment[], ApiError> {
    if (checkUploadSize(file.size).isErr()) return errAsync({ code: 'tooLarge', message: '' });
    return this.api
      .request({ method: 'POST', path: `${ownerPath}/attachments`, body: file, headers: { 'X-File-Name': encodeURIComponent(file.name) } })
      .map((body) => decodeAttachments(isRecord(body) ? body.attachments : []));
  }

  remove(id: number): ResultAsync<Attachment[], ApiError> {
    return this.api.delete(`/api/attachments/${id}`).map((body) => decodeAttachments(isRecord(body) ? body.attachments : []));
  }
}
