import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { DashboardReply } from '../../contract/dashboard';
import { ReportOptionsReply, ReportPageReply } from '../../contract/reports';
import { OrderList } from '../../contract/sales';
import { ADMIN } from '../support/fakes';
import { renderApp, renderSignedIn } from './render';

// The fixtures are made through the wire contract, so they cannot drift from what the server sends.
const OPTIONS = ReportOptionsReply.parse({
  branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }],
  staff: [{ id: 2, name: 'Sam Lee' }],
  workers: [{ id: 2, name: 'Sam Lee' }],
  categories: [],
  products: [],
  areas: [],
  appointmentTypes: [],
  paymentMethods: [],
});

const RECEIPTS = ReportPageReply.parse({
  columns: [
    { key: 'number', kind: 'text', sortable: true },
    { key: 'date', kind: 'date', sortable: true },
    { key: 'kind', kind: 'code', codes: 'receiptKind', sortable: true },
    { key: 'order', kind: 'text', sortable: true },
    { key: 'client', kind: 'name', sortable: true },
    { key: 'method', kind: 'code', codes: 'method', sortable: true },
    { key: 'amount', kind: 'money', sortable: true },
    { key: 'bankedIn', kind: 'bool', sortable: true },
  ],
  rows: [
    { id: 1, number: 'R-2026-00001', date: '2026-11-02', kind: 'receipt', orderId: 7, order: 'INV-2026-00007', client: { nameEn: 'Chan Tai Man', nameZh: '陳大文' }, method: 'cash', amount: 150_000, bankedIn: false },
    { id: 2, number: 'RF-2026-00001', date: '2026-11-03', kind: 'refund', orderId: 7, order: 'INV-2026-00007', client: { nameEn: 'Chan Tai Man', nameZh: '陳大文' }, method: 'fps', amount: -20_000, bankedIn: false },
  ],
  totals: { count: 2, receipts: 150_000, refunds: 20_000, amount: 130_000 },
  count: 2,
  page: 1,
  perPage: 50,
  sort: 'date',
  dateFrom: '2026-11-01',
  dateTo: '2026-11-30',
  filterNames: { branch: { nameEn: 'Head Office', nameZh: '總公司' } },
  byMethod: [{ method: 'cash', nameEn: '', nameZh: '', count: 1, receipts: 150_000, refunds: 0, net: 150_000, awaitingBankIn: 1 }],
});

/** An empty result of any other report. */
const EMPTY = ReportPageReply.parse({ columns: [{ key: 'date', kind: 'date' }], rows: [], totals: null, count: 0, page: 1, perPage: 50, sort: 'date', dateFrom: '2026-11-01', dateTo: '2026-11-30' });

function handler(request: ApiRequest) {
  if (request.path === '/api/reports/options') return { status: 200, body: OPTIONS };
  if (request.path === '/api/reports/orders/receipt') return { status: 200, body: RECEIPTS };
  if (request.path === '/api/dashboard/show') return { status: 200, body: DashboardReply.parse({ today: '2026-11-23', cards: { outstanding: { count: 7, amount: 128_000, overdue: { count: 3, amount: 45_000 } } } }) };
  if (request.path.startsWith('/api/reports/')) return { status: 200, body: EMPTY };
  return { status: 200, body: {} };
}

