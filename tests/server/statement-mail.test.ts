import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendStatementsReply, StatementSendReply, StatementSends } from '../../contract/statements';
import { JOB_HANDLERS } from '../../server/jobs/handlers';
import { JobSignal } from '../../server/jobs/queue';
import { JobRunner } from '../../server/jobs/runner';
import { SmtpMailer } from '../../server/node/smtpMailer';
import { pdfText } from '../support/pdfText';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/**
 * Statements of account by e-mail, against a real SMTP server started here (smtp-server), the
 * messages read back with mailparser and their PDF's text with pdfjs: one client's statement from
 * its Statement tab (POST /api/clients/{id}/statement/emails) and several clients' in one action
 * (POST /api/statements/emails), each a background job like a document's e-mail; the send log on
 * the client and the audit lines; the clients skipped and why.
 */
const server = serverForTests(undefined, { mailer: new SmtpMailer(), jobs: new JobSignal() });
let sink: SmtpSink;
let admin: TestAgent;
let runner: JobRunner;
const ids: Record<'owing' | 'noEmail' | 'paidUp' | 'second', number> = { owing: 0, noEmail: 0, paidUp: 0, second: 0 };

const code = (id: number) => `C${String(id).padStart(6, '0')}`;

async function client(nameEn: string, nameZh: string, email: string): Promise<number> {
  const reply = await admin.post('/api/clients', { nameEn, nameZh, contacts: email ? [{ name: 'Accounts', email, isPrimary: true }] : [{ name: 'Site', phones: ['91234567'] }], addresses: [] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return (reply.body!.client as { id: number }).id;
}

async function invoice(clientId: number, date: string, cents: number) {
  const reply = await admin.post('/api/orders', { type: 'new_order', date, clientId, items: [{ productId: null, descriptionEn: 'Termite treatment', descriptionZh: '白蟻處理', quantity: 100, unitPrice: cents }] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body!.order as { id: number; number: string };
}

const CREDENTIALS = { user: 'office', password: 's3cret-smtp' };

/** Settings → E-mail pointed at the sink, with the right password or a wrong one. */
const mailSettings = async (password: string) => {
  const current = (await admin.get('/api/settings/mail')).body!.settings as { version: number };
  const saved = await admin.put('/api/settings/mail', { host: '127.0.0.1', port: sink.port, tlsMode: 'none', username: CREDENTIALS.user, password, fromName: 'Harbour Pest', fromAddress: 'office@harbour.test', siteUrl: 'https://office.harbour.test', version: current.version });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

beforeAll(async () => {
  sink = await startSmtpSink(CREDENTIALS);
  admin = await signedInAgent(server, DEMO.admin);
  runner = new JobRunner(server.deps, JOB_HANDLERS, { worker: 'statement-mail-test' });
  ids.owing = await client('Owing Ltd', '欠款有限公司', 'accounts@owing.test');
  ids.noEmail = await client('No Mail Ltd', '無電郵有限公司', '');
  ids.paidUp = await client('Paid Up Ltd', '已清有限公司', 'accounts@paidup.test');
  ids.second = await client('Second Ltd', '第二有限公司', 'ap@second.test');
  await invoice(ids.owing, '2026-10-01', 1_200_00);
  await invoice(ids.noEmail, '2026-10-01', 300_00);
  await invoice(ids.second, '2026-11-01', 450_00);
  const paid = await invoice(ids.paidUp, '2026-10-05', 90_00);
  expect((await admin.post(`/api/orders/${paid.id}/receipts`, { kind: 'receipt', date: '2026-10-06', method: 'cash', amount: 90_00, reason: '' })).status).toBe(201);
});
afterAll(async () => {
  await sink.close();
});

describe("a client's statement by e-mail", () => {
  it('is refused while e-mail is not set up, and the bulk action skips every client for that reason', async () => {
    const refused = await admin.post(`/api/clients/${ids.owing}/statement/emails`, { to: 'accounts@owing.test', language: 'en', message: '' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ reason: 'mailNotConfigured' });
    const bulk = await admin.post('/api/statements/emails', { clientIds: [ids.owing, ids.second] });
    expect(bulk.status).toBe(200);
    expect(SendStatementsReply.parse(bulk.body).results.map((r) => [r.clientId, r.status, r.reason])).toEqual([
      [ids.owing, 'skipped', 'mailNotConfigured'],
      [ids.second, 'skipped', 'mailNotConfigured'],
    ]);
  });

  it('queues one statement, the job sends it with the bilingual message and the statement PDF attached, and the client shows "sent"', async () => {
    await mailSettings(CREDENTIALS.password);
    const page = StatementSends.parse((await admin.get(`/api/clients/${ids.owing}/statement/emails`)).body);
    expect(page).toMatchObject({ sends: [], mailConfigured: true, contacts: [{ name: 'Accounts', email: 'accounts@owing.test' }] });

    const before = sink.received.length;
    const queued = await admin.post(`/api/clients/${ids.owing}/statement/emails`, { to: 'accounts@owing.test', language: 'both', message: '', period: { from: '2026-09-01', to: '2026-11-23' } });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(StatementSendReply.parse(queued.body).send).toMatchObject({ recipient: 'accounts@owing.test', status: 'queued', period: { from: '2026-09-01', to: '2026-11-23' } });
    expect(await runner.runDue()).toBe(1);

    const mail = sink.received[before]!;
    const reference = `${code(ids.owing)}-20261123`;
    expect(mail.to).toMatchObject({ text: 'accounts@owing.test' });
    expect(mail.subject).toBe(`結單 ${reference} / Statement of account ${reference}`);
    expect(mail.text).toContain('附上 2026年9月1日 至 2026年11月23日 的結單，請查閱。尚欠金額為 HK$1,200.00。');
    expect(mail.text).toContain('Please find attached your statement of account for 1 Sept 2026 to 23 Nov 2026. The amount owed is HK$1,200.00.');
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0]!;
    expect([pdf.contentType, pdf.filename]).toEqual(['application/pdf', `statement-${code(ids.owing)}-2026-11-23.pdf`]);
    expect(mail.text).toContain(`附件：${pdf.filename}`);
    const text = (await pdfText(new Uint8Array(pdf.content))).replace(/\s+/g, ' ');
    for (const words of ['結單 STATEMENT OF ACCOUNT', '欠款有限公司', 'Owing Ltd', '尚欠金額 Amount owed HK$1,200.00']) expect(text).toContain(words);

    const after = StatementSends.parse((await admin.get(`/api/clients/${ids.owing}/statement/emails`)).body);
    expect(after.sends[0]).toMatchObject({ status: 'sent', recipient: 'accounts@owing.test', byName: DEMO.admin.name, period: { from: '2026-09-01', to: '2026-11-23' } });
    expect(after.sends[0]!.sentAt).not.toBeNull();
    const audits = await server.db.selectFrom('audits').select(['action', 'changes']).where('entity_type', '=', 'client').where('entity_id', '=', String(ids.owing)).orderBy('id').execute();
    expect(audits.map((a) => a.action).slice(-2)).toEqual(['email', 'emailSent']);
    expect(audits.at(-2)!.changes).toMatchObject({ document: 'statement', to: 'accounts@owing.test', closing: 1_200_00 });
  });

  it('a failed send says why on the client (the SMTP login fails), and is audited', async () => {
    await mailSettings('wrong');
    const queued = await admin.post(`/api/clients/${ids.second}/statement/emails`, { to: 'ap@second.test', language: 'en', message: 'Our statement.' });
    expect(queued.status).toBe(202);
    const jobId = StatementSendReply.parse(queued.body).send.jobId;
    // Its last attempt: the job fails for good with the reason.
    await server.db.updateTable('jobs').set({ attempts: 4 }).where('id', '=', jobId).execute();
    expect(await runner.runDue()).toBe(1);
    const sends = StatementSends.parse((await admin.get(`/api/clients/${ids.second}/statement/emails`)).body).sends;
    expect(sends[0]).toMatchObject({ status: 'failed', recipient: 'ap@second.test' });
    expect(sends[0]!.error).toBe('mail.authentication');
    const audit = await server.db.selectFrom('audits').select(['action']).where('entity_type', '=', 'client').where('entity_id', '=', String(ids.second)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('emailFailed');
    await mailSettings(CREDENTIALS.password);
  });

  it('refuses a bad address, a reversed period and an unknown client; is for those who may edit invoices', async () => {
    expect((await admin.post(`/api/clients/${ids.owing}/statement/emails`, { to: 'not an address', language: 'en', message: '' })).status).toBe(422);
    expect((await admin.post(`/api/clients/${ids.owing}/statement/emails`, { to: 'a@b.test', language: 'en', message: '', period: { from: '2026-11-30', to: '2026-11-01' } })).status).toBe(422);
    expect((await admin.post('/api/clients/99999/statement/emails', { to: 'a@b.test', language: 'en', message: '' })).status).toBe(404);
    const worker = await signedInAgent(server, DEMO.worker);
    expect((await worker.post(`/api/clients/${ids.owing}/statement/emails`, { to: 'a@b.test', language: 'en', message: '' })).status).toBe(403);
    expect((await worker.post('/api/statements/emails', { clientIds: [ids.owing] })).status).toBe(403);
  });
});

describe('statements to several clients in one action', () => {
  it('queues one job per client that owes and has an address, and says why the others were skipped', async () => {
    const before = sink.received.length;
    const reply = await admin.post('/api/statements/emails', { clientIds: [ids.owing, ids.noEmail, ids.paidUp, ids.second, ids.owing, 99999] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { results, period } = SendStatementsReply.parse(reply.body);
    expect(period).toEqual({ from: '2026-09-01', to: '2026-11-23' });
    expect(results.map((r) => [r.clientId, r.nameEn, r.status, r.recipient, r.reason])).toEqual([
      [ids.owing, 'Owing Ltd', 'queued', 'accounts@owing.test', null],
      [ids.noEmail, 'No Mail Ltd', 'skipped', null, 'noEmail'],
      [ids.paidUp, 'Paid Up Ltd', 'skipped', null, 'nothingOwed'],
      [ids.second, 'Second Ltd', 'queued', 'ap@second.test', null],
      [99999, '', 'skipped', null, 'notFound'],
    ]);
    expect(await runner.runDue()).toBe(2);

    const received = sink.received.slice(before);
    expect(received.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort()).toEqual(['accounts@owing.test', 'ap@second.test']);
    const second = received.find((m) => m.subject?.includes(code(ids.second)))!;
    expect(second.subject).toBe(`結單 ${code(ids.second)}-20261123 / Statement of account ${code(ids.second)}-20261123`);
    expect(second.text).toContain('The amount owed is HK$450.00.');
    const text = (await pdfText(new Uint8Array(second.attachments[0]!.content))).replace(/\s+/g, ' ');
    expect(text).toContain('第二有限公司');
    expect(text).toContain('尚欠金額 Amount owed HK$450.00');
    expect(StatementSends.parse((await admin.get(`/api/clients/${ids.second}/statement/emails`)).body).sends[0]).toMatchObject({ status: 'sent', recipient: 'ap@second.test' });
  });

  it('refuses no clients, too many and bad ids', async () => {
    expect((await admin.post('/api/statements/emails', { clientIds: [] })).status).toBe(422);
    expect((await admin.post('/api/statements/emails', { clientIds: Array.from({ length: 201 }, (_, i) => i + 1) })).status).toBe(422);
    expect((await admin.post('/api/statements/emails', { clientIds: [0, 'x'] })).status).toBe(422);
  });
});
