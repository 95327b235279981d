import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { BackgroundJob, DocumentSend, DocumentSends, MailedDocument, Mailing, MailSettings, MailSettingsChange, SendRequest } from '../../../application/ports/Mailing';
import { JobReply } from '../../../contract/jobs';
import { DocumentSendReply, DocumentSends as DocumentSendsReply, MailSettingsReply, MailTestReply } from '../../../contract/mail';
import { decoderOf } from '../wire';

/** Statements' e-mails and print view load with the e-mail adapters (one chunk, one address less in the entry). */
export { HttpStatementDesk } from '../statements/HttpStatementDesk';

const PATHS: Record<MailedDocument, string> = { quotation: '/api/quotations', invoice: '/api/orders' };

/** E-mail and background jobs over /api/settings/mail, /api/{quotations|orders}/{id}/emails and /api/jobs, decoded with contract/mail.ts and contract/jobs.ts (lazyPort). */
export class HttpMailing implements Mailing {
  constructor(private readonly api: ApiClient) {}

  saveSettings(change: MailSettingsChange): ResultAsync<MailSettings, ApiError> {
    return this.api.call({ method: 'PUT', path: '/api/settings/mail', body: change }, decoderOf(MailSettingsReply)).map((reply) => reply.settings);
  }

  sendTest(to: string): ResultAsync<void, ApiError> {
    return this.api.call({ method: 'POST', path: '/api/settings/mail/test', body: { to } }, decoderOf(MailTestReply)).map(() => undefined);
  }

  sends(document: MailedDocument, id: number): ResultAsync<DocumentSends, ApiError> {
    // A panel beside the document: a failed read is said there, it does not take the screen away.
    return this.api.call({ method: 'GET', path: `${PATHS[document]}/${id}/emails` }, decoderOf(DocumentSendsReply), { navigateOnError: false, progress: false });
  }

  send(document: MailedDocument, id: number, request: SendRequest): ResultAsync<DocumentSend, ApiError> {
    return this.api.call({ method: 'POST', path: `${PATHS[document]}/${id}/emails`, body: request }, decoderOf(DocumentSendReply)).map((reply) => reply.send);
  }

  retryJob(id: number): ResultAsync<BackgroundJob, ApiError> {
    return this.api.call({ method: 'POST', path: `/api/jobs/${id}/retry` }, decoderOf(JobReply)).map((reply) => reply.job);
  }
}
