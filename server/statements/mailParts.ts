import { statementReference } from '../../domain/documents/statementDocument';
import { documentPdf } from '../documents/pdf';
import type { ServerDeps } from '../http/env';
import { PermanentJobError } from '../jobs/runner';
import type { MailAttachment } from '../mail/mailer';
import type { MailLanguage } from '../mail/texts';
import { clientCode } from '../clients/repository';
import { sendPeriod, statementClient } from './repository';
import { statementButton, statementSubject } from './texts';

/**
 * What the e-mail of a client's statement carries (server/mail/sendJob.ts sends it): its subject
 * (with the statement's reference) and the statement's PDF of the send's period, in the e-mail's
 * language or both, the client's branch (whose company it comes from) and the words of its button.
 * A client that is gone ends the job; a host that makes no PDF sends none.
 */
export async function statementMail(deps: ServerDeps, send: { id: number; document_id: number }, language: MailLanguage): Promise<{ subject: string; attachment: MailAttachment | null; branchId: number | null; button: string }> {
  const [client, period] = await Promise.all([statementClient(deps.db, send.document_id), sendPeriod(deps.db, send.id)]);
  if (!client || !period) throw new PermanentJobError('The client was deleted.');
  const made = await documentPdf(deps, { kind: 'statement', id: client.id, period }, language);
  if (made.isErr() && made.error.code === 'notFound') throw new PermanentJobError('The client was deleted.');
  const attachment = made.isOk() ? { fileName: made.value.fileName, contentType: 'application/pdf', bytes: made.value.bytes } : null;
  return { subject: statementSubject(language, statementReference(clientCode(client.id), period.to)), attachment, branchId: client.branch_id, button: statementButton(language) };
}
