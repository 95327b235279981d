import { hongKongInstant, isIsoDate } from '../../domain/time/dates';
import type { ServerDeps } from '../http/env';
import type { JobRow } from '../jobs/repository';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { reissueLinkAddress } from '../links/service';
import { auditFromJob } from '../mail/repository';
import { outbox } from '../mail/service';
import { linkAt, linkBase } from '../mail/siteAddress';
import { customerMail, senderOf } from '../mail/customerMail';
import type { MailLanguage } from '../mail/texts';
import { recipientOf, reminderClients } from './queue';
import * as repo from './repository';
import { dayBeforeMail, overdueMail, type ReminderWords } from './texts';

type Reminder = NonNullable<Awaited<ReturnType<typeof repo.reminderOfJob>>>;

const DAY_MINUTES = 24 * 60;

/**
 * The address of each invoice's customer link (a fresh token at each attempt), by order id, at the
 * site's address as configured now (never one kept in the payload); none when the link was revoked
 * meanwhile. No site address: the attempt fails with that reason.
 */
async function linkAddresses(deps: ServerDeps, job: JobRow): Promise<Map<number, string>> {
  const { links } = job.payload as { links?: unknown };
  const out = new Map<number, string>();
  if (typeof links !== 'object' || links === null) return out;
  const ids = Object.entries(links).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  if (ids.length === 0) return out;
  const base = await linkBase(deps);
  for (const [orderId, linkId] of ids) {
    const path = await reissueLinkAddress(deps.db, deps.encrypter, linkId, deps.now());
    if (path) out.set(Number(orderId), linkAt(base, path));
  }
  return out;
}

async function message(deps: ServerDeps, job: JobRow, reminder: Reminder, name: string, language: MailLanguage): Promise<ReminderWords> {
  if (reminder.kind === 'dayBefore') {
    const date = reminder.visit_date;
    if (!date || !isIsoDate(date) || !reminder.visit_start || !reminder.visit_end) throw new PermanentJobError('The reminder names no visit.');
    const midnight = hongKongInstant(date, 0).getTime();
    const minuteOf = (at: Date | string) => Math.round((new Date(at).getTime() - midnight) / 60_000);
    return dayBeforeMail({
      name,
      date,
      startMinute: reminder.all_day ? null : minuteOf(reminder.visit_start),
      endMinute: reminder.all_day ? null : Math.min(minuteOf(reminder.visit_end), DAY_MINUTES),
      address: reminder.address,
    }, language);
  }
  const [invoices, urls] = await Promise.all([repo.invoicesOf(deps.db, [reminder.id]), linkAddresses(deps, job)]);
  if (invoices.length === 0) throw new PermanentJobError('The reminder lists no invoice.');
  return overdueMail(
    name,
    invoices.map((i) => ({ number: i.number, dueDate: i.due_date, outstanding: i.outstanding, url: urls.get(i.id) ?? null })),
    language,
  );
}

/**
 * The job that sends one reminder through the SMTP server of Settings → E-mail and marks it sent in
 * the log (audited on the client). A client who opted out since it was queued is skipped. A refused
 * connection or login is tried again with backoff; the last failure is kept on the reminder.
 */
export const sendReminderJob: JobHandler = {
  async run(deps, job) {
    const reminder = await repo.reminderOfJob(deps.db, job.id);
    if (!reminder) throw new PermanentJobError('The reminder to send is no longer recorded.');
    // Sent or skipped already; a failed one runs again when its job is retried (Settings → Background jobs).
    if (reminder.status === 'sent' || reminder.status === 'skipped') return;
    const client = (await reminderClients(deps.db, [reminder.client_id])).get(reminder.client_id);
    if (!client) throw new PermanentJobError('The client was deleted.');
    if (client.optedOut) {
      await repo.setReminderState(deps.db, reminder.id, { status: 'skipped', reason: 'optedOut' });
      await auditFromJob(deps.db, { userId: reminder.created_by, action: 'reminderSkipped', entityType: 'client', entityId: client.id, changes: { kind: reminder.kind, reminderId: reminder.id, reason: 'optedOut' }, now: deps.now() });
      return;
    }
    const send = await outbox(deps);
    const contact = recipientOf(client, reminder.kind);
    const name = contact?.email === reminder.recipient ? contact.name : '';
    const { language } = client;
    const mail = await message(deps, job, reminder, name || client.nameZh || client.nameEn, language);
    // HTML with the plain text as its alternative, from the company of the client's branch, in the client's language.
    const parts = customerMail({ language, sender: await senderOf(deps, client.branchId, language), text: mail.text, message: mail.message, buttons: mail.buttons });
    await send({ to: reminder.recipient, subject: mail.subject, text: parts.text, html: parts.html, attachments: parts.attachments });
    await repo.setReminderState(deps.db, reminder.id, { status: 'sent', reason: '', sentAt: deps.now() });
    await auditFromJob(deps.db, { userId: reminder.created_by, action: 'reminderSent', entityType: 'client', entityId: client.id, changes: { kind: reminder.kind, reminderId: reminder.id, to: reminder.recipient, jobId: job.id }, now: deps.now() });
  },
  async failed(deps, job, reason, final) {
    const reminder = await repo.reminderOfJob(deps.db, job.id);
    if (!reminder || reminder.status === 'sent' || reminder.status === 'skipped') return;
    await repo.setReminderState(deps.db, reminder.id, { status: final ? 'failed' : 'queued', reason });
    if (!final) return;
    await auditFromJob(deps.db, { userId: reminder.created_by, action: 'reminderFailed', entityType: 'client', entityId: reminder.client_id, changes: { kind: reminder.kind, reminderId: reminder.id, to: reminder.recipient, jobId: job.id, error: reason }, now: deps.now() });
  },
};
