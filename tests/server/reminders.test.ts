import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReminderLog, ReminderSettingsReply, SendOverdueReply } from '../../contract/reminders';
import { recurrenceFor, type Series } from '../../domain/appointments/recurrence';
import { seriesColumns } from '../../server/appointments/store';
import { JOB_HANDLERS } from '../../server/jobs/handlers';
import { JobSignal } from '../../server/jobs/queue';
import type { JobRow } from '../../server/jobs/repository';
import { JobRunner } from '../../server/jobs/runner';
import { SmtpMailer } from '../../server/node/smtpMailer';
import { reminderScanJob } from '../../server/reminders/scan';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { DEMO, readReply, serverForTests, signedInAgent, TestAgent } from './harness';

/**
 * Reminders to customers (issue 21 item 7) against a real SMTP server: the daily run at an injected
 * time sends the day-before reminder of a recurring series' visit tomorrow and the overdue reminder
 * (read back: recipient, both languages, the invoice's customer link opens it); opted-out clients
 * and clients without an e-mail address are skipped in the log; a repeated run and two racing
 * runners send nothing twice; the overdue reminder repeats every M days at most K times; "send the
 * overdue reminder now" answers per client. The clock is the test's (FakeClock): no waiting.
 */
const server = serverForTests(undefined, { mailer: new SmtpMailer(), jobs: new JobSignal() });
let sink: SmtpSink;
let admin: TestAgent;
let runner: JobRunner;

const ids = { a: 0, optedOut: 0, noEmail: 0, manual: 0, nothing: 0, weekly: 0, cancelled: 0, once: 0, x: 0, y: 0, xNumber: 'R-X-0001', yNumber: 'R-Y-0002' };

