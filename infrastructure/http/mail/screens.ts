import type { Decode } from '../../../application/api/ApiClient';
import type { JobListData, MailSettings } from '../../../application/ports/Mailing';
import { JobList } from '../../../contract/jobs';
import { MailSettingsReply } from '../../../contract/mail';
import { decoderOf } from '../wire';

/** Settings → Background jobs and Settings → E-mail: their screens' data (contract/jobs.ts, contract/mail.ts), loaded with either screen. */
export const jobs: Decode<JobListData> = decoderOf(JobList);

export const mailSettings: Decode<{ readonly settings: MailSettings }> = decoderOf(MailSettingsReply);
