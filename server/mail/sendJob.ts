import type { ServerDeps } from '../http/env';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import type { JobRow } from '../jobs/repository';
import { documentAttachment } from './attachment';
import * as repo from './repository';
import { outbox } from './service';
import { linkAt, linkBase } from './siteAddress';
import { reissueLinkAddress } from '../links/service';
import { statementMail } from '../statements/mailParts';
import type { MailAttachment } from './mailer';
import { customerMail, senderOf } from './customerMail';
import { attachedLine, documentButton, documentSubject, linkLine, type MailLanguage } from './texts';

/** The audited record of each kind of send: a quotation, an order (its invoice), a client (its statement). */
const ENTITY = { quotation: 'quotation', invoice: 'order', statement: 'client' } as const;

/** The subject, the PDF, the branch (whose company it comes from) and the button's words of a send's e-mail: a document's, or a client's statement (server/statements/mailParts.ts). */
async function mailedParts(deps: ServerDeps, send: repo.SendRow, language: MailLanguage): Promise<{ subject: string; attachment: MailAttachment | null; branchId: number | null; button: string }> {
  const type = send.document_type;
  if (type === 'statement') return statementMail(deps, send, language);
  const head = await repo.documentHead(deps.db, type, send.document_id);
  if (!head) throw new PermanentJobError('The document was deleted.');
  return {
    subject: documentSubject(language, type, head.number),
    attachment: await documentAttachment(deps, { kind: type, id: send.document_id }, language),
    branchId: head.branch_id,
    button: documentButton(language, type),
  };
}

async function sendOf(deps: ServerDeps, job: JobRow): Promise<repo.SendRow> {
  const send = await repo.sendOfJob(deps.db, job.id);
  if (!send) throw new PermanentJobError('The e-mail to send is no longer recorded.');
  return send;
}

/**
 * The address of the customer link made for this e-mail (a fresh one at each attempt), at the site's
 * address as configured now (an address in the payload of an older job is ignored: it came from a
 * request); null when none was made, or it was revoked meanwhile. No site address: the attempt fails.
 */
async function linkAddress(deps: ServerDeps, job: JobRow): Promise<string | null> {
  const { linkId } = job.payload as { linkId?: unknown };
  if (typeof linkId !== 'number') return null;
  const base = await linkBase(deps);
  const path = await reissueLinkAddress(deps.db, deps.encrypter, linkId, deps.now());
  return path ? linkAt(base, path) : null;
}

/**
 * The job that e-mails a quotation, an invoice or a client's statement of account: renders its PDF, sends it attached through the SMTP
 * server of Settings → E-mail, and writes the audit line; the document shows the send's state (its
 * job's). A refused connection or login is tried again with backoff (the settings may be mended
 * meanwhile); a document that is gone, or a host that cannot send e-mail at all, fails at once.
 */
export const sendDocumentJob: JobHandler = {
  async run(deps, job) {
    const send = await sendOf(deps, job);
    const mail = await outbox(deps);
    const language = send.language as MailLanguage;
    const { subject, attachment, branchId, button } = await mailedParts(deps, send, language);
    const address = await linkAddress(deps, job);
    const notes = attachment ? [attachedLine(language, attachment.fileName)] : [];
    const text = [send.message, address ? linkLine(language, address) : null, ...notes].filter((l): l is string => l !== null).join('\n\n');
    // HTML with the plain text as its alternative, from the company of the document's (the client's) branch, with its logo.
    const parts = customerMail({ language, sender: await senderOf(deps, branchId, language), text, message: send.message, buttons: address ? [{ label: button, url: address }] : [], notes });
    await mail({
      to: send.recipient,
      subject,
      text: parts.text,
      html: parts.html,
      attachments: [...parts.attachments, ...(attachment ? [attachment] : [])],
    });
    await repo.auditFromJob(deps.db, {
      userId: send.created_by,
      action: 'emailSent',
      entityType: ENTITY[send.document_type],
      entityId: send.document_id,
      changes: { to: send.recipient, jobId: job.id, attachment: attachment?.fileName ?? null },
      now: deps.now(),
    });
  },
  async failed(deps, job, reason, final) {
    if (!final) return;
    const send = await repo.sendOfJob(deps.db, job.id);
    if (!send) return;
    await repo.auditFromJob(deps.db, {
      userId: send.created_by,
      action: 'emailFailed',
      entityType: ENTITY[send.document_type],
      entityId: send.document_id,
      changes: { to: send.recipient, jobId: job.id, error: reason },
      now: deps.now(),
    });
  },
};
