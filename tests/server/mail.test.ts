import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../server/jobs/handlers';
import { JobSignal } from '../../server/jobs/queue';
import { JobRunner } from '../../server/jobs/runner';
import { SmtpMailer } from '../../server/node/smtpMailer';
import { pdfText } from '../support/pdfText';
import { startBannerService } from '../support/bannerService';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { DEMO, serverForTests, signedInAgent, TestAgent } from './harness';

/**
 * E-mail through SMTP (issue 21 item 2), against a real SMTP server started here (smtp-server), the
 * messages read back with mailparser: Settings → E-mail with its sealed password and test e-mail, a
 * quotation and an invoice sent by e-mail through the job queue, and a failing SMTP server.
 */
const server = serverForTests(undefined, { mailer: new SmtpMailer(), jobs: new JobSignal() });
let sink: SmtpSink;
let admin: TestAgent;
let runner: JobRunner;
const CREDENTIALS = { user: 'office', password: 's3cret-smtp' };

beforeAll(async () => {
  sink = await startSmtpSink(CREDENTIALS);
  admin = await signedInAgent(server, DEMO.admin);
  runner = new JobRunner(server.deps, JOB_HANDLERS, { worker: 'mail-test' });
});
afterAll(async () => {
  await sink.close();
});

async function saveSettings(change: Record<string, unknown>) {
  const current = await admin.get('/api/settings/mail');
  const settings = current.body!.settings as Record<string, unknown>;
  return admin.put('/api/settings/mail', {
    host: settings.host,
    port: settings.port,
    tlsMode: settings.tlsMode,
    username: settings.username,
    fromName: settings.fromName,
    fromAddress: settings.fromAddress,
    version: settings.version,
    ...change,
  });
}

const firstId = async (table: 'quotations' | 'orders') => (await server.db.selectFrom(table).select(['id', 'number']).orderBy('id').executeTakeFirstOrThrow());

describe('Settings → E-mail', () => {
  it('keeps the password sealed and never sends it back; the test e-mail arrives', async () => {
    const saved = await saveSettings({ host: '127.0.0.1', port: sink.port, tlsMode: 'none', username: CREDENTIALS.user, password: CREDENTIALS.password, fromName: 'Harbour Pest 海港除蟲', fromAddress: 'office@harbour.test', siteUrl: 'https://office.harbour.test' });
    expect(saved.status).toBe(200);
    expect(saved.body!.settings).toMatchObject({ host: '127.0.0.1', port: sink.port, passwordSet: true });
    expect(JSON.stringify(saved.body)).not.toContain(CREDENTIALS.password);
    expect(JSON.stringify((await admin.get('/api/settings/mail')).body)).not.toContain(CREDENTIALS.password);
    const row = await server.db.selectFrom('mail_settings').select('password_sealed').executeTakeFirstOrThrow();
    expect(row.password_sealed).not.toContain(CREDENTIALS.password);
    expect(await server.deps.encrypter.decrypt(row.password_sealed!)).toBe(CREDENTIALS.password);
    const audit = await server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'mail_settings').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ password: 'changed', host: { from: '', to: '127.0.0.1' } });
    expect(JSON.stringify(audit.changes)).not.toContain(CREDENTIALS.password);

    // Saved again without a password: the one kept stays.
    expect((await saveSettings({ fromName: 'Harbour Pest' })).body!.settings).toMatchObject({ passwordSet: true, fromName: 'Harbour Pest' });

    const before = sink.received.length;
    const tested = await admin.post('/api/settings/mail/test', { to: 'admin@harbour.test' });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    const mail = sink.received[before]!;
    expect(mail.to).toMatchObject({ text: 'admin@harbour.test' });
    expect(mail.from?.value[0]).toMatchObject({ address: 'office@harbour.test', name: 'Harbour Pest' });
    expect(mail.subject).toBe('後台系統測試電郵 / Test e-mail from the back office');
  });

  it('says why a test e-mail failed (wrong password), and a bad body is refused', async () => {
    await saveSettings({ password: 'wrong' });
    const failed = await admin.post('/api/settings/mail/test', { to: 'admin@harbour.test' });
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({ reason: 'mailFailed', details: { kind: 'authentication' }, message: 'The e-mail could not be sent. The SMTP server refused the user name or password.' });
    // The kind only: not the SMTP server's own reply line.
    expect(JSON.stringify(failed.body)).not.toMatch(/Invalid username or password|535/);
    expect((await admin.post('/api/settings/mail/test', { to: 'not an address' })).status).toBe(422);
    expect((await saveSettings({ port: 70_000 })).status).toBe(422);
    expect((await saveSettings({ tlsMode: 'ssl' })).status).toBe(422);
    await saveSettings({ password: CREDENTIALS.password });
  });

  it('is for those who may change settings', async () => {
    const sales = await signedInAgent(server, DEMO.sales);
    expect((await sales.get('/api/settings/mail')).status).toBe(403);
    expect((await sales.post('/api/settings/mail/test', { to: 'a@b.test' })).status).toBe(403);
  });
});

