import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { Client, ClientOptions, ClientPage } from '../../contract/clients';
import { SendOverdueReply } from '../../contract/reminders';
import { SendStatementsReply, StatementPrintReply, StatementSendReply, StatementSends } from '../../contract/statements';
import { documentOptionsFixture } from '../support/sales';
import { wire } from '../support/wire';
import { renderSignedIn } from './render';

/*
 * Statements of account beyond the screen, as an administrator sees them: on the Statement tab,
 * "Download statement PDF", the print view (the same document model as the PDF) and "Send statement
 * by e-mail" with the send log; on the outstanding reminders, the clients of the invoices listed to
 * choose (a checkbox each, "Select all") and "Send statements" with each client's outcome. Fixtures
 * are made through the wire contract.
 */

beforeAll(async () => {
  // Loaded lazily by the screens: transformed once here, so the first test is not held up on a busy machine.
  await Promise.all([
    import('../../infrastructure/http/statements/HttpStatementDesk'),
    import('../../infrastructure/http/wire'),
    import('../../presentation/screens/clients/ClientScreen'),
    import('../../presentation/screens/sales/OrdersListScreen'),
    import('../../presentation/screens/sales/PrintPreview'),
  ]);
});

type Answer = { status: number; body: unknown };
const OK = (body: unknown): Answer => ({ status: 200, body });

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
  version: 3,
  contacts: [{ name: 'Accounts', title: '', phones: [], email: 'accounts@chan.test', isPrimary: true, isAccounts: false }],
  addresses: [{ label: '', address: '灣仔道 1 號', areaId: null }],
  source: null,
  remindersOptOut: false,
  mailLanguage: 'both',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
});
const STATEMENT = {
  from: '2026-10-01',
  to: '2026-10-31',
  opening: 600_00,
  entries: [{ kind: 'invoice' as const, id: 3, number: 'INV-3', date: '2026-10-10', invoiceNumber: null, debit: 200_00, credit: 0, balance: 800_00 }],
  closing: 800_00,
  open: [{ id: 3, number: 'INV-3', date: '2026-10-10', dueDate: '2026-11-09', total: 200_00, outstanding: 200_00, daysOverdue: -9, bucket: 'notDue' as const }],
  ageing: { notDue: 200_00, days1to30: 0, days31to60: 0, days61to90: 0, over90: 600_00 },
};
const PAGE = ClientPage.parse({ client: CLIENT, tab: 'statement', options: OPTIONS, canRevealHkid: true, statement: STATEMENT });
const PRINT = wire(StatementPrintReply, {
  print: {
    clientId: 7,
    clientCode: 'C000007',
    client: { nameEn: 'Chan Tai Man', nameZh: '陳大文', address: '灣仔道 1 號', contact: null },
    letterhead: {
      nameEn: 'Harbour Pest',
      nameZh: '海港除蟲',
      addressEn: '',
      addressZh: '',
      branchAddress: '',
      phone: '',
      fax: '',
      website: '',
      email: '',
      brNumber: '',
      logoUrl: null,
      chopUrl: null,
      payment: { fps: { type: 'fpsId', value: '1234567' }, bankName: 'HSBC', accountName: 'Harbour Pest', accountNumber: '123-456' },
    },
    statement: STATEMENT,
    fpsQrUrl: null,
  },
});
const SEND = {
  id: 1,
  recipient: 'accounts@chan.test',
  language: 'en',
  message: 'Hello',
  status: 'sent',
  error: '',
  attempts: 1,
  jobId: 9,
  createdAt: '2026-11-20T02:00:00.000Z',
  sentAt: '2026-11-20T02:00:05.000Z',
  byName: 'Ada',
  period: { from: '2026-09-01', to: '2026-10-31' },
} as const;

function statementBackend(r: ApiRequest): Answer | null {
  if (r.path === '/api/clients/7' && r.method === 'GET') return OK(PAGE);
  if (r.path === '/api/clients/7/statement/print') return OK(PRINT);
  if (r.path === '/api/clients/7/statement/emails' && r.method === 'GET') return OK(wire(StatementSends, { sends: [SEND], contacts: [{ name: 'Accounts', email: 'accounts@chan.test' }], mailConfigured: true, clientLanguage: 'zh-HK' }));
  if (r.path === '/api/clients/7/statement/emails' && r.method === 'POST') return { status: 202, body: wire(StatementSendReply, { send: { ...SEND, id: 2, status: 'queued', sentAt: null, period: { from: '2026-10-01', to: '2026-10-31' } } }) };
  return null;
}
const withDefault = (routes: (r: ApiRequest) => Answer | null) => (r: ApiRequest) => routes(r) ?? { status: 200, body: { auth: true } };

