import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { CurrentUser } from '../../application/session/CurrentUser';
import { Client, ClientList, ClientListItem, ClientOptions, ClientPage, ClientReply, HkidReply, NewClientPage } from '../../contract/clients';
import { ADMIN } from '../support/fakes';
import { renderApp, renderSignedIn } from './render';

/* The fixtures are made through the wire contract (contract/clients.ts), so they cannot drift from the server. */
const OPTIONS = ClientOptions.parse({
  areas: [
    { id: 2, nameEn: 'Wan Chai', nameZh: '灣仔區', region: 'hk_island' },
    { id: 16, nameEn: 'Sha Tin', nameZh: '沙田區', region: 'new_territories' },
  ],
  branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司', companyId: 1 }],
  companies: [{ id: 1, nameEn: 'Harbour Pest', nameZh: '海港除蟲' }],
  sources: [],
});

const CLIENT = Client.parse({
  id: 7,
  code: 'C000007',
  nameEn: 'Chan Tai Man',
  nameZh: '陳大文',
  hkidMasked: 'A123***(*)',
  tags: ['VIP'],
  companyId: 1,
  branchId: 1,
  notes: '',
  version: 3,
  contacts: [{ name: '陳大文', title: '', phones: ['91234567'], email: '', isPrimary: true, isAccounts: false }],
  addresses: [{ label: '', address: '灣仔道 1 號', areaId: 2 }],
  source: null,
  remindersOptOut: false,
  mailLanguage: 'both',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
});

/** A row of the client list as the server sends it (no branch; updated at a fixed time). */
const listItem = (fields: Omit<z.input<typeof ClientListItem>, 'branch' | 'updatedAt'>) => ClientListItem.parse({ branch: null, updatedAt: '2026-11-02T10:00:00.000Z', ...fields });

function backend(extra: (r: ApiRequest) => { status: number; body: unknown } | null = () => null) {
  return (r: ApiRequest) => {
    const answer = extra(r);
    if (answer) return answer;
    if (r.path === '/api/clients/create') return { status: 200, body: NewClientPage.parse({ options: OPTIONS, defaults: { companyId: 1, branchId: 1 } }) };
    if (r.path === '/api/clients/7' && r.method === 'GET') return { status: 200, body: ClientPage.parse({ client: CLIENT, tab: 'basic', options: OPTIONS, canRevealHkid: true, attachments: [] }) };
    if (r.path === '/api/clients' && r.method === 'GET')
      return {
        status: 200,
        body: ClientList.parse({
          items: [listItem({ id: 7, code: 'C000007', nameEn: 'Chan Tai Man', nameZh: '陳大文', tags: ['VIP'], primaryContact: { name: '陳大文', phones: ['91234567'] }, area: { nameEn: 'Wan Chai', nameZh: '灣仔區' } })],
          total: 41,
          page: 1,
          perPage: 20,
          filters: { ...OPTIONS, tags: ['VIP'] },
        }),
      };
    return { status: 200, body: { auth: true } };
  };
}

describe('client list', () => {
  it('lists clients and puts the search in the address, so the server filters and pages', async () => {
    const user = userEvent.setup();
    const { navigator, transport } = renderApp({ start: '/clients', user: ADMIN, language: 'zh-HK', handler: backend() });
    const row = await screen.findByRole('row', { name: /陳大文/ });
    expect(row).toHaveTextContent('91234567');
    expect(row).toHaveTextContent('灣仔區');
    expect(screen.getByText('第 1–20 項，共 41 項')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: '搜尋' }), '陳');
    await user.selectOptions(screen.getByLabelText('地區'), '2');
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    await waitFor(() => expect(navigator.url).toBe('/clients?q=%E9%99%B3&area_id=2'));
    await waitFor(() => expect(transport.requests.at(-1)).toMatchObject({ path: '/api/clients', query: { q: '陳', area_id: '2' } }));
    await user.click(await screen.findByRole('link', { name: '下一頁' }));
    await waitFor(() => expect(navigator.url).toBe('/clients?q=%E9%99%B3&area_id=2&page=2'));
  });
});

