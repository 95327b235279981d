import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { ADMIN } from '../support/fakes';
import { renderApp } from './render';

const OPTIONS = {
  branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }],
  salespeople: [{ id: 2, name: 'Sam Lee' }],
  products: [{ id: 5, code: 'TM-INSP', nameEn: 'Termite inspection', nameZh: '白蟻視察', unit: 'visit', unitPrice: 80_000 }],
  terms: [],
};
const CLIENT = { id: 9, code: 'C000009', nameEn: 'Chan Tai Man', nameZh: '陳大文', address: '', contact: null };

const ORDER = {
  id: 3,
  number: 'INV-2026-00003',
  type: 'new_order',
  date: '2026-11-01',
  dueDate: '2026-12-01',
  client: CLIENT,
  clientId: 9,
  branchId: 1,
  salespersonId: 2,
  salesperson: 'Sam Lee',
  discountRateBp: 0,
  subtotal: 100_000,
  discount: 0,
  total: 100_000,
  paid: 60_000,
  outstanding: 40_000,
  status: 'partial',
  overdue: false,
  voided: false,
  voidReason: '',
  voidedBy: null,
  terms: [],
  notes: '',
  quotation: null,
  items: [{ productId: 5, productCode: 'TM-INSP', descriptionEn: 'Termite inspection', descriptionZh: '白蟻視察', quantity: 125, unitPrice: 80_000, lineTotal: 100_000 }],
  receipts: [],
  letterhead: null,
  version: 4,
};

const backend = (r: ApiRequest) => {
  if (r.path === '/api/quotations/create') return { status: 200, body: { options: OPTIONS, defaults: { kind: 'basic', date: '2026-11-23', validDays: 30, branchId: 1, salespersonId: 2 }, client: null } };
  if (r.path === '/api/clients') return { status: 200, body: { items: [{ id: 9, nameEn: 'Chan Tai Man', nameZh: '陳大文' }], total: 1 } };
  if (r.path === '/api/quotations' && r.method === 'POST') return { status: 201, body: { quotation: { id: 12, version: 1 } } };
  if (r.path === '/api/orders/3') return { status: 200, body: { order: ORDER, attachments: [], options: OPTIONS } };
  return { status: 200, body: { auth: true } };
};

describe('quotation form', () => {
  it('shows every unmet rule at once and sends nothing', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/quotations/basic/create', user: ADMIN, language: 'en', handler: backend });
    const line = await screen.findByRole('group', { name: 'Line 1' });
    await user.clear(within(line).getByLabelText('Quantity'));
    await user.type(within(line).getByLabelText('Quantity'), '1.255');
    await user.type(screen.getByLabelText('Discount (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Create quotation' }));
    expect(screen.getByLabelText('Client')).toHaveAccessibleDescription('Choose the client.');
    expect(within(line).getByLabelText('Quantity')).toHaveAccessibleDescription('Enter a number with at most two decimals, e.g. 1.5.');
    expect(within(line).getByLabelText('Unit price (HK$)')).toHaveAccessibleDescription('Enter an amount like 1234.50.');
    expect(within(line).getByLabelText('Description (Chinese)')).toHaveAccessibleDescription('Choose a product or enter a description.');
    expect(screen.getByLabelText('Discount (%)')).toHaveAccessibleDescription('Enter a percentage from 0 to 100.');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('prices a product line as it is typed and sends quantity in hundredths and prices in cents', async () => {
    const user = userEvent.setup();
    const { transport, navigator } = renderApp({ start: '/quotations/basic/create', user: ADMIN, language: 'en', handler: backend });
    await user.type(await screen.findByRole('searchbox', { name: 'Find a client (name, phone or tag)' }), 'Chan');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByText('1 client found.');
    await user.selectOptions(screen.getByLabelText('Client'), '9');
    const line = screen.getByRole('group', { name: 'Line 1' });
    await user.selectOptions(within(line).getByLabelText('Product'), '5');
    expect(within(line).getByLabelText('Description (Chinese)')).toHaveValue('白蟻視察');
    await user.clear(within(line).getByLabelText('Quantity'));
    await user.type(within(line).getByLabelText('Quantity'), '1.5');
    expect(within(line).getByText('HK$1,200.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Discount (%)'), '10');
    expect(screen.getByText('HK$1,080.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create quotation' }));
    await waitFor(() => expect(navigator.current().path).toBe('/quotations/basic/12'));
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      kind: 'basic',
      clientId: 9,
      date: '2026-11-23',
      validDays: 30,
      discountRateBp: 1_000,
      items: [{ productId: 5, descriptionZh: '白蟻視察', descriptionEn: 'Termite inspection', quantity: 150, unitPrice: 80_000 }],
    });
  });
});

