import { PASSWORD_RESET_JOB, passwordResetJob } from '../account/passwordReset';
import { sendDocumentJob } from '../mail/sendJob';
import { SEND_DOCUMENT_JOB } from '../mail/service';
import { SEND_REMINDER_JOB } from '../reminders/queue';
import { REMINDER_SCAN_JOB, reminderScanJob } from '../reminders/scan';
import { sendReminderJob } from '../reminders/sendJob';
import type { JobHandlers } from './runner';

/** Every kind of background job and what runs it. */
export const JOB_HANDLERS: JobHandlers = {
  [SEND_DOCUMENT_JOB]: sendDocumentJob,
  [PASSWORD_RESET_JOB]: passwordResetJob,
  [REMINDER_SCAN_JOB]: reminderScanJob,
  [SEND_REMINDER_JOB]: sendReminderJob,
};
