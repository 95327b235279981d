import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { Job, JobList, JobReply } from '../../contract/jobs';
import { DocumentSendReply, DocumentSends, MailSettingsReply } from '../../contract/mail';
import { QuotationPage } from '../../contract/sales';
import { documentOptionsFixture, quotationFixture } from '../support/sales';
import { wire } from '../support/wire';
import { renderSignedIn } from './render';

/** Settings → E-mail, Settings → Background jobs and "Send by e-mail" on a quotation, as an administrator sees them. */

beforeAll(async () => {
  await Promise.all([import('../../infrastructure/http/mail/HttpMailing'), import('../../infrastructure/http/wire'), import('../../application/sales/QuotationDesk')]);
});

type Answer = { status: number; body: unknown } | null;
const backend = (routes: (r: ApiRequest) => Answer) => (r: ApiRequest) => routes(r) ?? { status: 200, body: { auth: true } };

const SETTINGS = wire(MailSettingsReply, {
  settings: { host: 'smtp.harbour.test', port: 587, tlsMode: 'starttls', username: 'office', passwordSet: true, fromName: 'Harbour Pest', fromAddress: 'office@harbour.test', siteUrl: '', linksOpenAt: { url: 'http://127.0.0.1:3000', source: 'loopback' }, sendsPerHour: 200, version: 3 },
});

describe('Settings → E-mail', () => {
  it('shows that a password is set without showing it, checks the port, and saves without the password when none is typed', async () => {
    const { user, transport } = renderSignedIn({
      start: '/settings/mail',
      handler: backend((r) =>
        r.path === '/api/settings/mail' && r.method === 'GET' ? { status: 200, body: SETTINGS } : r.method === 'PUT' ? { status: 200, body: wire(MailSettingsReply, { settings: { ...SETTINGS.settings, version: 4 } }) } : null,
      ),
    });
    expect(await screen.findByLabelText('Host')).toHaveValue('smtp.harbour.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByText('A password is set. Leave empty to keep it.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Port'));
    await user.type(screen.getByLabelText('Port'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Port')).toHaveAccessibleDescription('Enter a port from 1 to 65535.');
    expect(transport.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Encryption'), 'tls');
    expect(screen.getByLabelText('Port')).toHaveValue('465');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The e-mail settings were saved.')).toBeInTheDocument();
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      host: 'smtp.harbour.test',
      port: 465,
      tlsMode: 'tls',
      username: 'office',
      fromName: 'Harbour Pest',
      fromAddress: 'office@harbour.test',
      siteUrl: '',
      sendsPerHour: 200,
      version: 3,
    });
  });

  it('takes the site address of the links in e-mails, checks it, and says where links open now', async () => {
    const saved = wire(MailSettingsReply, { settings: { ...SETTINGS.settings, siteUrl: 'https://office.harbour.test', linksOpenAt: { url: 'https://office.harbour.test', source: 'settings' }, version: 4 } });
    const { user, transport } = renderSignedIn({
      start: '/settings/mail',
      handler: backend((r) => (r.path === '/api/settings/mail' && r.method === 'GET' ? { status: 200, body: SETTINGS } : r.method === 'PUT' ? { status: 200, body: saved } : null)),
    });
    expect(await screen.findByText(/No site address is set: links in e-mails open at http:\/\/127\.0\.0\.1:3000, this server's own address/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Site address'), 'office.harbour.test/login');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Site address')).toHaveAccessibleDescription('Enter the site\'s address, e.g. https://office.example.hk (http or https, nothing after the host).');
    expect(transport.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    await user.clear(screen.getByLabelText('Site address'));
    await user.type(screen.getByLabelText('Site address'), 'https://office.harbour.test/');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Links in e-mails open at https://office.harbour.test.')).toBeInTheDocument();
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ siteUrl: 'https://office.harbour.test' });
  });

  it('sends a test e-mail and says why one failed', async () => {
    const { user } = renderSignedIn({
      start: '/settings/mail',
      handler: backend((r) =>
        r.path === '/api/settings/mail' ? { status: 200, body: SETTINGS } : r.path === '/api/settings/mail/test' ? { status: 422, body: { message: 'The e-mail could not be sent. The SMTP server refused the user name or password.', reason: 'mailFailed', details: { kind: 'authentication' } } } : null,
      ),
    });
    await user.type(await screen.findByLabelText('Send to'), 'ada@harbour.test');
    await user.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText('The e-mail could not be sent. The SMTP server refused the user name or password.')).toBeInTheDocument();
  });
});

