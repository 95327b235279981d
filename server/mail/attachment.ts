import { documentPdf } from '../documents/pdf';
import type { ServerDeps } from '../http/env';
import { PermanentJobError } from '../jobs/runner';
import type { MailAttachment } from './mailer';
import type { MailLanguage } from './texts';

/**
 * The PDF of a document, to attach to its e-mail (server/documents/pdf.ts, in the e-mail's
 * language or both). A document that is gone ends the job; a host that makes no PDF (no fonts: the
 * in-page demo, which sends no e-mail either) sends none.
 */
export async function documentAttachment(deps: ServerDeps, document: { kind: 'quotation' | 'invoice'; id: number }, language: MailLanguage): Promise<MailAttachment | null> {
  const made = await documentPdf(deps, document, language);
  if (made.isErr()) {
    if (made.error.code === 'notFound') throw new PermanentJobError('The document was deleted.');
    return null;
  }
  return { fileName: made.value.fileName, contentType: 'application/pdf', bytes: made.value.bytes };
}
