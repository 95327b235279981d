import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Attachment } from '../clients/client';

/**
 * Files attached to a client or an order: upload (5 MB, refused before sending) and delete. The class
 * is the screens' key to the service; its implementation, ApiAttachmentService, loads with the first
 * screen that shows attachments, not with the sign-in page.
 */
export abstract class AttachmentService {
  /** `ownerPath` is the owner's API path, e.g. /api/clients/5 or /api/orders/3. */
  abstract attach(ownerPath: string, file: File): ResultAsync<Attachment[], ApiError>;
  abstract remove(id: number): ResultAsync<Attachment[], ApiError>;
}