describe('payment dialog', () => {
  it('refuses a receipt above what is owed with the spec’s rule, before sending', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'en', handler: backend });
    await user.click(await screen.findByRole('button', { name: 'Record a receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Receipt for invoice INV-2026-00003' });
    const amount = within(dialog).getByLabelText('Amount (HK$)');
    expect(amount).toHaveValue('400.00');
    await user.clear(amount);
    await user.type(amount, '400.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription('Total Receipt Amount must be equal or below Total Amount. At most HK$400.00 can still be received.');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('asks for a reason before voiding, and shows the quantity as typed', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'zh-HK', handler: backend });
    const line = await screen.findByRole('group', { name: '第 1 項' });
    expect(within(line).getByLabelText('數量')).toHaveValue('1.25');
    await user.click(screen.getByRole('button', { name: '作廢' }));
    const dialog = screen.getByRole('dialog', { name: '作廢發票 INV-2026-00003' });
    await user.click(within(dialog).getByRole('button', { name: '作廢' }));
    expect(within(dialog).getByLabelText('原因')).toHaveAccessibleDescription('請輸入原因。');
  });
});

describe('payment methods and refund reasons from Settings → Options', () => {
  const METHODS = [
    { value: 'cash', nameEn: 'Cash', nameZh: '現金' },
    { value: 'fps', nameEn: 'FPS', nameZh: '轉數快' },
    { value: 'octopus', nameEn: 'Octopus', nameZh: '八達通' },
  ];
  const REASONS = [
    { value: 'overpaid', nameEn: 'Overpaid', nameZh: '多付' },
    { value: 'service_cancelled', nameEn: 'Service cancelled', nameZh: '服務取消' },
  ];
  const RECEIPT = {
    id: 21,
    number: 'R-2026-00021',
    kind: 'receipt',
    date: '2026-11-02',
    method: 'octopus',
    methodName: { nameEn: 'Octopus', nameZh: '八達通' },
    reference: '',
    amount: 60_000,
    reason: '',
    bankedIn: false,
    action: null,
    order: { id: 3, number: 'INV-2026-00003' },
    client: { id: 9, nameEn: 'Chan Tai Man', nameZh: '陳大文' },
    staff: 'Sam Lee',
  };
  const withOptions = (r: ApiRequest) => {
    if (r.path === '/api/orders/3' && r.method === 'GET') return { status: 200, body: { order: { ...ORDER, receipts: [RECEIPT] }, attachments: [], options: { ...OPTIONS, paymentMethods: METHODS, refundReasons: REASONS } } };
    if (r.path === '/api/orders/3/receipts') return { status: 201, body: { receiptId: 22, order: ORDER } };
    return backend(r);
  };

  it('the receipt form offers the invoice’s active methods in the user’s language and sends the chosen code', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'zh-HK', handler: withOptions });
    await user.click(await screen.findByRole('button', { name: '記錄收款' }));
    const dialog = screen.getByRole('dialog', { name: '發票 INV-2026-00003 的收據' });
    const method = within(dialog).getByLabelText('付款方式');
    expect(within(method).getAllByRole('option').map((o) => o.textContent)).toEqual(['現金', '轉數快', '八達通']);
    expect(method).toHaveValue('cash');
    await user.selectOptions(method, '八達通');
    await user.click(within(dialog).getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(transport.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ kind: 'receipt', method: 'octopus', amount: 40_000 }));
  });

  it('the refund form offers the usual reasons, fills the reason with one, and still takes a reason typed', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'en', handler: withOptions });
    await user.click(await screen.findByRole('button', { name: 'Record a refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund on invoice INV-2026-00003' });
    const usual = within(dialog).getByLabelText('Usual reasons');
    expect(within(usual).getAllByRole('option').map((o) => o.textContent)).toEqual(['Other (type it below)', 'Overpaid', 'Service cancelled']);
    await user.selectOptions(usual, 'Service cancelled');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Service cancelled');
    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), 'Paid twice by mistake');
    expect(usual).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Amount (HK$)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(transport.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ kind: 'refund', method: 'cash', reason: 'Paid twice by mistake', amount: 10_000 }));
  });

  it('a receipt paid by a method added under Settings shows its words on the invoice and on its printed copy', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'en', handler: withOptions });
    const row = await screen.findByRole('row', { name: /R-2026-00021/ });
    expect(within(row).getByText('Octopus')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Print R-2026-00021' }));
    const sheet = await screen.findByRole('article', { name: 'RECEIPT' });
    expect(within(sheet).getByText('Octopus')).toBeInTheDocument();
    expect(sheet).not.toHaveTextContent('method.octopus');
  });

  it('the receipts list shows a custom method’s words and offers it in its filter', async () => {
    const user = userEvent.setup();
    const { navigator } = renderApp({
      start: '/orders/receipt',
      user: ADMIN,
      language: 'zh-HK',
      handler: (r) => (r.path === '/api/receipts' ? { status: 200, body: { items: [RECEIPT], total: 1, netAmount: 60_000, page: 1, perPage: 20, options: { branches: [], staff: [], paymentMethods: METHODS } } } : backend(r)),
    });
    const row = await screen.findByRole('row', { name: /R-2026-00021/ });
    expect(within(row).getByText('八達通')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('付款方式'), '八達通');
    await user.click(screen.getByRole('button', { name: '套用' }));
    await waitFor(() => expect(new URLSearchParams(navigator.current().search).get('method')).toBe('octopus'));
  });
});
