import type { ServerDeps } from '../http/env';
import type { MailAttachment } from './mailer';
import type { MailLanguage } from './texts';

/**
 * The PDF of a document, to attach to its e-mail. The server's PDFs come from
 * server/documents/pdf.ts (`documentPdf`); until it is part of this build there is no attachment and
 * the e-mail goes without one (null).
 */
export function documentAttachment(_deps: ServerDeps, _document: { kind: 'quotation' | 'invoice'; id: number }, _language: MailLanguage): Promise<MailAttachment | null> {
  return Promise.resolve(null);
}
