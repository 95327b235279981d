import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { ADMIN } from '../support/fakes';
import { renderApp } from './render';

const OPTIONS = {
  branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }],
  staff: [{ id: 2, name: 'Sam Lee' }],
  workers: [{ id: 2, name: 'Sam Lee' }],
  categories: [],
  products: [],
  areas: [],
  appointmentTypes: [],
};

const RECEIPTS = {
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
  byMethod: [{ method: 'cash', count: 1, receipts: 150_000, refunds: 0, net: 150_000, awaitingBankIn: 1 }],
};

function handler(request: ApiRequest) {
  if (request.path === '/api/reports/options') return { status: 200, body: OPTIONS };
  if (request.path === '/api/reports/orders/receipt') return { status: 200, body: RECEIPTS };
  if (request.path === '/api/dashboard/show') return { status: 200, body: { today: '2026-11-23', cards: { outstanding: { count: 7, amount: 128_000, overdue: { count: 3, amount: 45_000 } } } } };
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
    expect(await screen.findByText('2026-11-01 to 2026-11-30')).toBeInTheDocument();
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
    const { transport, files } = renderApp({
      start: '/reports/orders/receipt-result?date_from=2026-11-01&date_to=2026-11-30',
      user: ADMIN,
      language: 'en',
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
    renderApp({
      start: '/dashboard',
      user: ADMIN,
      language: 'zh-HK',
      handler: (request) => (request.path === '/api/dashboard/show' ? { status: 200, body: { today: '2026-11-23', cards: { outstanding: { count: 1, amount: 9_900, overdue: { count: 0, amount: 0 } } } } } : handler(request)),
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
    const { transport, navigator } = renderApp({
      start: '/dashboard',
      user: ADMIN,
      language: 'en',
      handler: (request) => (request.path === '/api/orders' ? { status: 200, body: { items: [], total: 7, outstandingTotal: 128_000, page: 1, perPage: 20, options: {} } } : handler(request)),
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'HK$1,280.00 owed on 7 invoices' }));
    await waitFor(() => expect(navigator.current().path).toBe('/orders/order'));
    expect(await screen.findByLabelText('Status')).toHaveValue('owing');
    expect(within(screen.getByLabelText('Status')).getByRole('option', { selected: true })).toHaveTextContent('Owing (unpaid or part paid)');
    expect(transport.requests.find((r) => r.path === '/api/orders')?.query).toMatchObject({ status: 'owing' });
  });
});
