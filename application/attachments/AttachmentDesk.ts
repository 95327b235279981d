import { errAsync, ResultAsync } from 'neverthrow';
import { checkUploadSize } from '../../domain/files/upload';
import type { ApiError } from '../api/ApiError';
import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { AttachmentStore } from '../ports/AttachmentStore';
import type { Attachment, AttachmentOwner } from './attachment';
import { AttachmentService, type AttachmentRemoveError } from './AttachmentService';

/** The attachment use-cases over the AttachmentStore port (see AttachmentService). */
export class AttachmentDesk extends AttachmentService {
  constructor(
    private readonly store: AttachmentStore,
    private readonly confirmation: ConfirmationService,
  ) {
    super();
  }

  attach(owner: AttachmentOwner, file: File): ResultAsync<Attachment[], ApiError> {
    if (checkUploadSize(file.size).isErr()) return errAsync({ code: 'tooLarge', message: '' });
    return this.store.attach(owner, file);
  }

  remove(file: Attachment): ResultAsync<Attachment[], AttachmentRemoveError> {
    return ResultAsync.fromSafePromise(this.confirmation.ask({ kind: 'delete', values: { name: file.name } })).andThen((confirmed) =>
      confirmed ? this.store.remove(file.id) : errAsync<Attachment[], AttachmentRemoveError>({ code: 'cancelled' }),
    );
  }
}
