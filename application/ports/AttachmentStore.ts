import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Attachment, AttachmentOwner } from '../attachments/attachment';
import { token } from '../di/token';

/** The files of clients and orders: upload and delete; each answers with the owner's files after it. */
export interface AttachmentStore {
  attach(owner: AttachmentOwner, file: File): ResultAsync<Attachment[], ApiError>;
  remove(id: number): ResultAsync<Attachment[], ApiError>;
}

export const AttachmentStore = token<AttachmentStore>('AttachmentStore');