async function client(name: string, email: string | null): Promise<number> {
  const now = server.clock.now();
  const row = await server.db.insertInto('clients').values({ name_en: name, name_zh: `${name}（中）`, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  if (email !== null) await server.db.insertInto('client_contacts').values({ client_id: row.id, name: `${name} contact`, email, is_primary: true }).execute();
  else await server.db.insertInto('client_contacts').values({ client_id: row.id, name: `${name} contact`, phones: JSON.stringify(['91234567']) }).execute();
  return row.id;
}

async function appointment(clientId: number, series: Series, address: string): Promise<number> {
  const now = server.clock.now();
  const row = await server.db
    .insertInto('appointments')
    .values({ client_id: clientId, address, ...seriesColumns(series), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An invoice of the client, copied from a demo one: due on `due`, `total` owed. */
async function invoice(clientId: number, number: string, due: string, total: number): Promise<number> {
  const base = await server.db.selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`.execute(server.db);
  const id = rows[0]!.id;
  const overrides = JSON.stringify({ id, number, client_id: clientId, due_date: due, date: '2026-10-01', total, paid: 0, voided: false, quotation_id: null, subtotal: total, discount: 0, discount_rate_bp: 0 });
  await sql`insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) || ${overrides}::jsonb)).* from orders o where o.id = ${base.id}`.execute(server.db);
  return id;
}

const once = (date: string, startMinute: number, allDay = false): Series => ({ startDate: date, startMinute, durationMinutes: 120, allDay, recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 }, exceptions: [] });

const mailsTo = (address: string): ParsedMail[] => sink.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);

async function log(query = ''): Promise<ReminderLog> {
  return readReply(ReminderLog, await admin.get(`/api/reminders?per_page=200${query}`));
}

/** Moves the clock to `iso` (later than now); the administrator signs in again (a session ends after a while). */
async function moveTo(iso: string) {
  const target = new Date(iso).getTime();
  const now = server.clock.now().getTime();
  expect(target).toBeGreaterThanOrEqual(now);
  server.clock.advance(target - now);
  admin = await signedInAgent(server, DEMO.admin);
}

beforeAll(async () => {
  sink = await startSmtpSink({ user: 'office', password: 'pw' });
  admin = await signedInAgent(server, DEMO.admin);
  runner = new JobRunner(server.deps, JOB_HANDLERS, { worker: 'reminders-test' });
  const mail = readReply(ReminderSettingsReply, await admin.get('/api/settings/reminders'));
  expect(mail.settings).toMatchObject({ dayBeforeEnabled: false, overdueEnabled: false, sendTime: '09:00' });
  const current = (await admin.get('/api/settings/mail')).body!.settings as { version: number };
  const saved = await admin.put('/api/settings/mail', { host: '127.0.0.1', port: sink.port, tlsMode: 'none', username: 'office', password: 'pw', fromName: 'Harbour Pest', fromAddress: 'office@harbour.test', siteUrl: 'https://office.harbour.test', version: current.version });
  expect(saved.status).toBe(200);

  // The clock: Monday 23 November 2026, 09:00 in Hong Kong.
  await moveTo('2026-11-23T09:00:00+08:00');
  ids.a = await client('Alpha Ltd', 'alpha@client.test');
  ids.optedOut = await client('Opted Out Ltd', 'optout@client.test');
  ids.noEmail = await client('No Mail Ltd', null);
  ids.manual = await client('Manual Ltd', 'manual@client.test');
  ids.nothing = await client('Nothing Owed Ltd', 'nothing@client.test');
  await server.db.updateTable('clients').set({ reminders_opt_out: true }).where('id', '=', ids.optedOut).execute();

  // A weekly series on Tuesdays from 17 November, 10:00–12:00: its second visit is tomorrow.
  ids.weekly = await appointment(ids.a, { startDate: '2026-11-17', startMinute: 600, durationMinutes: 120, allDay: false, recurrence: recurrenceFor('weekly', '2026-11-17'), end: { kind: 'never' }, exceptions: [] }, 'Flat A, 1 Nathan Road, Kowloon');
  ids.cancelled = await appointment(ids.a, once('2026-11-24', 900), 'Cancelled visit road');
  await server.db.insertInto('appointment_visits').values({ appointment_id: ids.cancelled, date: '2026-11-24', status: 'canceled' }).execute();
  await appointment(ids.optedOut, once('2026-11-24', 600), 'Opted out road');
  await appointment(ids.noEmail, once('2026-11-24', 0, true), 'No mail road');
  ids.once = await appointment(ids.a, once('2026-11-25', 840), 'Wednesday road');

  ids.x = await invoice(ids.a, ids.xNumber, '2026-11-10', 123_456);
  ids.y = await invoice(ids.a, ids.yNumber, '2026-11-20', 50_000);
  await invoice(ids.optedOut, 'R-O-0003', '2026-11-01', 10_000);
  await invoice(ids.noEmail, 'R-N-0004', '2026-11-01', 10_000);
  await invoice(ids.manual, 'R-M-0005', '2026-11-27', 77_700);
});
afterAll(async () => {
  await sink.close();
});

describe('Settings → Customer reminders', () => {
  it('saves the kinds, the overdue rules and the send time (audited); the daily run is queued at that time', async () => {
    const before = readReply(ReminderSettingsReply, await admin.get('/api/settings/reminders'));
    const saved = await admin.put('/api/settings/reminders', { dayBeforeEnabled: true, overdueEnabled: true, overdueAfterDays: 7, overdueEveryDays: 3, overdueMaxCount: 2, sendTime: '09:30', version: before.settings.version });
    const reply = readReply(ReminderSettingsReply, saved);
    expect(reply.settings).toMatchObject({ dayBeforeEnabled: true, overdueEnabled: true, overdueAfterDays: 7, overdueEveryDays: 3, overdueMaxCount: 2, sendTime: '09:30' });
    expect(reply.mailConfigured).toBe(true);
    expect(reply.nextRunAt).toBe(new Date('2026-11-23T09:30:00+08:00').toISOString());
    const audit = await server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'reminder_settings').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ sendTime: { from: '09:00', to: '09:30' }, dayBeforeEnabled: { from: false, to: true } });

    expect((await admin.put('/api/settings/reminders', { ...reply.settings, version: before.settings.version })).status).toBe(409);
    expect((await admin.put('/api/settings/reminders', { ...reply.settings, sendTime: '25:00' })).status).toBe(422);
    expect((await admin.put('/api/settings/reminders', { ...reply.settings, overdueMaxCount: 0 })).status).toBe(422);
    const sales = await signedInAgent(server, DEMO.sales);
    expect((await sales.get('/api/settings/reminders')).status).toBe(403);
    expect((await sales.get('/api/reminders')).status).toBe(403);
  });
});

describe('the daily run', () => {
  it('does nothing before the send time', async () => {
    expect(await runner.runDue()).toBe(0);
    expect(mailsTo('alpha@client.test')).toHaveLength(0);
  });

  it('at the send time, sends the day-before reminder of the series visit tomorrow and the overdue reminder, in both languages', async () => {
    await moveTo('2026-11-23T09:31:00+08:00');
    await runner.runDue();
    const received = mailsTo('alpha@client.test');
    const dayBefore = received.filter((m) => m.subject?.includes('24 Nov 2026'));
    expect(dayBefore).toHaveLength(1);
    const visit = dayBefore[0]!;
    // Dates one way per language (domain/time/format.ts): 2026年11月24日 / 24 Nov 2026.
    expect(visit.subject).toBe('提示：2026年11月24日 的上門服務 / Reminder: our visit on 24 Nov 2026');
    expect(visit.text).toContain('10:00–12:00');
    expect(visit.text).toContain('Flat A, 1 Nathan Road, Kowloon');
    expect(visit.text).toContain('我們將於明天');
    expect(visit.text).toContain('This is a reminder of our visit tomorrow');
    expect(visit.text).toContain('Tue, 24 Nov 2026');
    expect(visit.text).toContain('2026年11月24日星期二');
    expect(visit.from?.value[0]).toMatchObject({ address: 'office@harbour.test' });
    // The cancelled visit is not reminded.
    expect(received.some((m) => m.text?.includes('Cancelled visit road'))).toBe(false);

    const overdue = received.filter((m) => m.subject === '付款提示：逾期發票 / Payment reminder: overdue invoices');
    expect(overdue).toHaveLength(1);
    const text = overdue[0]!.text ?? '';
    expect(text).toContain(`Invoice ${ids.xNumber}, due 10 Nov 2026: HK$1,234.56 outstanding`);
    expect(text).toContain(`發票 ${ids.xNumber}，到期日 2026年11月10日：尚欠 HK$1,234.56`);
    // Y is 3 days past due: not yet (7 days).
    expect(text).not.toContain(ids.yNumber);
    const link = /https:\/\/office\.harbour\.test\/d\/([A-Za-z0-9_-]+)/.exec(text);
    expect(link, text).not.toBeNull();
    const opened = await new TestAgent(server).get(`/api/public/documents/${link![1]!}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ document: { kind: 'invoice', number: ids.xNumber } });

    // Opted out and without an e-mail address: nothing sent, skipped in the log with the reason.
    expect(mailsTo('optout@client.test')).toHaveLength(0);
    const skipped = (await log('&state=skipped')).items;
    expect(skipped.find((r) => r.client.id === ids.optedOut && r.kind === 'dayBefore')).toMatchObject({ reason: 'optedOut', address: 'Opted out road', recipient: 'optout@client.test' });
    expect(skipped.find((r) => r.client.id === ids.optedOut && r.kind === 'overdue')).toMatchObject({ reason: 'optedOut' });
    expect(skipped.find((r) => r.client.id === ids.noEmail && r.kind === 'dayBefore')).toMatchObject({ reason: 'noEmail', allDay: true, recipient: '' });
    expect(skipped.find((r) => r.client.id === ids.noEmail && r.kind === 'overdue')).toMatchObject({ reason: 'noEmail' });

    const sent = (await log('&state=sent')).items.filter((r) => r.client.id === ids.a);
    expect(sent.find((r) => r.kind === 'dayBefore')).toMatchObject({ appointmentId: ids.weekly, visitDate: '2026-11-24', address: 'Flat A, 1 Nathan Road, Kowloon', recipient: 'alpha@client.test', manual: false });
    expect(sent.find((r) => r.kind === 'overdue')!.invoices).toEqual([{ id: ids.x, number: ids.xNumber, dueDate: '2026-11-10', outstanding: 123_456 }]);
    const byKind = (await log('&kind=overdue')).items;
    expect(byKind.every((r) => r.kind === 'overdue')).toBe(true);
    const audits = await server.db.selectFrom('audits').select('action').where('entity_type', '=', 'client').where('entity_id', '=', String(ids.a)).execute();
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['reminderQueued', 'reminderSent']));
  });

  it('sends nothing twice when the day is run again', async () => {
    const before = sink.received.length;
    const rows = (await log()).total;
    await reminderScanJob.run(server.deps, { id: 0, payload: { date: '2026-11-23' } } as unknown as JobRow);
    expect(await runner.runDue()).toBe(0);
    expect(sink.received.length).toBe(before);
    expect((await log()).total).toBe(rows);
  });

  it('sends nothing twice when two instances run the day at once', async () => {
    await moveTo('2026-11-24T09:31:00+08:00');
    const one = new JobRunner(server.deps, JOB_HANDLERS, { worker: 'one' });
    const two = new JobRunner(server.deps, JOB_HANDLERS, { worker: 'two' });
    const job = { id: 0, payload: { date: '2026-11-24' } } as unknown as JobRow;
    // Two runners taking the queued run and its sends, and the same run done twice more (a lease that ended mid-run).
    await Promise.all([one.runDue(), two.runDue(), reminderScanJob.run(server.deps, job), reminderScanJob.run(server.deps, job)]);
    await Promise.all([one.runDue(), two.runDue()]);
    const wednesday = mailsTo('alpha@client.test').filter((m) => m.subject?.includes('25 Nov 2026'));
    expect(wednesday).toHaveLength(1);
    expect(wednesday[0]!.text).toContain('14:00–16:00');
    const rows = (await log('&kind=dayBefore')).items.filter((r) => r.appointmentId === ids.once);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'sent' });
  });

  it('repeats the overdue reminder every 3 days, at most twice per invoice', async () => {
    for (const day of ['25', '26', '27', '28', '29']) {
      await moveTo(`2026-11-${day}T09:31:00+08:00`);
      await runner.runDue();
    }
    const overdue = (await log('&kind=overdue&state=sent')).items.filter((r) => r.client.id === ids.a).reverse();
    expect(overdue.map((r) => [r.day, r.invoices.map((i) => i.number)])).toEqual([
      ['2026-11-23', [ids.xNumber]],
      // 3 days after the first: the second and last for X.
      ['2026-11-26', [ids.xNumber]],
      // Y: 7 days past due on 27 November.
      ['2026-11-27', [ids.yNumber]],
    ]);
    expect(mailsTo('alpha@client.test').filter((m) => m.subject?.startsWith('付款提示'))).toHaveLength(3);
    // The next run is queued for tomorrow at the send time.
    expect(readReply(ReminderSettingsReply, await admin.get('/api/settings/reminders')).nextRunAt).toBe(new Date('2026-11-30T09:30:00+08:00').toISOString());
  });
});