describe('client list order', () => {
  it('applies a chosen order at once, in the address and the server’s query, keeping the search', async () => {
    const user = userEvent.setup();
    const { navigator, transport } = renderApp({ start: '/clients?q=%E9%99%B3&page=3', user: ADMIN, language: 'en', handler: backend() });
    await screen.findByRole('row', { name: /陳大文/ });
    const order = screen.getByLabelText('Sort by');
    expect(order).toHaveDisplayValue('Newest first');
    await user.selectOptions(order, 'Name (Z to A)');
    await waitFor(() => expect(navigator.url).toBe('/clients?q=%E9%99%B3&sort=-name'));
    await waitFor(() => expect(transport.requests.at(-1)).toMatchObject({ path: '/api/clients', query: { q: '陳', sort: '-name' } }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest first');
    await waitFor(() => expect(navigator.url).toBe('/clients?q=%E9%99%B3'));
  });
});

describe('client form', () => {
  it('shows every problem at once without calling the server', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/clients/basic/create', user: ADMIN, language: 'en', handler: backend() });
    await user.type(await screen.findByLabelText('HKID'), 'A123456(4)');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Chinese name')).toHaveAccessibleDescription('Enter the English or the Chinese name.');
    expect(screen.getByLabelText('English name')).toHaveAccessibleDescription('Enter the English or the Chinese name.');
    expect(screen.getByLabelText('HKID')).toHaveAccessibleDescription("This HKID's check digit is wrong. Check the number again.");
    expect(within(screen.getByRole('group', { name: 'Contact 1' })).getByLabelText('Name')).toHaveAccessibleDescription("Enter the contact's name.");
    expect(within(screen.getByRole('group', { name: 'Address 1' })).getByLabelText('Address')).toHaveAccessibleDescription('Enter the address.');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('creates a client with a Chinese name and a contact, then opens it', async () => {
    const { user, transport, navigator } = renderSignedIn({
      start: '/clients/basic/create',
      language: 'zh-HK',
      handler: backend((r) => (r.method === 'POST' && r.path === '/api/clients' ? { status: 201, body: ClientReply.parse({ client: CLIENT }) } : null)),
    });
    await user.type(await screen.findByLabelText('中文名稱'), '陳大文');
    await user.click(screen.getByRole('button', { name: '新增聯絡人' }));
    const contact = screen.getByRole('group', { name: '聯絡人 1' });
    await user.type(within(contact).getByLabelText('姓名'), '陳大文');
    await user.type(within(contact).getByLabelText('電話'), '9123 4567, 2345 6789');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(navigator.current().path).toBe('/clients/basic/7'));
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toEqual({
      nameZh: '陳大文',
      nameEn: '',
      hkid: '',
      tags: [],
      companyId: null,
      branchId: 1,
      source: null,
      notes: '',
      remindersOptOut: false,
      mailLanguage: 'both',
      contacts: [{ name: '陳大文', title: '', phones: ['9123 4567', '2345 6789'], email: '', isPrimary: true, isAccounts: false }],
      addresses: [],
    });
  });

  it('marks one contact for accounts and sets the language of the client\'s e-mails', async () => {
    const saved = ClientReply.parse({ client: { ...CLIENT, version: 4, mailLanguage: 'en', contacts: [{ ...CLIENT.contacts[0]!, isAccounts: false }, { name: 'Mandy', title: '', phones: [], email: 'accounts@chan.test', isPrimary: false, isAccounts: true }] } });
    const { user, transport } = renderSignedIn({
      start: '/clients/basic/7',
      handler: backend((r) => (r.method === 'PUT' ? { status: 200, body: saved } : null)),
    });
    const language = await screen.findByLabelText('Language of e-mails');
    expect(language).toHaveValue('both');
    await user.selectOptions(language, 'en');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const second = screen.getByRole('group', { name: 'Contact 2' });
    await user.type(within(second).getByLabelText('Name'), 'Mandy');
    await user.type(within(second).getByLabelText('Email'), 'accounts@chan.test');
    const first = screen.getByRole('group', { name: 'Contact 1' });
    const accounts = 'For accounts (invoices, statements, payment reminders)';
    await user.click(within(first).getByLabelText(accounts));
    // One contact for accounts: marking another moves the mark.
    await user.click(within(second).getByLabelText(accounts));
    expect(within(first).getByLabelText(accounts)).not.toBeChecked();
    expect(within(second).getByLabelText(accounts)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(transport.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      mailLanguage: 'en',
      contacts: [
        { name: '陳大文', isPrimary: true, isAccounts: false },
        { name: 'Mandy', email: 'accounts@chan.test', isPrimary: false, isAccounts: true },
      ],
    });
    expect(await screen.findByLabelText('Language of e-mails')).toHaveValue('en');
  });

  it('keeps the input on a stale save (409), says so, and offers to load the latest version', async () => {
    const user = userEvent.setup();
    const conflict = 'Someone else changed this record while you were editing. Your changes are kept; review them and save again.';
    const { transport } = renderSignedIn({
      start: '/clients/basic/7',
      handler: backend((r) => (r.method === 'PUT' ? { status: 409, body: { message: conflict } } : null)),
    });
    const notes = await screen.findByLabelText('Notes');
    await user.type(notes, 'Gate code 1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('Gate code 1234');
    // The old version and the client's company (not on the form) as they were
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ version: 3, notes: 'Gate code 1234', companyId: 1 });
    await user.click(screen.getByRole('button', { name: 'Load the latest version (your changes will be discarded)' }));
    await waitFor(() => expect(transport.requests.filter((r) => r.method === 'GET' && r.path === '/api/clients/7')).toHaveLength(2));
  });

  it('checks phone numbers by the Hong Kong rule before sending: local, +852, mainland and overseas ones pass', async () => {
    const { user, transport } = renderSignedIn({
      start: '/clients/basic/create',
      language: 'zh-HK',
      handler: backend((r) => (r.method === 'POST' && r.path === '/api/clients' ? { status: 201, body: ClientReply.parse({ client: CLIENT }) } : null)),
    });
    await user.type(await screen.findByLabelText('中文名稱'), '張先生');
    await user.click(screen.getByRole('button', { name: '新增聯絡人' }));
    const phones = within(screen.getByRole('group', { name: '聯絡人 1' })).getByLabelText('電話');
    await user.type(within(screen.getByRole('group', { name: '聯絡人 1' })).getByLabelText('姓名'), '張先生');
    await user.type(phones, '9123 4567, 1234 5678');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(phones).toHaveAccessibleDescription('請輸入 8 位數字的香港電話號碼（例如 9123 4567），或連國家／地區代碼的內地或海外號碼（例如 +86 138 0013 8000）；多個號碼請以逗號分隔。');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(phones);
    await user.type(phones, '9123 4567, +852 2345-6789, +86 138 0013 8000, +1 415 555 0100');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(transport.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ contacts: [{ phones: ['9123 4567', '+852 2345-6789', '+86 138 0013 8000', '+1 415 555 0100'] }] });
  });

  it('shows the server’s phone message under the contact’s phones', async () => {
    const user = userEvent.setup();
    const message = 'Enter a Hong Kong number of 8 digits (e.g. 9123 4567), or a mainland or overseas number with its country code (e.g. +86 138 0013 8000).';
    renderSignedIn({
      start: '/clients/basic/7',
      handler: backend((r) => (r.method === 'PUT' ? { status: 422, body: { message, errors: { 'contacts.0.phones.0': [message] } } } : null)),
    });
    await user.type(await screen.findByLabelText('Notes'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Contact 1' })).getByLabelText('Phones')).toHaveAccessibleDescription(message));
    expect(screen.queryByRole('button', { name: 'Load the latest version (your changes will be discarded)' })).not.toBeInTheDocument();
  });

  it('shows the HKID masked and reveals it only on request', async () => {
    const { user, transport } = renderSignedIn({
      start: '/clients/basic/7',
      handler: backend((r) => (r.path === '/api/clients/7/hkid/reveal' ? { status: 200, body: HkidReply.parse({ hkid: 'A123456(3)' }) } : null)),
    });
    expect(await screen.findByText('A123***(*)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show full HKID' }));
    expect(await screen.findByText('A123456(3)')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.path === '/api/clients/7/hkid/reveal')).toHaveLength(1);
  });

  it('is read-only, without delete, for a user who may only view clients', async () => {
    renderApp({ start: '/clients/basic/7', user: { ...ADMIN, isAdmin: false, role: { id: 3, name: 'worker', permissions: ['client_view'] } }, language: 'en', handler: backend() });
    expect(await screen.findByLabelText('Chinese name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete client' })).not.toBeInTheDocument();
  });
});