describe('sending a document by e-mail', () => {
  it('queues a quotation, the job sends it with the bilingual message, and the quotation shows "sent"', async () => {
    const quotation = await firstId('quotations');
    const page = await admin.get(`/api/quotations/${quotation.id}/emails`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ sends: [], mailConfigured: true });

    const before = sink.received.length;
    const queued = await admin.post(`/api/quotations/${quotation.id}/emails`, { to: 'customer@client.test', language: 'both', message: '' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body!.send).toMatchObject({ recipient: 'customer@client.test', status: 'queued', sentAt: null });
    expect(await runner.runDue()).toBe(1);

    const mail = sink.received[before]!;
    expect(mail.to).toMatchObject({ text: 'customer@client.test' });
    expect(mail.subject).toBe(`報價單 ${quotation.number} / Quotation ${quotation.number}`);
    expect(mail.text).toContain(`附上我們的報價單 ${quotation.number}，請查閱。`);
    expect(mail.text).toContain(`Please find attached our quotation ${quotation.number}.`);
    // The quotation's PDF (server/documents/pdf.ts), in both languages, read back.
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0]!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/\.pdf$/);
    expect(mail.text).toContain(`附件：${pdf.filename}`);
    const text = await pdfText(new Uint8Array(pdf.content));
    expect(text).toContain(quotation.number);
    expect(text).toMatch(/報價單/);
    expect(text).toMatch(/QUOTATION|Quotation/);
    // The customer's link to the quotation, at the site's address (Settings → E-mail): it opens the quotation.
    const address = /https:\/\/office\.harbour\.test\/d\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(address, mail.text).not.toBeNull();
    const opened = await new TestAgent(server).get(`/api/public/documents/${address![1]!}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ document: { kind: 'quotation', number: quotation.number } });

    const after = await admin.get(`/api/quotations/${quotation.id}/emails`);
    const sends = after.body!.sends as { status: string; sentAt: string | null; recipient: string; byName: string }[];
    expect(sends[0]).toMatchObject({ status: 'sent', recipient: 'customer@client.test', byName: DEMO.admin.name });
    expect(sends[0]!.sentAt).not.toBeNull();
    const audits = await server.db.selectFrom('audits').select(['action', 'user_id']).where('entity_type', '=', 'quotation').where('entity_id', '=', String(quotation.id)).orderBy('id').execute();
    expect(audits.map((a) => a.action).slice(-2)).toEqual(['email', 'emailSent']);
  });

  it('an invoice whose SMTP login fails: tried again with backoff, then failed with the reason on the invoice; a retry sends it', async () => {
    await saveSettings({ password: 'wrong' });
    const order = await firstId('orders');
    const queued = await admin.post(`/api/orders/${order.id}/emails`, { to: 'accounts@client.test', language: 'en', message: 'Our invoice, with thanks.' });
    expect(queued.status).toBe(202);
    const jobId = (queued.body!.send as { jobId: number }).jobId;
    const delays = [0, 30_000, 60_000, 120_000, 240_000];
    for (const delay of delays) {
      server.clock.advance(delay);
      expect((await runner.runOnce())?.id).toBe(jobId);
    }
    const failed = (await admin.get(`/api/orders/${order.id}/emails`)).body!.sends as { status: string; error: string; attempts: number }[];
    expect(failed[0]).toMatchObject({ status: 'failed', attempts: 5 });
    expect(failed[0]!.error).toBe('mail.authentication');
    const jobs = await admin.get('/api/jobs?status=failed');
    expect((jobs.body!.items as { id: number; lastError: string }[]).find((j) => j.id === jobId)?.lastError).toBe('mail.authentication');
    expect((await server.db.selectFrom('audits').select('action').where('entity_type', '=', 'order').where('entity_id', '=', String(order.id)).orderBy('id', 'desc').executeTakeFirstOrThrow()).action).toBe('emailFailed');

    // Mended, and retried from Settings → Background jobs: nothing was lost.
    await saveSettings({ password: CREDENTIALS.password });
    expect((await admin.post(`/api/jobs/${jobId}/retry`)).status).toBe(200);
    const before = sink.received.length;
    expect(await runner.runDue()).toBe(1);
    const mail = sink.received[before]!;
    expect(mail.subject).toBe(`Invoice ${order.number}`);
    expect(mail.text).toContain('Our invoice, with thanks.');
    expect(await pdfText(new Uint8Array(mail.attachments[0]!.content))).toContain(order.number);
    expect(((await admin.get(`/api/orders/${order.id}/emails`)).body!.sends as { status: string }[])[0]!.status).toBe('sent');
  });

  it('a refused connection is said as the reason', async () => {
    await saveSettings({ port: 1 });
    const quotation = await firstId('quotations');
    const queued = await admin.post(`/api/quotations/${quotation.id}/emails`, { to: 'customer@client.test', language: 'zh-HK', message: '' });
    await runner.runOnce();
    const sends = (await admin.get(`/api/quotations/${quotation.id}/emails`)).body!.sends as { id: number; status: string; error: string }[];
    const send = sends.find((s) => s.id === (queued.body!.send as { id: number }).id)!;
    expect(send.status).toBe('queued');
    expect(send.error).toBe('mail.refused');
    await saveSettings({ port: sink.port });
  });

  it('is refused while e-mail is not set up, for a document that does not exist, and without the right', async () => {
    const quotation = await firstId('quotations');
    expect((await admin.post('/api/quotations/999999/emails', { to: 'a@b.test', language: 'en', message: '' })).status).toBe(404);
    expect((await admin.post(`/api/quotations/${quotation.id}/emails`, { to: 'nope', language: 'en', message: '' })).status).toBe(422);
    await saveSettings({ host: '' });
    const refused = await admin.post(`/api/quotations/${quotation.id}/emails`, { to: 'a@b.test', language: 'en', message: '' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ reason: 'mailNotConfigured' });
    await saveSettings({ host: '127.0.0.1' });
    const worker = await signedInAgent(server, DEMO.worker);
    expect((await worker.post(`/api/quotations/${quotation.id}/emails`, { to: 'a@b.test', language: 'en', message: '' })).status).toBe(403);
  });
});

describe('an SMTP setting that reaches a service other than an SMTP server (issue 31 item 6)', () => {
  const BANNER = '+OK internal-cache 7.2.4 node=cache-01.corp secret-7d1f';

  it('says only the kind of failure: in the test-send reply, on the send, in Background jobs and the audit log, never the banner', async () => {
    const service = await startBannerService(BANNER);
    try {
      await saveSettings({ host: '127.0.0.1', port: service.port, tlsMode: 'none', username: CREDENTIALS.user, password: CREDENTIALS.password, fromName: 'Harbour Pest', fromAddress: 'office@harbour.test' });
      const zh = await signedInAgent(server, DEMO.admin, 'zh-HK');
      const tested = await zh.post('/api/settings/mail/test', { to: 'admin@harbour.test' });
      expect(tested.status).toBe(422);
      expect(tested.body).toEqual({ message: '未能發送電郵：該主機及連接埠回應的並非 SMTP 伺服器。', reason: 'mailFailed', details: { kind: 'notSmtp' } });
      const english = await admin.post('/api/settings/mail/test', { to: 'admin@harbour.test' });
      expect(english.body!.message).toBe('The e-mail could not be sent. What answers at that host and port is not an SMTP server.');

      // A document's e-mail through it: each failed attempt keeps the kind, and the last one is audited with it.
      const quotation = await firstId('quotations');
      const queued = await admin.post(`/api/quotations/${quotation.id}/emails`, { to: 'customer@client.test', language: 'en', message: '' });
      expect(queued.status).toBe(202);
      const jobId = (queued.body!.send as { jobId: number }).jobId;
      for (let attempt = 0; attempt < 5; attempt++) {
        await runner.runDue();
        server.clock.advance(31 * 60_000);
      }
      // Hours went by: the administrator signs in again.
      admin = await signedInAgent(server, DEMO.admin);
      const sends = await admin.get(`/api/quotations/${quotation.id}/emails`);
      expect((sends.body!.sends as { jobId: number; status: string; error: string }[]).find((s) => s.jobId === jobId)).toMatchObject({ status: 'failed', error: 'mail.notSmtp' });
      const jobs = await admin.get('/api/jobs?status=failed');
      expect((jobs.body!.items as { id: number; lastError: string }[]).find((j) => j.id === jobId)?.lastError).toBe('mail.notSmtp');
      const audits = await admin.get('/api/audits?per_page=200');
      const seen = [tested, english, sends, jobs, audits].map((reply) => JSON.stringify(reply.body)).join('\n');
      for (const word of ['internal-cache', 'cache-01', 'secret-7d1f', '-ERR', 'Invalid greeting']) expect(seen).not.toContain(word);
      const rows = await server.db.selectFrom('audits').select(['action', 'changes']).where('action', 'in', ['testMail', 'emailFailed']).orderBy('id', 'desc').limit(3).execute();
      expect(rows.map((r) => (r.changes as { error?: string }).error)).toEqual(['mail.notSmtp', 'mail.notSmtp', 'mail.notSmtp']);
    } finally {
      await service.close();
      await saveSettings({ host: '127.0.0.1', port: sink.port, tlsMode: 'none' });
    }
  });

  it('tells a TLS failure and a refused connection apart, by kind', async () => {
    await saveSettings({ host: '127.0.0.1', port: sink.port, tlsMode: 'tls', username: CREDENTIALS.user, password: CREDENTIALS.password, fromName: 'Harbour Pest', fromAddress: 'office@harbour.test' });
    expect((await admin.post('/api/settings/mail/test', { to: 'admin@harbour.test' })).body).toMatchObject({ details: { kind: 'tls' } });
    await saveSettings({ port: 1, tlsMode: 'none' });
    expect((await admin.post('/api/settings/mail/test', { to: 'admin@harbour.test' })).body).toMatchObject({ details: { kind: 'refused' } });
    await saveSettings({ host: '127.0.0.1', port: sink.port, tlsMode: 'none' });
    expect((await admin.post('/api/settings/mail/test', { to: 'admin@harbour.test' })).status).toBe(200);
  });
});
