/** The record whose files these are: a client or an order (invoice). */
export interface AttachmentOwner {
  readonly kind: 'client' | 'order';
  readonly id: number;
}

/** One stored file as its owner's screen lists it. */
export interface Attachment {
  readonly id: number;
  readonly name: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly uploadedBy: string | null;
  readonly uploadedAt: string;
  readonly downloadUrl: string;
}