describe('the client’s appointment tab', () => {
  it('shows each appointment’s next or last visit with that visit’s status, in the interface language', async () => {
    const appointments = [
      { id: 61, date: '2026-12-07', status: 'in_progress', shownStatus: 'in_progress', upcoming: true, startTime: '14:00', allDay: false, recurrence: 'weekly', address: '灣仔道 1 號', workers: ['Wing Wong 黃永'] },
      { id: 62, date: '2026-10-05', status: 'canceled', shownStatus: 'canceled', upcoming: false, startTime: '10:00', allDay: false, recurrence: 'once', address: '灣仔道 1 號', workers: ['Sam Lee'] },
      { id: 63, date: '2026-09-14', status: 'audited', shownStatus: 'audited', upcoming: false, startTime: null, allDay: true, recurrence: 'once', address: '灣仔道 1 號', workers: [] },
    ];
    renderSignedIn({
      start: '/clients/appointment/7',
      language: 'zh-HK',
      handler: backend((r) => (r.path === '/api/clients/7' && r.method === 'GET' ? { status: 200, body: ClientPage.parse({ client: CLIENT, tab: 'appointment', options: OPTIONS, canRevealHkid: true, appointments }) } : null)),
    });
    const table = await screen.findByRole('table', { name: '客戶的預約' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['到訪', '狀態', '重複', '地址', '工作人員']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['進行中', '已取消', '已審核']);
    expect(within(rows[0]!).getByRole('link', { name: /2026-12-07/ })).toHaveAttribute('href', '/calendar/appointment/61?date=2026-12-07');
  });
});

describe('the client’s statement tab', () => {
  const statement = {
    from: '2026-10-01',
    to: '2026-10-31',
    opening: 600_00,
    entries: [
      { kind: 'receipt', id: 5, number: 'R-5', date: '2026-10-05', invoiceNumber: 'INV-2', debit: 0, credit: 300_00, balance: 300_00 },
      { kind: 'invoice', id: 3, number: 'INV-3', date: '2026-10-10', invoiceNumber: null, debit: 200_00, credit: 0, balance: 500_00 },
    ],
    closing: 500_00,
    open: [{ id: 1, number: 'INV-1', date: '2026-08-01', dueDate: '2026-08-31', total: 400_00, outstanding: 300_00, daysOverdue: 61, bucket: 'days61to90' }, { id: 3, number: 'INV-3', date: '2026-10-10', dueDate: '2026-11-09', total: 200_00, outstanding: 200_00, daysOverdue: -9, bucket: 'notDue' }],
    ageing: { notDue: 200_00, days1to30: 0, days31to60: 0, days61to90: 300_00, over90: 0 },
  };
  const page = ClientPage.parse({ client: CLIENT, tab: 'statement', options: OPTIONS, canRevealHkid: true, statement });

  it('shows the balances, each line with the balance after it, and what is owed by age', async () => {
    renderSignedIn({ start: '/clients/statement/7', language: 'en', handler: backend((r) => (r.path === '/api/clients/7' && r.method === 'GET' ? { status: 200, body: page } : null)) });
    expect(await screen.findByRole('heading', { name: 'Statement of account' })).toBeVisible();
    expect(screen.getByText('Opening balance').nextElementSibling).toHaveTextContent('600.00');
    expect(screen.getByText('Closing balance').nextElementSibling).toHaveTextContent('500.00');
    const lines = screen.getByRole('table', { name: 'Invoices, receipts and refunds' });
    expect(within(lines).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['2026-10-05', 'Receipt', 'R-5', 'INV-2', '', 'HK$300.00', 'HK$300.00'],
      ['2026-10-10', 'Invoice', 'INV-3', '', 'HK$200.00', '', 'HK$500.00'],
    ]);
    // What is not yet due has a column of its own, apart from 1–30 days overdue (issue 31, item 23).
    const ageing = screen.getByRole('table', { name: 'Amount owed by age' });
    expect(within(ageing).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Not yet due', '1–30 days overdue', '31–60 days overdue', '61–90 days overdue', 'Over 90 days overdue']);
    expect(within(ageing).getAllByRole('cell').map((c) => c.textContent)).toEqual(['HK$200.00', 'HK$0.00', 'HK$0.00', 'HK$300.00', 'HK$0.00']);
    const open = screen.getByRole('table', { name: 'Invoices still owed' });
    expect(within(open).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual(['61', 'Not yet due']);
    expect(within(open).getByRole('link', { name: 'INV-1' })).toHaveAttribute('href', '/orders/order/invoice/1');
  });

  it('says a period that runs backwards is wrong without asking the server, and asks it for a good one', async () => {
    const { user, transport } = renderSignedIn({ start: '/clients/statement/7', language: 'zh-HK', handler: backend((r) => (r.path === '/api/clients/7' && r.method === 'GET' ? { status: 200, body: page } : null)) });
    const from = await screen.findByLabelText('由');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    const asked = transport.requests.length;
    await user.click(screen.getByRole('button', { name: '顯示' }));
    expect(await screen.findByText('開始日期不可遲於結束日期。')).toBeVisible();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(transport.requests.length).toBe(asked);
    await user.clear(from);
    await user.type(from, '2026-09-01');
    await user.click(screen.getByRole('button', { name: '顯示' }));
    await waitFor(() => expect(transport.requests.at(-1)).toMatchObject({ path: '/api/clients/7', query: { tab: 'statement', from: '2026-09-01', to: '2026-10-31' } }));
  });

  it('is not offered to a user without the right to see invoices, nor are the quotations and invoices; their addresses are refused (issue 31 item 21)', async () => {
    const viewer = { ...ADMIN, isAdmin: false, role: { id: 3, name: 'front desk', permissions: ['client_view' as const] } };
    const { unmount } = renderApp({ start: '/clients/basic/7', user: viewer, language: 'en', handler: backend() });
    const tabs = await screen.findByRole('navigation', { name: 'Client sections' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Details', 'Appointments', 'Attachments']);
    unmount();
    for (const tab of ['statement', 'order', 'quotation']) {
      const { transport, unmount: leave } = renderApp({ start: `/clients/${tab}/7`, user: viewer, language: 'en', handler: backend() });
      expect(await screen.findByText('You do not have permission to open this page. Ask an administrator if you need access.')).toBeVisible();
      expect(transport.requests.filter((r) => r.path === '/api/clients/7')).toEqual([]);
      leave();
    }
  });
});

describe('the client source (Settings → Options)', () => {
  const SOURCES = [
    { value: 'referral', nameEn: 'Referral', nameZh: '轉介' },
    { value: 'website', nameEn: 'Website', nameZh: '網站' },
  ];
  const withSources = { ...OPTIONS, sources: SOURCES };

  it('offers the active sources in the interface language and sends the one chosen', async () => {
    const { user, transport } = renderSignedIn({
      start: '/clients/basic/create',
      language: 'zh-HK',
      handler: backend((r) => {
        if (r.path === '/api/clients/create') return { status: 200, body: NewClientPage.parse({ options: withSources, defaults: { companyId: 1, branchId: 1 } }) };
        return r.method === 'POST' && r.path === '/api/clients' ? { status: 201, body: ClientReply.parse({ client: { ...CLIENT, source: SOURCES[1] } }) } : null;
      }),
    });
    const source = await screen.findByLabelText('客戶來源');
    expect(within(source).getAllByRole('option').map((o) => o.textContent)).toEqual(['不詳', '轉介', '網站']);
    await user.type(screen.getByLabelText('中文名稱'), '陳大文');
    await user.selectOptions(source, '網站');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(transport.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ nameZh: '陳大文', source: 'website' }));
  });

  it('shows a client’s source, even one no longer active, and the server’s message under the field', async () => {
    const user = userEvent.setup();
    const refused = 'Choose one of the client sources in the list.';
    const { transport } = renderSignedIn({
      start: '/clients/basic/7',
      handler: backend((r) => {
        if (r.path === '/api/clients/7' && r.method === 'GET') return { status: 200, body: ClientPage.parse({ client: { ...CLIENT, source: { value: 'phone', nameEn: 'Phone enquiry', nameZh: '電話查詢' } }, tab: 'basic', options: withSources, canRevealHkid: false, attachments: [] }) };
        return r.method === 'PUT' ? { status: 422, body: { message: refused, errors: { source: [refused] } } } : null;
      }),
    });
    const source = await screen.findByLabelText('Client source');
    expect(source).toHaveDisplayValue('Phone enquiry');
    await user.selectOptions(source, 'Referral');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(refused)).not.toHaveLength(0);
    expect(screen.getByLabelText('Client source')).toHaveAccessibleDescription(expect.stringContaining(refused));
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ source: 'referral', version: 3 });
  });

  it('filters the list by source through the address', async () => {
    const { user, navigator, transport } = renderSignedIn({
      start: '/clients',
      handler: backend((r) =>
        r.path === '/api/clients' && r.method === 'GET'
          ? { status: 200, body: ClientList.parse({ items: [], total: 0, page: 1, perPage: 20, filters: { ...withSources, sources: [...SOURCES, { value: 'phone', nameEn: 'Phone enquiry', nameZh: '電話查詢' }], tags: [] } }) }
          : null,
      ),
    });
    const filter = await screen.findByLabelText('Client source');
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['All sources', 'Referral', 'Website', 'Phone enquiry']);
    await user.selectOptions(filter, 'Phone enquiry');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(navigator.url).toBe('/clients?source=phone'));
    await waitFor(() => expect(transport.requests.at(-1)).toMatchObject({ path: '/api/clients', query: { source: 'phone' } }));
  });
});