describe('the Statement tab’s PDF, print view and e-mail', () => {
  it('downloads the statement’s PDF of the period shown, in the interface language', async () => {
    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const { user, transport, files } = renderSignedIn({
      start: '/clients/statement/7',
      handler: (r) => (r.expect === 'file' ? OK({ blob: pdf, name: 'statement-C000007-2026-10-31.pdf' }) : withDefault(statementBackend)(r)),
    });
    await user.click(await screen.findByRole('button', { name: 'Download statement PDF' }));
    await waitFor(() => expect(files.saved).toEqual([{ name: 'statement-C000007-2026-10-31.pdf', file: pdf }]));
    expect(transport.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/clients/7/statement/pdf?language=en&from=2026-10-01&to=2026-10-31', expect: 'file' });
  });

  it('opens the print view of the same document as the PDF, in either language or both', async () => {
    const { user } = renderSignedIn({ start: '/clients/statement/7', handler: withDefault(statementBackend) });
    await user.click(await screen.findByRole('button', { name: 'Print view' }));
    const preview = await screen.findByRole('dialog', { name: 'Print C000007-20261031' });
    const sheet = within(preview).getByRole('article');
    expect(sheet).toHaveTextContent('STATEMENT OF ACCOUNT');
    expect(sheet).toHaveTextContent('Opening balanceHK$600.00');
    expect(sheet).toHaveTextContent('Amount owedHK$800.00');
    expect(sheet).toHaveTextContent('Over 90 days');
    expect(sheet).toHaveTextContent('Pay by FPS');
    expect(sheet).not.toHaveTextContent('Client signature');
    const lines = within(sheet).getAllByRole('table')[0]!;
    expect(within(lines).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1 Oct 2026', 'Opening balance', '', '', '', '', 'HK$600.00'],
      ['10 Oct 2026', 'Invoice', 'INV-3', '', 'HK$200.00', '', 'HK$800.00'],
      ['31 Oct 2026', 'Amount owed', '', '', '', '', 'HK$800.00'],
    ]);
    await user.click(within(preview).getByRole('radio', { name: 'Both' }));
    expect(within(preview).getByRole('article')).toHaveTextContent('結單STATEMENT OF ACCOUNT');
    expect(within(preview).getByRole('article')).toHaveTextContent('期初結餘Opening balance');
    expect(within(preview).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('sends the statement by e-mail (Chinese): the contact and default message filled in, the period sent, the send log shown', async () => {
    const { user, transport } = renderSignedIn({ start: '/clients/statement/7', language: 'zh-HK', handler: withDefault(statementBackend) });
    expect(await screen.findByText(/2026-09-01 至 2026-10-31: 已於 .* 發送至 accounts@chan.test/)).toBeVisible();
    await user.click(await screen.findByRole('button', { name: '以電郵發送結單' }));
    const dialog = screen.getByRole('dialog', { name: '以電郵發送結單' });
    expect(within(dialog).getByRole('textbox', { name: '收件人' })).toHaveValue('accounts@chan.test');
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: '訊息' }).value).toContain('附上 2026年10月1日 至 2026年10月31日 的結單，請查閱。尚欠金額為 HK$800.00。');
    await user.click(within(dialog).getByRole('button', { name: '發送' }));
    expect(await screen.findByText('寄給 accounts@chan.test 的結單已排隊，稍後發送。')).toBeVisible();
    const sent = transport.requests.find((r) => r.method === 'POST' && r.path === '/api/clients/7/statement/emails');
    expect(sent?.body).toMatchObject({ to: 'accounts@chan.test', language: 'zh-HK', period: { from: '2026-10-01', to: '2026-10-31' } });
  });

  it('checks the address before sending', async () => {
    const { user, transport } = renderSignedIn({ start: '/clients/statement/7', handler: withDefault(statementBackend) });
    await user.click(await screen.findByRole('button', { name: 'Send statement by e-mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Send the statement by e-mail' });
    const to = within(dialog).getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await user.type(to, 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(to).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('sending statements to several clients from the outstanding reminders', () => {
  const row = (id: number, number: string, outstanding: number, client: { id: number; nameEn: string; nameZh: string }) => ({
    id,
    number,
    type: 'new_order',
    date: '2026-09-01',
    dueDate: '2026-10-01',
    total: 100_000,
    paid: 100_000 - outstanding,
    outstanding,
    status: 'partial',
    overdue: true,
    voided: false,
    client,
    salesperson: null,
  });
  const CHAN = { id: 7, nameEn: 'Chan Tai Man', nameZh: '陳大文' };
  const LEE = { id: 10, nameEn: 'Lee Siu Ming', nameZh: '李小明' };
  const orders = OK({
    items: [row(41, 'INV-41', 40_000, CHAN), row(42, 'INV-42', 100_000, LEE), row(43, 'INV-43', 10_000, CHAN)],
    total: 3,
    outstandingTotal: 150_000,
    page: 1,
    perPage: 20,
    options: documentOptionsFixture(),
  });
  const reply = wire(SendStatementsReply, {
    results: [
      { clientId: 7, nameEn: 'Chan Tai Man', nameZh: '陳大文', status: 'queued', recipient: 'accounts@chan.test', reason: null },
      { clientId: 10, nameEn: 'Lee Siu Ming', nameZh: '李小明', status: 'skipped', recipient: null, reason: 'noEmail' },
    ],
    period: { from: '2026-09-01', to: '2026-11-23' },
  });
  const reminded = wire(SendOverdueReply, {
    results: [
      { clientId: 7, outcome: 'queued', reason: null, reminderId: 31 },
      { clientId: 10, outcome: 'skipped', reason: 'optedOut', reminderId: null },
    ],
  });
  const handler = withDefault((r) => (r.path === '/api/orders' ? orders : r.path === '/api/statements/emails' ? OK(reply) : r.path === '/api/reminders/overdue' ? OK(reminded) : null));

  it('lists each client once with its invoices and what they owe; "Select all" and the keyboard choose; each client’s outcome is said', async () => {
    const { user, transport } = renderSignedIn({ start: '/reminders/outstanding', handler });
    const panel = await screen.findByRole('region', { name: 'Send statements or payment reminders to clients' });
    const table = within(panel).getByRole('table', { name: 'Clients of the invoices listed' });
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent))).toEqual([
      ['2', 'HK$500.00'],
      ['1', 'HK$1,000.00'],
    ]);

    // Nothing chosen: said, nothing sent.
    await user.click(within(panel).getByRole('button', { name: 'Send statements' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Choose at least one client.');
    expect(transport.requests.filter((r) => r.path === '/api/statements/emails')).toEqual([]);

    const all = within(panel).getByRole('checkbox', { name: 'Select all clients' });
    await user.click(all);
    expect(within(panel).getByRole('checkbox', { name: 'Select Chan Tai Man' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Select Lee Siu Ming' })).toBeChecked();
    expect(within(panel).getByText('2 clients selected')).toBeInTheDocument();
    // With the keyboard: Space on a focused checkbox.
    within(panel).getByRole('checkbox', { name: 'Select Lee Siu Ming' }).focus();
    await user.keyboard(' ');
    expect(within(panel).getByRole('checkbox', { name: 'Select Lee Siu Ming' })).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.keyboard(' ');

    await user.click(within(panel).getByRole('button', { name: 'Send statements' }));
    const results = await within(panel).findByRole('list', { name: 'Result' });
    expect(within(results).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Chan Tai Man: queued for accounts@chan.test', 'Lee Siu Ming: skipped — no contact has an e-mail address']);
    expect(within(panel).getByText('1 queued, 1 skipped.')).toBeInTheDocument();
    expect(transport.requests.find((r) => r.path === '/api/statements/emails')).toMatchObject({ method: 'POST', body: { clientIds: [7, 10] } });
  });

  it('reads in Chinese', async () => {
    const { user } = renderSignedIn({ start: '/reminders/outstanding', language: 'zh-HK', handler });
    const panel = await screen.findByRole('region', { name: '向客戶發送結單或付款提示' });
    await user.click(within(panel).getByRole('checkbox', { name: '選擇全部客戶' }));
    await user.click(within(panel).getByRole('button', { name: '發送結單' }));
    const results = await within(panel).findByRole('list', { name: '結果' });
    expect(within(results).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['陳大文：已排隊寄給 accounts@chan.test', '李小明：略過 — 沒有聯絡人有電郵地址']);
  });

  it('sends a payment reminder to the same choice of clients, and says each one’s outcome in either language', async () => {
    const { user, transport } = renderSignedIn({ start: '/reminders/outstanding', handler });
    const panel = await screen.findByRole('region', { name: 'Send statements or payment reminders to clients' });
    await user.click(within(panel).getByRole('checkbox', { name: 'Select all clients' }));
    await user.click(within(panel).getByRole('button', { name: 'Send payment reminder' }));
    const results = await within(panel).findByRole('list', { name: 'Result' });
    expect(within(results).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Chan Tai Man: queued', 'Lee Siu Ming: skipped — The client asked for no reminders']);
    expect(transport.requests.find((r) => r.path === '/api/reminders/overdue')).toMatchObject({ method: 'POST', body: { clientIds: [7, 10] } });
    expect(transport.requests.filter((r) => r.path === '/api/statements/emails')).toEqual([]);
  });

  it('sends a payment reminder in Chinese', async () => {
    const { user } = renderSignedIn({ start: '/reminders/outstanding', language: 'zh-HK', handler });
    const panel = await screen.findByRole('region', { name: '向客戶發送結單或付款提示' });
    await user.click(within(panel).getByRole('checkbox', { name: '選擇全部客戶' }));
    await user.click(within(panel).getByRole('button', { name: '發送付款提示' }));
    const results = await within(panel).findByRole('list', { name: '結果' });
    expect(within(results).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['陳大文：已排隊', '李小明：略過 — 客戶要求不收提示']);
  });
});