describe('Settings → Background jobs', () => {
  const failed = wire(Job, {
    id: 7,
    kind: 'sendDocument',
    summary: 'QUO-2026-00012 → chan@client.test',
    status: 'failed',
    attempts: 5,
    maxAttempts: 5,
    runAt: '2026-11-23T09:10:00+08:00',
    lastError: 'mail.authentication',
    lockedBy: null,
    createdAt: '2026-11-23T09:00:00+08:00',
    finishedAt: '2026-11-23T09:20:00+08:00',
  });

  it('shows a failed job with its reason (the kind of a failed send, in words), and Retry queues it again', async () => {
    const { user, transport } = renderSignedIn({
      start: '/settings/jobs',
      handler: backend((r) =>
        r.path === '/api/jobs'
          ? { status: 200, body: wire(JobList, { items: [failed], total: 1, page: 1, perPage: 50, counts: { queued: 0, running: 0, done: 4, failed: 1 } }) }
          : r.path === '/api/jobs/7/retry'
            ? { status: 200, body: wire(JobReply, { job: { ...failed, status: 'queued', attempts: 0, finishedAt: null } }) }
            : null,
      ),
    });
    const row = await screen.findByRole('row', { name: /QUO-2026-00012/ });
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('The SMTP server refused the user name or password')).toBeInTheDocument();
    expect(screen.getByText('Queued 0 · Running 0 · Done 4 · Failed 1')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Retry 7' }));
    expect(await screen.findByText('Job 7 was queued again.')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /QUO-2026-00012/ })).getByText('Queued')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/jobs/7/retry']);
  });
});

describe('Send by e-mail on a quotation', () => {
  const quotation = quotationFixture({ id: 12, number: 'QUO-2026-00012' });
  const page = wire(QuotationPage, { quotation, tab: 'basic', options: documentOptionsFixture() });
  const sends = wire(DocumentSends, {
    sends: [
      { id: 2, recipient: 'wrong@client.test', language: 'en', message: 'Hi', status: 'failed', error: 'Recipient refused', attempts: 5, jobId: 8, createdAt: '2026-11-23T09:00:00+08:00', sentAt: null, byName: 'Ada Chan' },
      { id: 1, recipient: 'chan@client.test', language: 'both', message: 'Hi', status: 'sent', error: '', attempts: 1, jobId: 6, createdAt: '2026-11-22T09:00:00+08:00', sentAt: '2026-11-22T09:01:00+08:00', byName: 'Ada Chan' },
    ],
    contacts: [{ name: 'Chan Tai Man', email: 'chan@client.test' }],
    mailConfigured: true,
    clientLanguage: 'en',
  });

  it('shows the sends ("sent to … at …", failed with the reason) and queues a new one with the contact and the default message', async () => {
    const { user, transport } = renderSignedIn({
      start: '/quotations/basic/12',
      handler: backend((r) =>
        r.path === '/api/quotations/12'
          ? { status: 200, body: page }
          : r.path === '/api/quotations/12/emails' && r.method === 'GET'
            ? { status: 200, body: sends }
            : r.path === '/api/quotations/12/emails'
              ? { status: 202, body: wire(DocumentSendReply, { send: { ...sends.sends[1]!, id: 3, status: 'queued', sentAt: null, jobId: 9 } }) }
              : null,
      ),
    });
    expect(await screen.findByText(/^Sent to chan@client\.test at /)).toBeInTheDocument();
    expect(screen.getByText(/^Could not be sent to wrong@client\.test: Recipient refused/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send by e-mail' });
    expect(within(dialog).getByLabelText('To')).toHaveValue('chan@client.test');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Dear customer,\n\nPlease find attached our quotation QUO-2026-00012.\n\nThank you.');
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'both');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Message').value).toContain('附上我們的報價單 QUO-2026-00012，請查閱。');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The e-mail to chan@client.test is queued and will be sent in a moment.')).toBeInTheDocument();
    const posted = transport.requests.find((r) => r.method === 'POST' && r.path === '/api/quotations/12/emails');
    expect(posted?.body).toMatchObject({ to: 'chan@client.test', language: 'both' });
  });

  it("starts in the client's language of e-mails, whatever the interface's", async () => {
    const chinese = wire(DocumentSends, { ...sends, clientLanguage: 'zh-HK' });
    const { user } = renderSignedIn({
      start: '/quotations/basic/12',
      handler: backend((r) => (r.path === '/api/quotations/12' ? { status: 200, body: page } : r.path === '/api/quotations/12/emails' ? { status: 200, body: chinese } : null)),
    });
    await screen.findByText(/^Sent to chan@client\.test at /);
    await user.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send by e-mail' });
    expect(within(dialog).getByLabelText('Language')).toHaveValue('zh-HK');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('親愛的客戶：\n\n附上我們的報價單 QUO-2026-00012，請查閱。\n\n謝謝。');
  });
});
