import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { Client, ClientOptions, ClientPage, ClientReply } from '../../contract/clients';
import { Reminder, ReminderLog, ReminderSettingsReply } from '../../contract/reminders';
import { ADMIN } from '../support/fakes';
import { wire } from '../support/wire';
import { renderApp, renderSignedIn } from './render';

/** Settings → Customer reminders, its send log and the client form's opt-out, in both languages. */

beforeAll(async () => {
  await Promise.all([import('../../infrastructure/http/reminders/HttpCustomerReminders'), import('../../infrastructure/http/wire')]);
});

type Answer = { status: number; body: unknown } | null;
const backend = (routes: (r: ApiRequest) => Answer) => (r: ApiRequest) => routes(r) ?? { status: 200, body: { auth: true } };

const SETTINGS = wire(ReminderSettingsReply, {
  settings: { dayBeforeEnabled: false, overdueEnabled: true, overdueAfterDays: 7, overdueEveryDays: 7, overdueMaxCount: 3, sendTime: '09:00', version: 4 },
  mailConfigured: true,
  nextRunAt: '2026-11-24T01:00:00.000Z',
});

describe('Settings → Customer reminders', () => {
  it('shows the settings, checks the numbers before sending, and saves', async () => {
    const { user, transport } = renderSignedIn({
      start: '/settings/reminders',
      handler: backend((r) =>
        r.path === '/api/settings/reminders' && r.method === 'GET'
          ? { status: 200, body: SETTINGS }
          : r.method === 'PUT'
            ? { status: 200, body: wire(ReminderSettingsReply, { ...SETTINGS, settings: { ...SETTINGS.settings, dayBeforeEnabled: true, version: 5 } }) }
            : null,
      ),
    });
    const dayBefore = await screen.findByLabelText('Send a reminder the day before each visit');
    expect(dayBefore).not.toBeChecked();
    expect(screen.getByLabelText('Send reminders of overdue invoices')).toBeChecked();
    expect(screen.getByLabelText('Repeat every (days)')).toHaveValue('7');
    expect(screen.getByLabelText('Send time (Hong Kong time)')).toHaveValue('09:00');
    expect(screen.getByText(/^Next run:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the reminders sent' })).toHaveAttribute('href', '/settings/reminders/log');

    await user.clear(screen.getByLabelText('At most (reminders per invoice)'));
    await user.type(screen.getByLabelText('At most (reminders per invoice)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('At most (reminders per invoice)')).toHaveAccessibleDescription('Enter a whole number from 1 to 20.');
    expect(transport.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.clear(screen.getByLabelText('At most (reminders per invoice)'));
    await user.type(screen.getByLabelText('At most (reminders per invoice)'), '2');
    await user.click(dayBefore);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The reminder settings were saved.')).toBeInTheDocument();
    expect(transport.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/settings/reminders',
      body: { dayBeforeEnabled: true, overdueEnabled: true, overdueAfterDays: 7, overdueEveryDays: 7, overdueMaxCount: 2, sendTime: '09:00', version: 4 },
    });
  });

  it('says in Chinese that e-mail is not set up', async () => {
    renderApp({
      start: '/settings/reminders',
      user: ADMIN,
      language: 'zh-HK',
      handler: backend((r) => (r.path === '/api/settings/reminders' ? { status: 200, body: wire(ReminderSettingsReply, { ...SETTINGS, mailConfigured: false, nextRunAt: null }) } : null)),
    });
    expect(await screen.findByLabelText('每次上門服務前一天發送提示')).toBeInTheDocument();
    expect(screen.getByText(/尚未設定電郵，因此無法發送提示。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '設定電郵' })).toHaveAttribute('href', '/settings/mail');
    expect(screen.getByText('儲存設定後會排定下次執行。')).toBeInTheDocument();
  });
});

describe('the reminder send log', () => {
  const base = {
    createdAt: '2026-11-23T01:30:00.000Z',
    sentAt: null,
    client: { id: 7, code: 'C000007', nameEn: 'Chan Tai Man', nameZh: '陳大文' },
    appointmentId: null,
    visitDate: null,
    visitStart: null,
    visitEnd: null,
    allDay: false,
    address: '',
    invoices: [],
    manual: false,
    day: '2026-11-23',
  };
  const LOG = wire(ReminderLog, {
    items: [
      wire(Reminder, { ...base, id: 3, kind: 'dayBefore', recipient: 'chan@client.test', appointmentId: 12, visitDate: '2026-11-24', visitStart: '2026-11-24T02:00:00.000Z', visitEnd: '2026-11-24T04:00:00.000Z', address: '灣仔道 1 號', state: 'sent', reason: '', sentAt: '2026-11-23T01:31:00.000Z' }),
      wire(Reminder, { ...base, id: 2, kind: 'overdue', recipient: '', invoices: [{ id: 5, number: 'INV-2026-00005', dueDate: '2026-11-01', outstanding: 123_456 }], state: 'skipped', reason: 'noEmail' }),
      wire(Reminder, { ...base, id: 1, kind: 'overdue', recipient: 'chan@client.test', invoices: [{ id: 6, number: 'INV-2026-00006', dueDate: '2026-11-02', outstanding: 1_000 }], state: 'failed', reason: 'Invalid login', manual: true }),
    ],
    total: 3,
    page: 1,
    perPage: 50,
  });

  it('shows each reminder with its visit or invoices, its state and the reason, and filters by kind and state', async () => {
    const { user, navigator } = renderSignedIn({ start: '/settings/reminders/log', handler: backend((r) => (r.path === '/api/reminders' ? { status: 200, body: LOG } : null)) });
    const visit = await screen.findByRole('row', { name: /2026-11-24 10:00–12:00/ });
    expect(within(visit).getByText('Sent')).toBeInTheDocument();
    expect(within(visit).getByText('灣仔道 1 號')).toBeInTheDocument();
    const skipped = screen.getByRole('row', { name: /INV-2026-00005/ });
    expect(within(skipped).getByText('Skipped')).toBeInTheDocument();
    expect(within(skipped).getByText('The client has no e-mail address')).toBeInTheDocument();
    const failed = screen.getByRole('row', { name: /INV-2026-00006/ });
    expect(within(failed).getByText('Invalid login')).toBeInTheDocument();
    expect(within(failed).getByText('Overdue invoices (by hand)')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('State'), 'skipped');
    await waitFor(() => expect(navigator.current().search).toContain('state=skipped'));
  });

  it('speaks Chinese', async () => {
    renderApp({ start: '/settings/reminders/log', user: ADMIN, language: 'zh-HK', handler: backend((r) => (r.path === '/api/reminders' ? { status: 200, body: LOG } : null)) });
    const skipped = await screen.findByRole('row', { name: /INV-2026-00005/ });
    expect(within(skipped).getByText('已略過')).toBeInTheDocument();
    expect(within(skipped).getByText('客戶沒有電郵地址')).toBeInTheDocument();
  });
});

describe('the client form’s reminders opt-out', () => {
  const OPTIONS = ClientOptions.parse({ areas: [], branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司', companyId: 1 }], companies: [{ id: 1, nameEn: 'Harbour Pest', nameZh: '海港除蟲' }], sources: [] });
  const CLIENT = Client.parse({
    id: 7,
    code: 'C000007',
    nameEn: 'Chan Tai Man',
    nameZh: '陳大文',
    hkidMasked: null,
    tags: [],
    companyId: 1,
    branchId: 1,
    notes: '',
    source: null,
    remindersOptOut: false,
    mailLanguage: 'both',
    version: 3,
    contacts: [{ name: '陳大文', title: '', phones: ['91234567'], email: 'chan@client.test', isPrimary: true, isAccounts: false }],
    addresses: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
  });
  const clientBackend = (r: ApiRequest): Answer =>
    r.path === '/api/clients/7' && r.method === 'GET'
      ? { status: 200, body: ClientPage.parse({ client: CLIENT, tab: 'basic', options: OPTIONS, canRevealHkid: false, attachments: [] }) }
      : r.method === 'PUT'
        ? { status: 200, body: ClientReply.parse({ client: { ...CLIENT, remindersOptOut: true, version: 4 } }) }
        : null;

  it('is a checkbox on the client form, sent with the client', async () => {
    const { user, transport } = renderSignedIn({ start: '/clients/basic/7', handler: backend(clientBackend) });
    const optOut = await screen.findByLabelText('No reminders to this client');
    expect(optOut).not.toBeChecked();
    await user.click(optOut);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/saved/i);
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ remindersOptOut: true, version: 3 });
    expect(screen.getByLabelText('No reminders to this client')).toBeChecked();
  });

  it('speaks Chinese', async () => {
    renderApp({ start: '/clients/basic/7', user: ADMIN, language: 'zh-HK', handler: backend(clientBackend) });
    expect(await screen.findByLabelText('不向此客戶發送提示')).not.toBeChecked();
  });
});
