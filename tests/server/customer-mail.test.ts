import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../server/jobs/handlers';
import { JobSignal } from '../../server/jobs/queue';
import { JobRunner } from '../../server/jobs/runner';
import { SmtpMailer } from '../../server/node/smtpMailer';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { DEMO, serverForTests, signedInAgent, TestAgent } from './harness';

/**
 * Issue 31 item 18: e-mails to customers, read back from the real SMTP server (smtp-server) and
 * parsed with mailparser: HTML with a plain-text alternative (multipart/alternative), the company's
 * name and its logo inline (a related image part, Content-ID), a button to the customer link (which
 * opens the document), in the client's language of e-mails (an English-only client gets English,
 * the statement's subject too), to the contact marked for accounts.
 */
const server = serverForTests(undefined, { mailer: new SmtpMailer(), jobs: new JobSignal() });
let sink: SmtpSink;
let admin: TestAgent;
let runner: JobRunner;
/** Each message as it came over the wire, by its Message-ID. */
const raws = new Map<string, string>();
const SMTP = { user: 'office', password: 's3cret-smtp' };
const SITE = 'https://office.harbour.test';

function png(size: number, rgb: [number, number, number]): Uint8Array {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) image.data.set([...rgb, 255], i * 4);
  return new Uint8Array(PNG.sync.write(image));
}

/** The content types of a raw message's parts, in the order they come (containers before their parts). */
const partTypes = (raw: string): string[] => [...raw.matchAll(/^Content-Type:\s*([^;\r\n]+)/gim)].map((match) => match[1]!.toLowerCase());

async function deliver(): Promise<ParsedMail[]> {
  const before = sink.received.length;
  await runner.runDue();
  return sink.received.slice(before);
}

let clientId: number;
let company: { id: number; nameEn: string; nameZh: string };

beforeAll(async () => {
  sink = await startSmtpSink(SMTP);
  sink.onMessage = (mail, raw) => raws.set(mail.messageId ?? '', raw.toString('utf8'));
  admin = await signedInAgent(server, DEMO.admin);
  runner = new JobRunner(server.deps, JOB_HANDLERS, { worker: 'customer-mail-test' });
  const settings = (await admin.get('/api/settings/mail')).body!.settings as { version: number };
  expect((await admin.put('/api/settings/mail', { host: '127.0.0.1', port: sink.port, tlsMode: 'none', username: SMTP.user, password: SMTP.password, fromName: 'Harbour Pest', fromAddress: 'office@harbour.test', siteUrl: SITE, version: settings.version })).status).toBe(200);

  // The company of the demo's branch, with a logo.
  const row = await server.db.selectFrom('companies').select(['id', 'name_en', 'name_zh']).orderBy('id').executeTakeFirstOrThrow();
  company = { id: row.id, nameEn: row.name_en, nameZh: row.name_zh };
  const logo = await admin.raw('PUT', `/api/companies/${company.id}/logo`, png(48, [11, 92, 171]), { 'Content-Type': 'image/png', 'X-XSRF-TOKEN': admin.cookies.get('XSRF-TOKEN')! });
  expect(logo.status, JSON.stringify(logo.body)).toBe(200);

  // A client who owes, with two contacts: the primary, and one marked for accounts (through the client form's API), English only.
  const owing = await server.db.selectFrom('orders').select('client_id').where('voided', '=', false).whereRef('paid', '<', 'total').orderBy('id').executeTakeFirstOrThrow();
  clientId = owing.client_id;
  await server.db.updateTable('orders').set({ due_date: '2026-11-01' }).where('client_id', '=', clientId).where('voided', '=', false).execute();
  const client = (await admin.get(`/api/clients/${clientId}`)).body!.client as Record<string, unknown> & { contacts: Record<string, unknown>[] };
  const { id: _id, code: _code, hkidMasked: _h, createdAt: _c, updatedAt: _u, source, ...fields } = client;
  const contacts = [
    { name: 'Front Desk', title: '', phones: [], email: 'frontdesk@client.test', isPrimary: true, isAccounts: false },
    { name: 'Mandy Accounts', title: 'Accounts', phones: [], email: 'accounts@client.test', isPrimary: false, isAccounts: true },
  ];
  const twoAccounts = await admin.put(`/api/clients/${clientId}`, { ...fields, source: (source as { value: string } | null)?.value ?? null, addresses: [], contacts: contacts.map((c) => ({ ...c, isAccounts: true })) });
  expect(twoAccounts.status).toBe(422);
  expect(twoAccounts.body!.errors).toMatchObject({ contacts: ['Only one contact can be the contact for accounts.'] });
  const saved = await admin.put(`/api/clients/${clientId}`, { ...fields, source: (source as { value: string } | null)?.value ?? null, contacts, mailLanguage: 'en' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body!.client).toMatchObject({ mailLanguage: 'en', contacts: [{ email: 'frontdesk@client.test', isAccounts: false }, { email: 'accounts@client.test', isAccounts: true }] });
});
afterAll(async () => {
  await sink.close();
});

/** What every customer e-mail holds: both alternatives, the logo inline, the company's name, the buttons' links. */
async function expectCustomerMail(mail: ParsedMail, words: { name: string; button: RegExp }): Promise<string[]> {
  const raw = raws.get(mail.messageId ?? '')!;
  const tree = partTypes(raw);
  // multipart/related (the HTML and its logo) inside multipart/alternative (the text, then the HTML), or around it.
  expect(tree).toContain('multipart/alternative');
  expect(tree).toContain('multipart/related');
  expect(tree.indexOf('text/plain')).toBeLessThan(tree.indexOf('text/html'));
  expect(mail.text).toBeTruthy();
  const html = String(mail.html);
  // The logo: an inline image part, by Content-ID, shown at the top of the HTML.
  const logo = mail.attachments.find((a) => a.contentType === 'image/png');
  expect(logo).toMatchObject({ cid: 'logo@backoffice', related: true, contentDisposition: 'inline' });
  expect(PNG.sync.read(Buffer.from(logo!.content)).width).toBe(48);
  // As sent, the HTML shows the logo by its Content-ID (mailparser otherwise inlines it as a data: address).
  expect(String((await simpleParser(raw, { keepCidLinks: true })).html)).toContain('src="cid:logo@backoffice"');
  expect(html).toContain('src="data:image/png;base64,');
  expect(html).toContain(words.name);
  expect(mail.text).toContain(words.name);
  // Each button leads to a customer link at the site's address, its address written out in the text too.
  const buttons = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].filter((m) => m[1] !== m[2]);
  expect(buttons.length).toBeGreaterThan(0);
  for (const [, href, label] of buttons) {
    expect(label).toMatch(words.button);
    expect(href).toMatch(new RegExp(`^${SITE}/d/[A-Za-z0-9_-]{54}$`));
    expect(mail.text).toContain(href);
  }
  return buttons.map((b) => b[1]!);
}

const toOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value.map((v) => v.address) : []);

describe("e-mails to a customer (an English-only client, with a contact for accounts)", () => {
  it('an invoice: the form offers the accounts contact and English first; the message is HTML with the text alternative, the logo, the company and a button that opens the invoice', async () => {
    const order = await server.db.selectFrom('orders').select(['id', 'number']).where('client_id', '=', clientId).orderBy('id').executeTakeFirstOrThrow();
    const page = await admin.get(`/api/orders/${order.id}/emails`);
    expect(page.body).toMatchObject({ clientLanguage: 'en', contacts: [{ email: 'accounts@client.test' }, { email: 'frontdesk@client.test' }] });
    expect((await admin.post(`/api/orders/${order.id}/emails`, { to: 'accounts@client.test', language: 'en', message: '' })).status).toBe(202);
    const [mail] = await deliver();
    expect(toOf(mail!)).toEqual(['accounts@client.test']);
    expect(mail!.subject).toBe(`Invoice ${order.number}`);
    const [link] = await expectCustomerMail(mail!, { name: company.nameEn, button: /^View the invoice online$/ });
    expect(String(mail!.html)).toContain('Please find attached our invoice');
    expect(String(mail!.html)).not.toMatch(/[\u4e00-\u9fff]/);
    expect(mail!.attachments.filter((a) => a.contentType === 'application/pdf')).toHaveLength(1);
    const opened = await new TestAgent(server).get(`/api/public/documents/${link!.slice(`${SITE}/d/`.length)}`);
    expect(opened.body).toMatchObject({ document: { kind: 'invoice', number: order.number } });
  });

  it('statements of several clients and an overdue reminder: in the client\'s language (the subject too), to the contact for accounts', async () => {
    const many = await admin.post('/api/statements/emails', { clientIds: [clientId] });
    expect((many.body!.results as { recipient: string }[])[0]).toMatchObject({ status: 'queued', recipient: 'accounts@client.test' });
    const reminded = await admin.post('/api/reminders/overdue', { clientIds: [clientId] });
    expect((reminded.body!.results as { outcome: string }[])[0]).toMatchObject({ outcome: 'queued' });
    const mails = await deliver();
    expect(mails).toHaveLength(2);
    const statement = mails.find((m) => /^Statement of account /.test(m.subject ?? ''))!;
    const reminder = mails.find((m) => m.subject === 'Payment reminder: overdue invoices')!;
    for (const mail of [statement, reminder]) {
      expect(toOf(mail)).toEqual(['accounts@client.test']);
      expect(`${mail.subject} ${mail.text} ${String(mail.html)}`).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const [statementLink] = await expectCustomerMail(statement, { name: company.nameEn, button: /^View the statement online$/ });
    expect((await new TestAgent(server).get(`/api/public/documents/${statementLink!.slice(`${SITE}/d/`.length)}`)).body).toMatchObject({ document: { kind: 'statement' } });
    await expectCustomerMail(reminder, { name: company.nameEn, button: /^View invoice \S+$/ });
    expect(reminder.text).toMatch(/^Dear Mandy Accounts,/);
  });

  it('a Chinese-only client gets Chinese: the subject, the words, the button, the company\'s Chinese name', async () => {
    await server.db.updateTable('clients').set({ mail_language: 'zh-HK' }).where('id', '=', clientId).execute();
    expect((await admin.post('/api/statements/emails', { clientIds: [clientId] })).status).toBe(200);
    const [mail] = await deliver();
    expect(mail!.subject).toMatch(/^結單 /);
    expect(mail!.text).toContain('親愛的客戶');
    expect(mail!.text).not.toContain('Dear customer');
    await expectCustomerMail(mail!, { name: company.nameZh, button: /^網上查看結單$/ });
  });
});
