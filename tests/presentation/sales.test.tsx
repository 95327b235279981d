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
