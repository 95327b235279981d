import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG } from '../../server/http/env';
import { JOB_HANDLERS } from '../../server/jobs/handlers';
import { JobSignal } from '../../server/jobs/queue';
import { JobRunner } from '../../server/jobs/runner';
import { SmtpMailer } from '../../server/node/smtpMailer';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { DEMO, serverForTests, signedInAgent, TEST_CLIENT_IP_HEADER, TestAgent, type TestServer } from './harness';

/**
 * Issue 31 item 1: no link the product e-mails takes its host from a request. A request with a
 * forged Host (and X-Forwarded-Host) asks for a password reset, sends a document, sends the overdue
 * reminder and saves the reminders' settings; every message the real SMTP server (smtp-server,
 * mailparser) receives is read back: its links open at the configured site address (APP_URL, else
 * Settings → E-mail's, else the server's own loopback address) and the forged host is nowhere in it.
 * With no address configured, the sends are refused with the reason, and the forgot-password page
 * still answers as ever.
 */

const EVIL = 'evil.example';
const SITE = 'https://office.harbour.test';
const SMTP = { user: 'office', password: 's3cret-smtp' };

/** A request as a browser sends it, but to a forged host: the URL the server sees, Host and X-Forwarded-Host all name it. */
async function forged(server: TestServer, agent: TestAgent, method: 'POST' | 'PUT', path: string, body: unknown, language = 'en'): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.app.request(`http://${EVIL}${path}`, {
    method,
    headers: {
      Host: EVIL,
      'X-Forwarded-Host': EVIL,
      'X-Forwarded-Proto': 'https',
      'Accept-Language': language,
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [TEST_CLIENT_IP_HEADER]: '10.31.1.1',
      Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Everything a message carries that a reader or a mail client could follow: its text, its HTML and its headers. */
const wholeMessage = (mail: ParsedMail): string => [mail.text ?? '', typeof mail.html === 'string' ? mail.html : '', JSON.stringify([...mail.headers])].join('\n');

/** The addresses the HTML part's links and buttons lead to. */
const hrefsIn = (mail: ParsedMail): string[] => [...(typeof mail.html === 'string' ? mail.html : '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** The http(s) addresses in a message's text. */
const linksIn = (mail: ParsedMail): string[] => [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);

function setUp(config = DEFAULT_SERVER_CONFIG) {
  const server = serverForTests(config, { mailer: new SmtpMailer(), jobs: new JobSignal() });
  const state = { sink: undefined as unknown as SmtpSink, admin: undefined as unknown as TestAgent, runner: undefined as unknown as JobRunner };
  beforeAll(async () => {
    state.sink = await startSmtpSink(SMTP);
    state.admin = await signedInAgent(server, DEMO.admin);
    state.runner = new JobRunner(server.deps, JOB_HANDLERS, { worker: 'site-address-test' });
    const settings = (await state.admin.get('/api/settings/mail')).body!.settings as { version: number };
    const saved = await state.admin.put('/api/settings/mail', { host: '127.0.0.1', port: state.sink.port, tlsMode: 'none', username: SMTP.user, password: SMTP.password, fromName: 'Harbour Pest', fromAddress: 'office@harbour.test', version: settings.version });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await state.sink.close();
  });
  /** Runs the due jobs; the messages received meanwhile. */
  const deliver = async (): Promise<ParsedMail[]> => {
    const before = state.sink.received.length;
    await state.runner.runDue();
    return state.sink.received.slice(before);
  };
  return { server, state, deliver };
}

async function saveSite(admin: TestAgent, siteUrl: string) {
  const settings = (await admin.get('/api/settings/mail')).body!.settings as Record<string, unknown>;
  const { passwordSet: _p, linksOpenAt: _l, ...rest } = settings;
  return admin.put('/api/settings/mail', { ...rest, siteUrl });
}

const firstOf = async (server: TestServer, table: 'quotations' | 'orders') => server.db.selectFrom(table).select(['id', 'number', 'client_id']).orderBy('id').executeTakeFirstOrThrow();

/** An invoice of the demo that is overdue today (the test clock's), and its client. */
async function overdueInvoice(server: TestServer): Promise<{ id: number; number: string; clientId: number }> {
  const row = await server.db.selectFrom('orders').select(['id', 'number', 'client_id']).where('due_date', '<', '2026-11-23').where('voided', '=', false).whereRef('paid', '<', 'total').orderBy('id').executeTakeFirstOrThrow();
  // The client must have an e-mail address for the reminder to go.
  const contact = await server.db.selectFrom('client_contacts').select('id').where('client_id', '=', row.client_id).where('email', '<>', '').executeTakeFirst();
  if (!contact) await server.db.insertInto('client_contacts').values({ client_id: row.client_id, name: 'Accounts', email: 'accounts@client.test', is_primary: false, sort_order: 9 }).execute();
  return { id: row.id, number: row.number, clientId: row.client_id };
}

describe('with no site address configured (no APP_URL, none in Settings, not listening on a loopback address)', () => {
  const { server, state, deliver } = setUp();

  it('refuses every send whose e-mail holds a link, saying what to set, in the user\'s language; forgot-password answers as ever and sends nothing', async () => {
    const settings = (await state.admin.get('/api/settings/mail')).body!.settings as Record<string, unknown>;
    expect(settings).toMatchObject({ siteUrl: '', linksOpenAt: null });

    const quotation = await firstOf(server, 'quotations');
    const zh = await signedInAgent(server, DEMO.admin, 'zh-HK');
    const refused = await forged(server, zh, 'POST', `/api/quotations/${quotation.id}/emails`, { to: 'customer@client.test', language: 'en', message: '' }, 'zh-HK');
    expect(refused).toEqual({ status: 422, body: { message: '電郵內的連結未有網站地址：須由管理員在「設定 → 電郵」輸入網站地址（或設定 APP_URL）。電郵未有發送。', reason: 'siteUrlNotSet', details: {} } });
    const english = await forged(server, state.admin, 'POST', `/api/quotations/${quotation.id}/emails`, { to: 'customer@client.test', language: 'en', message: '' });
    expect(english.body.message).toBe("The links in e-mails have no site address: an administrator enters the site's address under Settings → E-mail, or sets APP_URL. Nothing was sent.");
    const invoice = await overdueInvoice(server);
    const reminder = await forged(server, state.admin, 'POST', '/api/reminders/overdue', { clientIds: [invoice.clientId] });
    expect(reminder).toMatchObject({ status: 422, body: { reason: 'siteUrlNotSet' } });
    const statement = await forged(server, state.admin, 'POST', `/api/clients/${invoice.clientId}/statement/emails`, { to: 'accounts@client.test', language: 'en', message: '' });
    expect(statement).toMatchObject({ status: 422, body: { reason: 'siteUrlNotSet' } });
    expect((await forged(server, state.admin, 'POST', '/api/statements/emails', { clientIds: [invoice.clientId] })).body).toMatchObject({ reason: 'siteUrlNotSet' });
    // Nothing was queued by the refusals.
    expect(await server.db.selectFrom('document_sends').select('id').execute()).toEqual([]);

    // The forgot-password page answers the same; the reset e-mail is not sent, and Background jobs says why.
    const visitor = new TestAgent(server);
    await visitor.get('/api/csrf-cookie');
    const known = await forged(server, visitor, 'POST', '/api/forgot-password', { email: DEMO.sales.email });
    const unknown = await forged(server, visitor, 'POST', '/api/forgot-password', { email: 'nobody@harbour.test' });
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(await deliver()).toEqual([]);
    const jobs = (await state.admin.get('/api/jobs')).body!.items as { kind: string; lastError: string }[];
    expect(jobs.filter((j) => j.kind === 'passwordReset').map((j) => j.lastError)).toContain('mail.siteUrlNotSet');
  });

  it('takes a site address in Settings → E-mail only as an http(s) origin, audited; from then on every link opens there, whatever host the request named', async () => {
    for (const bad of ['javascript:alert(1)', 'ftp://office.harbour.test', 'https://office.harbour.test/login', 'https://user:pw@office.harbour.test', 'https://office.harbour.test/?x=1', 'office.harbour.test', 'https://']) {
      const refused = await saveSite(state.admin, bad);
      expect(refused.status, bad).toBe(422);
      expect(Object.keys(refused.body!.errors as object), bad).toEqual(['siteUrl']);
    }
    // Saved from a request naming another host: the typed address is kept, not the request's.
    const current = (await state.admin.get('/api/settings/mail')).body!.settings as Record<string, unknown>;
    const { passwordSet: _p, linksOpenAt: _l, ...rest } = current;
    const saved = await forged(server, state.admin, 'PUT', '/api/settings/mail', { ...rest, siteUrl: `${SITE}/` });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ siteUrl: SITE, linksOpenAt: { url: SITE, source: 'settings' } });
    const audit = await server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'mail_settings').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ siteUrl: { from: '', to: SITE } });

    // The reset e-mail asked for earlier is sent once retried, and one asked for now: both at the site's address.
    const failed = await server.db.selectFrom('jobs').select('id').where('kind', '=', 'passwordReset').execute();
    server.clock.advance(60 * 60_000);
    state.admin = await signedInAgent(server, DEMO.admin);
    const visitor = new TestAgent(server);
    await visitor.get('/api/csrf-cookie');
    expect((await forged(server, visitor, 'POST', '/api/forgot-password', { email: DEMO.worker.email })).status).toBe(200);
    // Settings → Customer reminders saved from the forged host: nothing of it is kept for links.
    const reminders = (await state.admin.get('/api/settings/reminders')).body!.settings as Record<string, unknown>;
    expect((await forged(server, state.admin, 'PUT', '/api/settings/reminders', reminders)).status).toBe(200);
    const quotation = await firstOf(server, 'quotations');
    expect((await forged(server, state.admin, 'POST', `/api/quotations/${quotation.id}/emails`, { to: 'customer@client.test', language: 'en', message: '' })).status).toBe(202);
    const invoice = await overdueInvoice(server);
    const reminder = await forged(server, state.admin, 'POST', '/api/reminders/overdue', { clientIds: [invoice.clientId] });
    expect(reminder.status).toBe(202);
    expect((await forged(server, state.admin, 'POST', `/api/clients/${invoice.clientId}/statement/emails`, { to: 'statement@client.test', language: 'en', message: '' })).status).toBe(202);
    // A job queued before this fix carried the sender's address in its payload: it is not used.
    const order = await firstOf(server, 'orders');
    const sent = await forged(server, state.admin, 'POST', `/api/orders/${order.id}/emails`, { to: 'accounts@client.test', language: 'en', message: '' });
    await server.db
      .updateTable('jobs')
      .set({ payload: sql`payload || ${JSON.stringify({ siteUrl: `https://${EVIL}` })}::jsonb` })
      .where('id', '=', (sent.body.send as { jobId: number }).jobId)
      .execute();

    const mails = await deliver();
    const resets = mails.filter((m) => /Reset your password/.test(m.subject ?? ''));
    expect(resets.length).toBeGreaterThanOrEqual(2);
    expect(failed.length).toBeGreaterThan(0);
    const linksOf = (pattern: RegExp) => mails.filter((m) => pattern.test(m.subject ?? '')).flatMap(linksIn);
    expect(linksOf(/Reset your password/).every((l) => l.startsWith(`${SITE}/reset-password/`))).toBe(true);
    expect(linksOf(new RegExp(quotation.number)).some((l) => l.startsWith(`${SITE}/d/`))).toBe(true);
    expect(linksOf(new RegExp(order.number)).some((l) => l.startsWith(`${SITE}/d/`))).toBe(true);
    const overdue = mails.filter((m) => m.to && !Array.isArray(m.to) && m.text?.includes(invoice.number));
    expect(overdue.flatMap(linksIn).some((l) => l.startsWith(`${SITE}/d/`))).toBe(true);
    expect(linksOf(/Statement of account/).some((l) => l.startsWith(`${SITE}/d/`))).toBe(true);
    expect(mails.length).toBeGreaterThanOrEqual(6);
    for (const mail of mails) {
      expect(wholeMessage(mail)).not.toContain(EVIL);
      expect(wholeMessage(mail)).not.toContain('localhost');
      for (const link of [...linksIn(mail), ...hrefsIn(mail)]) expect(link.startsWith(`${SITE}/`), link).toBe(true);
    }
    // The reset link works where it points.
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(resets.at(-1)!.text ?? '')![1]!;
    expect((await visitor.post('/api/reset-password', { token, password: 'Harbour-Reset-31', password_confirmation: 'Harbour-Reset-31' })).status).toBe(200);
  });
});

describe('a server listening on a loopback address (npm start on a laptop), with no site address set', () => {
  const { server, state, deliver } = setUp({ ...DEFAULT_SERVER_CONFIG, loopbackUrl: 'http://127.0.0.1:3000' });

  it('links open at its own address, never the request\'s', async () => {
    expect((await state.admin.get('/api/settings/mail')).body!.settings).toMatchObject({ linksOpenAt: { url: 'http://127.0.0.1:3000', source: 'loopback' } });
    const visitor = new TestAgent(server);
    await visitor.get('/api/csrf-cookie');
    await forged(server, visitor, 'POST', '/api/forgot-password', { email: DEMO.sales.email });
    const quotation = await firstOf(server, 'quotations');
    expect((await forged(server, state.admin, 'POST', `/api/quotations/${quotation.id}/emails`, { to: 'customer@client.test', language: 'en', message: '' })).status).toBe(202);
    const mails = await deliver();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(linksIn(mail).length).toBeGreaterThan(0);
      for (const link of linksIn(mail)) expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/(reset-password|d)\//);
      expect(wholeMessage(mail)).not.toContain(EVIL);
    }
  });
});

describe('a server given a listen address that is not a loopback one, and one given APP_URL', () => {
  const { server, state } = setUp({ ...DEFAULT_SERVER_CONFIG, loopbackUrl: 'http://192.168.1.20:3000' });
  const withAppUrl = setUp({ ...DEFAULT_SERVER_CONFIG, siteUrl: 'https://backoffice.harbour.test', loopbackUrl: 'http://127.0.0.1:3000' });

  it('the first refuses (its listen address reaches others); with APP_URL, APP_URL wins over Settings and the loopback address', async () => {
    expect((await state.admin.get('/api/settings/mail')).body!.settings).toMatchObject({ linksOpenAt: null });
    const quotation = await firstOf(server, 'quotations');
    expect((await forged(server, state.admin, 'POST', `/api/quotations/${quotation.id}/emails`, { to: 'customer@client.test', language: 'en', message: '' })).body).toMatchObject({ reason: 'siteUrlNotSet' });

    expect((await saveSite(withAppUrl.state.admin, SITE)).body!.settings).toMatchObject({ siteUrl: SITE, linksOpenAt: { url: 'https://backoffice.harbour.test', source: 'appUrl' } });
    const other = await firstOf(withAppUrl.server, 'quotations');
    expect((await forged(withAppUrl.server, withAppUrl.state.admin, 'POST', `/api/quotations/${other.id}/emails`, { to: 'customer@client.test', language: 'en', message: '' })).status).toBe(202);
    const [mail] = await withAppUrl.deliver();
    expect(linksIn(mail!)).toEqual([expect.stringMatching(/^https:\/\/backoffice\.harbour\.test\/d\//)]);
  });
});