describe('deleting a client', () => {
  const deletes = (requests: readonly ApiRequest[]) => requests.filter((r) => r.method === 'DELETE');

  it('asks first; cancelling keeps the client and sends nothing', async () => {
    const user = userEvent.setup();
    const { transport, navigator } = renderApp({ start: '/clients/basic/7', user: ADMIN, language: 'en', handler: backend() });
    await user.click(await screen.findByRole('button', { name: 'Delete client' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 陳大文 · Chan Tai Man?' });
    expect(dialog).toHaveTextContent('陳大文 · Chan Tai Man will be deleted. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes(transport.requests)).toEqual([]);
    expect(navigator.current().path).toBe('/clients/basic/7');
    expect(screen.getByLabelText('Chinese name')).toHaveValue('陳大文');
  });

  it('on confirming, shows the server’s refusal for a client with orders, and stays on the client', async () => {
    const user = userEvent.setup();
    const refusal = '此客戶有發票或其他記錄，不能刪除。';
    const { transport, navigator } = renderSignedIn({
      start: '/clients/basic/7',
      language: 'zh-HK',
      handler: backend((r) => (r.method === 'DELETE' && r.path === '/api/clients/7' ? { status: 422, body: { message: refusal } } : null)),
    });
    await user.click(await screen.findByRole('button', { name: '刪除客戶' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: '刪除陳大文 · Chan Tai Man？' })).getByRole('button', { name: '刪除' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(deletes(transport.requests)).toEqual([expect.objectContaining({ path: '/api/clients/7' })]);
    expect(navigator.current().path).toBe('/clients/basic/7');
    expect(screen.getByLabelText('中文名稱')).toHaveValue('陳大文');
  });

  it('on confirming a client without records, deletes it and returns to the list with a notice', async () => {
    const { user, navigator } = renderSignedIn({
      start: '/clients/basic/7',
      handler: backend((r) => (r.method === 'DELETE' && r.path === '/api/clients/7' ? { status: 204, body: null } : null)),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete client' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(navigator.current().path).toBe('/clients'));
    expect(await screen.findByText('The client has been deleted.')).toBeInTheDocument();
  });
});

describe('a client form when the session expires', () => {
  it('keeps what was typed, but never the HKID, and offers it back after signing in again', async () => {
    const user = userEvent.setup();
    const expired = (r: ApiRequest) => (r.method === 'POST' && r.path === '/api/clients' ? { status: 401, body: { message: 'Your session has expired, please log in again.', session_expired: true } } : null);
    const { navigator, drafts, services } = renderApp({ start: '/clients/basic/create', user: ADMIN, language: 'en', handler: backend(expired) });
    await user.type(await screen.findByLabelText('Chinese name'), '黃大仙');
    await user.type(screen.getByLabelText('HKID'), 'A123456(3)');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.type(within(screen.getByRole('group', { name: 'Contact 1' })).getByLabelText('Name'), '黃太');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigator.url).toBe('/login?session_expired=1'));
    const kept = drafts.map.get('draft:client:new') ?? '';
    expect(kept).toContain('黃大仙');
    expect(kept).not.toContain('123456');

    // Signed in again as the same user, back on the form
    act(() => {
      services.get(CurrentUser).set(ADMIN);
      navigator.push('/clients/basic/create');
    });
    expect(await screen.findByText('Your session expired while you were editing this client. Restore what you had typed (the HKID is never kept)?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('Chinese name')).toHaveValue('黃大仙');
    expect(within(screen.getByRole('group', { name: 'Contact 1' })).getByLabelText('Name')).toHaveValue('黃太');
    expect(screen.getByLabelText('HKID')).toHaveValue('');
  });
});

describe('attachments', () => {
  it('refuses a file over 5 MB before sending it, with the spec’s message', async () => {
    const { user, transport } = renderSignedIn({
      start: '/clients/attachment/7',
      handler: backend(),
    });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText('Attach a file'), big);
    expect(await screen.findByText('Error! File Size is over limit 5MB. Please upload again.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('a client whose name is HTML', () => {
  const HOSTILE = { nameEn: '<img src=x onerror=alert(1)>', nameZh: '<script>alert("x")</script>', tags: ['<b>VIP</b>'] };
  const hostileBackend = backend((r) => {
    if (r.path === '/api/clients' && r.method === 'GET')
      return {
        status: 200,
        body: ClientList.parse({
          items: [listItem({ id: 7, code: 'C000007', ...HOSTILE, primaryContact: { name: '"><svg onload=alert(1)>', phones: ['91234567'] }, area: { nameEn: 'Wan Chai', nameZh: '灣仔區' } })],
          total: 1,
          page: 1,
          perPage: 20,
          filters: { ...OPTIONS, tags: HOSTILE.tags },
        }),
      };
    if (r.path === '/api/clients/7' && r.method === 'GET') return { status: 200, body: ClientPage.parse({ client: { ...CLIENT, ...HOSTILE }, tab: 'basic', options: OPTIONS, canRevealHkid: true, attachments: [] }) };
    return null;
  });
  /** Nothing of the names became an element: no image, script or SVG, no bold tag. */
  const noMarkupFromData = () => {
    expect(document.querySelector('img[src="x"], img[onerror], script, svg[onload], b')).toBeNull();
  };

  it('shows it as literal text in the client list, never as an element', async () => {
    renderApp({ start: '/clients', user: ADMIN, language: 'en', handler: hostileBackend });
    const row = await screen.findByRole('row', { name: /<img src=x onerror=alert\(1\)>/ });
    expect(row).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(row).toHaveTextContent('<script>alert("x")</script>');
    expect(row).toHaveTextContent('"><svg onload=alert(1)>');
    noMarkupFromData();
  });

  it('shows it as literal text on the client’s page: its heading and its fields', async () => {
    renderApp({ start: '/clients/basic/7', user: ADMIN, language: 'en', handler: hostileBackend });
    expect(await screen.findByLabelText('English name')).toHaveValue('<img src=x onerror=alert(1)>');
    expect(screen.getByLabelText('Chinese name')).toHaveValue('<script>alert("x")</script>');
    // The heading names the client with both names, as text.
    expect(screen.getByText('<script>alert("x")</script> · <img src=x onerror=alert(1)>')).toBeInTheDocument();
    noMarkupFromData();
  });
});
