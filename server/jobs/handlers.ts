import { PASSWORD_RESET_JOB, passwordResetJob } from '../account/passwordReset';
import { sendDocumentJob } from '../mail/sendJob';
import { SEND_DOCUMENT_JOB } from '../mail/service';
import type { JobHandlers } from './runner';

/** Every kind of background job and what runs it. */
export const JOB_HANDLERS: JobHandlers = {
  [SEND_DOCUMENT_JOB]: sendDocumentJob,
  [PASSWORD_RESET_JOB]: passwordResetJob,
};