describe('report screens', () => {
  it('a filter screen starts on this month, makes no data call of its own, and runs the report with its filters in the address', async () => {
    const user = userEvent.setup();
    const { navigator, transport } = renderApp({ start: '/reports/orders/receipt', user: ADMIN, language: 'en', handler });
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt report' })).toBeInTheDocument();
    expect(await screen.findByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    await waitFor(() => expect(within(screen.getByLabelText('Branch')).getByRole('option', { name: 'Head Office' })).toBeInTheDocument());
    expect(transport.requests.filter((r) => r.path.startsWith('/api/reports/orders'))).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Branch'), '1');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'cash');
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    await waitFor(() => expect(navigator.current().path).toBe('/reports/orders/receipt-result'));
    expect(new URLSearchParams(navigator.current().search).toString()).toBe('date_from=2026-11-01&date_to=2026-11-30&branch_id=1&method=cash');
  });

  it('the appointment report searches by a client’s name: the words go in the address as q', async () => {
    const user = userEvent.setup();
    const { navigator } = renderApp({ start: '/reports/appointments/appointment', user: ADMIN, language: 'en', handler });
    await user.type(await screen.findByRole('searchbox', { name: 'Client' }), '陳大文');
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    await waitFor(() => expect(navigator.current().path).toBe('/reports/appointments/appointment-result'));
    expect(new URLSearchParams(navigator.current().search).get('q')).toBe('陳大文');
  });

  it('refuses a range that ends before it starts, before asking the server', async () => {
    const user = userEvent.setup();
    const { navigator } = renderApp({ start: '/reports/orders/commission?date_from=2026-11-10&date_to=2026-11-01', user: ADMIN, language: 'en', handler });
    await user.click(await screen.findByRole('button', { name: 'Run report' }));
    expect(await screen.findByText('The last day must be on or after the first day.')).toBeInTheDocument();
    expect(navigator.current().path).toBe('/reports/orders/commission');
  });

  it('a result shows what it covers, the rows, the totals row, sortable headers, downloads and the breakdown', async () => {
    renderApp({ start: '/reports/orders/receipt-result?date_from=2026-11-01&date_to=2026-11-30&branch_id=1', user: ADMIN, language: 'en', handler });
    expect(await screen.findByText('1 Nov 2026 to 30 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText(/Branch: Head Office/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Receipt report: results' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'INV-2026-00007' })).toHaveAttribute('href', '/orders/order/invoice/7');
    expect(within(rows[2]!).getByText('-HK$200.00')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Total (2)')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('HK$1,300.00')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/reports/orders/receipt?date_from=2026-11-01&date_to=2026-11-30&branch_id=1&format=csv&headers=en');
    await userEvent.setup().selectOptions(screen.getByLabelText('Column headings'), 'both');
    expect(screen.getByRole('link', { name: 'Download Excel' })).toHaveAttribute('href', '/api/reports/orders/receipt?date_from=2026-11-01&date_to=2026-11-30&branch_id=1&format=xlsx&headers=both');
    expect(screen.getByRole('link', { name: 'Change filters' })).toHaveAttribute('href', '/reports/orders/receipt?date_from=2026-11-01&date_to=2026-11-30&branch_id=1');
    expect(screen.getByRole('table', { name: 'By payment method' })).toBeInTheDocument();
  });

  it('a download goes through the transport and saves the file under the name the server gave; a refusal is said beside the link', async () => {
    const user = userEvent.setup();
    const csv = new Blob(['Number\r\nR-2026-00001\r\n'], { type: 'text/csv' });
    let refuse = false;
    const { transport, files } = renderSignedIn({
      start: '/reports/orders/receipt-result?date_from=2026-11-01&date_to=2026-11-30',
      handler: (request) => {
        if (request.expect !== 'file') return handler(request);
        return refuse ? { status: 422, body: { message: 'The range is too long.', errors: {} } } : { status: 200, body: { blob: csv, name: 'receipt-report-2026-11-23.csv' } };
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Download CSV' }));
    await waitFor(() => expect(files.saved).toEqual([{ name: 'receipt-report-2026-11-23.csv', file: csv }]));
    expect(transport.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/reports/orders/receipt?date_from=2026-11-01&date_to=2026-11-30&format=csv&headers=en', expect: 'file' });

    refuse = true;
    await user.click(screen.getByRole('link', { name: 'Download Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be downloaded. The range is too long.');
    expect(files.saved).toHaveLength(1);
  });

  it('the dashboard says the outstanding card in Chinese too', async () => {
    renderSignedIn({
      start: '/dashboard',
      language: 'zh-HK',
      handler: (request) => (request.path === '/api/dashboard/show' ? { status: 200, body: DashboardReply.parse({ today: '2026-11-23', cards: { outstanding: { count: 1, amount: 9_900, overdue: { count: 0, amount: 0 } } } }) } : handler(request)),
    });
    expect(await screen.findByRole('heading', { level: 2, name: '尚欠款項' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HK$99.00 1 張發票尚欠' })).toHaveAttribute('href', '/orders/order?status=owing');
    expect(screen.getByRole('link', { name: 'HK$0.00 0 張逾期發票尚欠' })).toHaveAttribute('href', '/reminders/outstanding');
  });

  it('the dashboard shows the cards the server sent, each figure a link to its list', async () => {
    renderApp({ start: '/dashboard', user: ADMIN, language: 'en', handler });
    expect(await screen.findByRole('heading', { level: 2, name: 'Outstanding' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HK$1,280.00 owed on 7 invoices' })).toHaveAttribute('href', '/orders/order?status=owing');
    expect(screen.getByRole('link', { name: 'HK$450.00 owed on 3 overdue invoices' })).toHaveAttribute('href', '/reminders/outstanding');
    expect(screen.queryByRole('heading', { name: 'Appointments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Revenue' })).not.toBeInTheDocument();
  });

  it('the dashboard’s owed figure opens the invoice list filtered to the invoices with money owed', async () => {
    const { transport, navigator } = renderSignedIn({
      start: '/dashboard',
      handler: (request) =>
        request.path === '/api/orders'
          ? { status: 200, body: OrderList.parse({ items: [], total: 7, outstandingTotal: 128_000, page: 1, perPage: 20, options: { branches: [], salespeople: [], products: [], terms: [] } }) }
          : handler(request),
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'HK$1,280.00 owed on 7 invoices' }));
    await waitFor(() => expect(navigator.current().path).toBe('/orders/order'));
    expect(await screen.findByLabelText('Status')).toHaveValue('owing');
    expect(within(screen.getByLabelText('Status')).getByRole('option', { selected: true })).toHaveTextContent('Owing (unpaid or part paid)');
    expect(transport.requests.find((r) => r.path === '/api/orders')?.query).toMatchObject({ status: 'owing' });
  });
});

describe('printing a result', () => {
  const client = { nameEn: 'Chan Tai Man', nameZh: '陳大文' };
  const ALL = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, number: `R-2026-0000${i + 1}`, date: `2026-11-0${i + 1}`, kind: 'receipt', orderId: 7, order: 'INV-2026-00007', client, method: 'cash', amount: 10_000 * (i + 1), bankedIn: false }));
  const PAGE = ReportPageReply.parse({ ...RECEIPTS, rows: ALL.slice(2, 4), count: 5, page: 2, perPage: 2, sort: '-amount', totals: { count: 5, receipts: 150_000, refunds: 0, amount: 150_000 } });
  const START = '/reports/orders/receipt-result?date_from=2026-11-01&date_to=2026-11-30&branch_id=1&sort=-amount&page=2';
  const isPrintRead = (request: ApiRequest) => request.path === '/api/reports/orders/receipt' && request.query?.per_page !== undefined;
  /** What the print table holds at the moment the page is printed, row by row. */
  let printed: string[][] | null = null;
  const printSpy = () =>
    vi.spyOn(window, 'print').mockImplementation(() => {
      const table = screen.queryByRole('table', { name: 'Receipt report: every row, as printed' });
      printed = table ? within(table).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent ?? '')) : null;
    });
  afterEach(() => {
    vi.restoreAllMocks();
    printed = null;
  });

  it('reads every row of the result through the report’s API path, shows them in the print table and prints, all from the keyboard', async () => {
    const print = printSpy();
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { transport } = renderSignedIn({
      start: START,
      handler: (request) => {
        if (isPrintRead(request)) return new Promise((resolve) => (answer = resolve));
        if (request.path === '/api/reports/orders/receipt') return { status: 200, body: PAGE };
        return handler(request);
      },
    });
    const button = await screen.findByRole('button', { name: 'Print' });
    expect(within(screen.getByRole('table', { name: 'Receipt report: results' })).getAllByRole('row')).toHaveLength(4); // heading, the page's two rows, totals
    button.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByText('Reading all 5 rows to print…')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(print).not.toHaveBeenCalled();
    // The filters and sort of the result, from the first row, as many rows as an export takes.
    const reads = transport.requests.filter(isPrintRead);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.query).toEqual({ date_from: '2026-11-01', date_to: '2026-11-30', branch_id: '1', sort: '-amount', page: 1, per_page: 50_000 });

    answer({ status: 200, body: { ...PAGE, rows: [...ALL].reverse(), page: 1, perPage: 50_000 } });
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(printed).not.toBeNull();
    expect(printed!.slice(1).map((row) => [row[0], row[6]])).toEqual([
      ['R-2026-00005', 'HK$500.00'],
      ['R-2026-00004', 'HK$400.00'],
      ['R-2026-00003', 'HK$300.00'],
      ['R-2026-00002', 'HK$200.00'],
      ['R-2026-00001', 'HK$100.00'],
      ['Total (5)', 'HK$1,500.00'],
    ]);
    expect(screen.queryByText('Reading all 5 rows to print…')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-disabled');
    // After the printout the print table goes; the page on screen stays as it was.
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Receipt report: every row, as printed' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: 'Receipt report: results' })).getAllByRole('row')).toHaveLength(4);
  });

  it('says so when the rows cannot be read, prints nothing and stays on the result', async () => {
    const print = printSpy();
    const { navigator } = renderSignedIn({
      start: START,
      handler: (request) => {
        if (isPrintRead(request)) return { status: 500, body: { message: 'The database took too long.' } };
        if (request.path === '/api/reports/orders/receipt') return { status: 200, body: PAGE };
        return handler(request);
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The rows could not be read for printing, so nothing was printed. The database took too long.');
    expect(print).not.toHaveBeenCalled();
    expect(navigator.current().path).toBe('/reports/orders/receipt-result');
    expect(screen.queryByRole('table', { name: 'Receipt report: every row, as printed' })).not.toBeInTheDocument();
  });

  it('prints at once when every row is on the page already', async () => {
    const print = printSpy();
    const { transport } = renderApp({ start: '/reports/orders/receipt-result?date_from=2026-11-01&date_to=2026-11-30', user: ADMIN, language: 'en', handler });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(transport.requests.filter(isPrintRead)).toEqual([]);
  });

  it('notes in the printout when the result has more rows than one print takes', async () => {
    printSpy();
    renderSignedIn({
      start: START,
      handler: (request) => {
        if (isPrintRead(request)) return { status: 200, body: { ...PAGE, rows: ALL, count: 60_123, page: 1, perPage: 50_000 } };
        if (request.path === '/api/reports/orders/receipt') return { status: 200, body: { ...PAGE, count: 60_123 } };
        return handler(request);
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printed).not.toBeNull());
    expect(screen.getByText('Only the first 5 of 60,123 rows are printed; download CSV or Excel for the rest, or narrow the filters.')).toBeInTheDocument();
  });
});

describe('the commission result', () => {
  const COMMISSION = ReportPageReply.parse({
    columns: [
      { key: 'salesperson', kind: 'text', sortable: true },
      { key: 'userRate', kind: 'rate', sortable: true },
      { key: 'orders', kind: 'count', sortable: true },
      { key: 'total', kind: 'money', sortable: true },
      { key: 'base', kind: 'money', sortable: true },
      { key: 'commission', kind: 'money', sortable: true },
    ],
    rows: [
      { salespersonId: 2, salesperson: 'Sam Lee', userRate: 500, orders: 4, total: 400_000, base: 400_000, commission: 20_000 },
      { salespersonId: 3, salesperson: 'Joyce Mak', userRate: null, orders: 2, total: 150_000, base: 150_000, commission: 7_550 },
    ],
    totals: { orders: 6, total: 550_000, base: 550_000, commission: 27_550 },
    count: 2,
    page: 1,
    perPage: 50,
    sort: '-commission',
    dateFrom: '2026-10-01',
    dateTo: '2026-11-30',
    basis: 'total',
    filterNames: {},
    charts: {
      bySalesperson: [
        { key: '2', label: 'Sam Lee', commission: 20_000 },
        { key: '3', label: 'Joyce Mak', commission: 7_550 },
        { key: '', label: '', commission: 0 },
      ],
      byMonth: [
        { key: '2026-10', commission: 12_000 },
        { key: '2026-11', commission: 15_550 },
      ],
    },
  });

  it('draws its charts by salesperson and by month, each with its figures as a table', async () => {
    const { user } = renderSignedIn({
      start: '/reports/orders/commission-result?date_from=2026-10-01&date_to=2026-11-30',
      handler: (request) => (request.path === '/api/reports/orders/commission' ? { status: 200, body: COMMISSION } : handler(request)),
    });
    expect(await screen.findByRole('img', { name: 'Commission by salesperson 3 bars; HK$275.50 in all.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Commission by month 2 bars; HK$275.50 in all.' })).toBeInTheDocument();
    const figures = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent));
    await user.click(screen.getByText('Commission by salesperson as a table'));
    expect(figures('Commission by salesperson')).toEqual([
      ['Item', 'Commission (HKD)'],
      ['Sam Lee', 'HK$200.00'],
      ['Joyce Mak', 'HK$75.50'],
      ['(No salesperson)', 'HK$0.00'],
    ]);
    await user.click(screen.getByText('Commission by month as a table'));
    expect(figures('Commission by month')).toEqual([
      ['Item', 'Commission (HKD)'],
      ['Oct 2026', 'HK$120.00'],
      ['Nov 2026', 'HK$155.50'],
    ]);
  });
});