describe('the per-client opt-out and "send the overdue reminder now"', () => {
  it('is a field of the client form, audited', async () => {
    const page = await admin.get(`/api/clients/${ids.manual}`);
    const detail = page.body!.client as Record<string, unknown>;
    expect(detail.remindersOptOut).toBe(false);
    const saved = await admin.put(`/api/clients/${ids.nothing}`, { nameEn: 'Nothing Owed Ltd', nameZh: '', contacts: [{ name: 'N', email: 'nothing@client.test', isPrimary: true }], remindersOptOut: true, version: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body!.client as Record<string, unknown>).remindersOptOut).toBe(true);
    const audit = await server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'client').where('entity_id', '=', String(ids.nothing)).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ remindersOptOut: { from: false, to: true } });
    // Left out of a save: unchanged.
    const again = await admin.put(`/api/clients/${ids.nothing}`, { nameEn: 'Nothing Owed Ltd', nameZh: '', contacts: [{ name: 'N', email: 'nothing@client.test', isPrimary: true }], version: 2 });
    expect((again.body!.client as Record<string, unknown>).remindersOptOut).toBe(true);
    await admin.put(`/api/clients/${ids.nothing}`, { nameEn: 'Nothing Owed Ltd', nameZh: '', contacts: [{ name: 'N', email: 'nothing@client.test', isPrimary: true }], remindersOptOut: false, version: 3 });
  });

  it('queues one reminder per client now, says why others are skipped, and not twice a day', async () => {
    const reply = await admin.post('/api/reminders/overdue', { clientIds: [ids.manual, ids.optedOut, ids.noEmail, ids.nothing, 999_999] });
    const { results } = readReply(SendOverdueReply, reply, 202);
    expect(results.map((r) => [r.clientId, r.outcome, r.reason])).toEqual([
      [ids.manual, 'queued', null],
      [ids.optedOut, 'skipped', 'optedOut'],
      [ids.noEmail, 'skipped', 'noEmail'],
      [ids.nothing, 'skipped', 'nothingOverdue'],
      [999_999, 'skipped', 'notFound'],
    ]);
    const twice = readReply(SendOverdueReply, await admin.post('/api/reminders/overdue', { clientIds: [ids.manual] }), 202);
    expect(twice.results).toEqual([{ clientId: ids.manual, outcome: 'skipped', reason: 'alreadyToday', reminderId: null }]);

    await runner.runDue();
    const mails = mailsTo('manual@client.test');
    expect(mails).toHaveLength(1);
    // Sent by hand: every overdue invoice, whatever the daily rules (R-M-0005 is 2 days past due; the daily rule waits 7).
    expect(mails[0]!.text).toContain('Invoice R-M-0005, due 27 Nov 2026: HK$777.00 outstanding');
    const row = (await log('&kind=overdue')).items.find((r) => r.client.id === ids.manual)!;
    expect(row).toMatchObject({ manual: true, state: 'sent', recipient: 'manual@client.test' });
    const audit = await server.db.selectFrom('audits').select(['action', 'user_id']).where('entity_type', '=', 'client').where('entity_id', '=', String(ids.manual)).where('action', '=', 'reminderQueued').executeTakeFirstOrThrow();
    expect(audit.user_id).not.toBeNull();

    // A reminder whose sending failed for good is sent when its job is retried (Settings → Background jobs).
    const jobId = (await server.db.selectFrom('reminders').select('job_id').where('id', '=', row.id).executeTakeFirstOrThrow()).job_id!;
    await server.db.updateTable('reminders').set({ status: 'failed', reason: 'Connection refused' }).where('id', '=', row.id).execute();
    await server.db.updateTable('jobs').set({ status: 'failed', last_error: 'Connection refused' }).where('id', '=', jobId).execute();
    expect((await admin.post(`/api/jobs/${jobId}/retry`, {})).status).toBe(200);
    await runner.runDue();
    expect(mailsTo('manual@client.test')).toHaveLength(2);
    expect((await log('&kind=overdue')).items.find((r) => r.id === row.id)).toMatchObject({ state: 'sent', reason: '' });

    expect((await admin.post('/api/reminders/overdue', { clientIds: [] })).status).toBe(422);
    expect((await admin.post('/api/reminders/overdue', { clientIds: ['x'] })).status).toBe(422);
    const worker = await signedInAgent(server, DEMO.worker);
    expect((await worker.post('/api/reminders/overdue', { clientIds: [ids.manual] })).status).toBe(403);
  });
});
