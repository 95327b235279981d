import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app';
import { JobSignal } from '../../server/jobs/queue';
import { SmtpMailer } from '../../server/node/smtpMailer';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/**
 * Issue 31 item 10: a person may send only so many e-mails in an hour (Settings → E-mail, audited):
 * a document's, a statement's (one per client of "Send statements"), an overdue reminder sent by
 * hand (one per client), a test e-mail. Past it the request is refused whole, 429 with Retry-After
 * and a message in the user's language, nothing queued; the count is kept in the database, so two
 * server instances share it; an hour later sending works again. Every send is audited with its
 * recipients.
 */
const server = serverForTests(undefined, { mailer: new SmtpMailer(), jobs: new JobSignal() });
let sink: SmtpSink;
let admin: TestAgent;
const SMTP = { user: 'office', password: 's3cret-smtp' };

async function settings(agent: TestAgent, change: Record<string, unknown>) {
  const current = (await agent.get('/api/settings/mail')).body!.settings as Record<string, unknown>;
  const { passwordSet: _p, linksOpenAt: _l, ...rest } = current;
  return agent.put('/api/settings/mail', { ...rest, ...change });
}

/** Two clients with an overdue invoice and an e-mail address (the statements and reminders of several clients go to them). */
async function owingClients(): Promise<number[]> {
  const rows = await server.db.selectFrom('orders').select(['client_id', (eb) => eb.fn.min('id').as('order_id')]).where('voided', '=', false).whereRef('paid', '<', 'total').groupBy('client_id').orderBy('client_id').limit(2).execute();
  expect(rows).toHaveLength(2);
  for (const { client_id, order_id } of rows) {
    await server.db.updateTable('orders').set({ due_date: '2026-11-01' }).where('id', '=', order_id).execute();
    await server.db.insertInto('client_contacts').values({ client_id, name: 'Accounts', email: `accounts.${client_id}@client.test`, sort_order: 9 }).execute();
  }
  return rows.map((r) => r.client_id);
}

const sendsQueued = async () => (await server.db.selectFrom('document_sends').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
const remindersQueued = async () => (await server.db.selectFrom('reminders').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'queued').executeTakeFirstOrThrow()).n;

beforeAll(async () => {
  sink = await startSmtpSink(SMTP);
  admin = await signedInAgent(server, DEMO.admin);
  const saved = await settings(admin, { host: '127.0.0.1', port: sink.port, tlsMode: 'none', username: SMTP.user, password: SMTP.password, fromName: 'Harbour Pest', fromAddress: 'office@harbour.test', siteUrl: 'https://office.harbour.test' });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await sink.close();
});

describe('the e-mails one person may send in an hour', () => {
  it('is 200 by default, set in Settings → E-mail (1–10,000, audited)', async () => {
    expect((await admin.get('/api/settings/mail')).body!.settings).toMatchObject({ sendsPerHour: 200 });
    for (const sendsPerHour of [0, 10_001, 2.5, '3']) expect((await settings(admin, { sendsPerHour })).status, String(sendsPerHour)).toBe(422);
    expect((await settings(admin, { sendsPerHour: 3 })).body!.settings).toMatchObject({ sendsPerHour: 3 });
    const audit = await server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'mail_settings').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ sendsPerHour: { from: 200, to: 3 } });
  });

  it('past it, every kind of send is refused whole with 429, Retry-After and the words in the user\'s language; the count is shared by every server instance; each send is audited with its recipients', async () => {
    const sales = await signedInAgent(server, DEMO.sales, 'zh-HK');
    // A second instance of the server on the same database, the same browser signed in.
    const other = sales.on({ ...server, app: createServerApp(server.deps) });
    const quotation = await server.db.selectFrom('quotations').select(['id', 'client_id']).orderBy('id').executeTakeFirstOrThrow();
    const [first, second] = await owingClients();

    expect((await sales.post(`/api/quotations/${quotation.id}/emails`, { to: 'one@client.test', language: 'en', message: '' })).status).toBe(202);
    expect((await other.post(`/api/clients/${quotation.client_id}/statement/emails`, { to: 'two@client.test', language: 'en', message: '' })).status).toBe(202);
    expect((await sales.post(`/api/quotations/${quotation.id}/emails`, { to: 'three@client.test', language: 'en', message: '' })).status).toBe(202);
    const queued = await sendsQueued();

    const refused = await other.post(`/api/quotations/${quotation.id}/emails`, { to: 'four@client.test', language: 'en', message: '' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body).toEqual({ message: `您在一小時內發送的電郵已達上限（3 封）。請在 ${Math.ceil(retryAfter / 60)} 分鐘後再試。`, reason: 'sendLimit', details: { limit: 3, retryAfterSeconds: retryAfter } });
    for (const [path, body] of [
      [`/api/clients/${quotation.client_id}/statement/emails`, { to: 'five@client.test', language: 'en', message: '' }],
      ['/api/statements/emails', { clientIds: [first, second] }],
      ['/api/reminders/overdue', { clientIds: [first, second] }],
    ] as const) {
      const reply = await sales.post(path, body);
      expect(reply.status, path).toBe(429);
      expect(reply.body, path).toMatchObject({ reason: 'sendLimit' });
      expect(Number(reply.headers.get('Retry-After')), path).toBeGreaterThan(0);
    }
    expect(Number(await sendsQueued())).toBe(Number(queued));
    expect(Number(await remindersQueued())).toBe(0);

    // Another person has an allowance of their own: the administrator's test e-mail goes.
    expect((await admin.post('/api/settings/mail/test', { to: 'admin@harbour.test' })).status).toBe(200);

    // An hour later the sales person sends again: several clients' statements count one each.
    server.clock.advance(61 * 60_000);
    const fresh = await signedInAgent(server, DEMO.sales);
    const many = await fresh.post('/api/statements/emails', { clientIds: [first, second] });
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    expect((many.body!.results as { status: string }[]).map((r) => r.status)).toEqual(['queued', 'queued']);
    expect((await fresh.post('/api/reminders/overdue', { clientIds: [first, second] })).status).toBe(429);
    expect((await fresh.post('/api/reminders/overdue', { clientIds: [first] })).status).toBe(202);
    expect((await fresh.post(`/api/quotations/${quotation.id}/emails`, { to: 'six@client.test', language: 'en', message: '' })).status).toBe(429);

    // Every send is in the audit log with its recipient.
    const audits = await server.db.selectFrom('audits').select(['action', 'entity_type', 'changes']).where('action', 'in', ['email', 'testMail', 'reminderQueued']).orderBy('id').execute();
    const recipients = audits.map((a) => `${a.action}:${a.entity_type}:${(a.changes as { to: string }).to}`);
    expect(recipients).toEqual([
      'email:quotation:one@client.test',
      'email:client:two@client.test',
      'email:quotation:three@client.test',
      'testMail:mail_settings:admin@harbour.test',
      expect.stringMatching(/^email:client:.+@/),
      expect.stringMatching(/^email:client:.+@/),
      expect.stringMatching(/^reminderQueued:client:.+@/),
    ]);
  });
});
