import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Attachment, AttachmentOwner } from './attachment';

/** How a delete ended when it did not delete: the user said no, or the server refused. */
export type AttachmentRemoveError = { readonly code: 'cancelled' } | ApiError;

/**
 * Files attached to a client or an order: upload (5 MB, refused before sending) and delete after
 * asking; each answers with the owner's files after the change. The class is the screens' key
 * (`useService(AttachmentService)`); its implementation, AttachmentDesk, loads with the first screen
 * that shows files, not with the sign-in page (bound with lazyPort: every method answers a ResultAsync).
 */
export abstract class AttachmentService {
  abstract attach(owner: AttachmentOwner, file: File): ResultAsync<Attachment[], ApiError>;
  /** Deletes the file once the user confirms, naming it. */
  abstract remove(file: Attachment): ResultAsync<Attachment[], AttachmentRemoveError>;
}
