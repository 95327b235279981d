import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { BankedReply, Order, OrderPage, PaymentReply, QuotationPage, QuotationReply, Receipt } from '../../contract/sales';
import { ADMIN } from '../support/fakes';
import { documentOptionsFixture, invoiceOptionsFixture, orderFixture, quotationFixture, SALES_CLIENT } from '../support/sales';
import { wire } from '../support/wire';
import { renderApp, renderSignedIn } from './render';

const OPTIONS = documentOptionsFixture();
/** An invoice's options: no payment methods of its own (the four built-in ones are offered). */
const ORDER_OPTIONS = invoiceOptionsFixture();
const CLIENT = SALES_CLIENT;

const ORDER = orderFixture();
/** GET /api/orders/3 with the invoice `order`, its options and no files or appointments. */
const orderPage = (order: typeof ORDER, options: typeof ORDER_OPTIONS = ORDER_OPTIONS) => wire(OrderPage, { order, attachments: [], appointments: [], options });
/** A quotation as the server sends it back once saved (the one made in the form below). */
const SAVED_QUOTATION = quotationFixture({
  discountRateBp: 1_000,
  subtotal: 120_000,
  discount: 12_000,
  total: 108_000,
  items: [{ id: 1, productId: 5, productCode: 'TM-INSP', descriptionEn: 'Termite inspection', descriptionZh: '白蟻視察', quantity: 150, unit: 'visit', unitPrice: 80_000, lineTotal: 120_000 }],
  version: 1,
});

// The sales use-cases and the decoder load with the first sales screen (lazily): transformed once
// here, so the first test's screen is not held up by it on a busy machine.
beforeAll(async () => {
  await Promise.all([import('../../application/sales/QuotationDesk'), import('../../application/sales/OrderDesk'), import('../../infrastructure/http/wire')]);
});

const backend = (r: ApiRequest) => {
  if (r.path === '/api/quotations/create') return { status: 200, body: { options: OPTIONS, defaults: { kind: 'basic', date: '2026-11-23', validDays: 30, branchId: 1, salespersonId: 2 }, client: null } };
  if (r.path === '/api/clients') return { status: 200, body: { items: [{ id: 9, nameEn: 'Chan Tai Man', nameZh: '陳大文' }], total: 1 } };
  if (r.path === '/api/quotations' && r.method === 'POST') return { status: 201, body: wire(QuotationReply, { quotation: SAVED_QUOTATION }) };
  if (r.path === '/api/quotations/12') return { status: 200, body: wire(QuotationPage, { quotation: SAVED_QUOTATION, tab: 'basic', options: OPTIONS }) };
  if (r.path === '/api/orders/3') return { status: 200, body: orderPage(ORDER) };
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
    // The product's unit beside the quantity and the price (issue 18).
    expect(within(line).getByText('Unit').nextElementSibling).toHaveTextContent(/^visit$/);
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

describe('a new invoice’s due date', () => {
  const creating = (r: ApiRequest) =>
    r.path === '/api/orders/create'
      ? { status: 200, body: { options: OPTIONS, appointmentId: null, defaults: { type: 'new_order', date: '2026-11-23', dueDate: '2026-12-23', paymentTermsDays: 30, branchId: 1, salespersonId: 2 }, client: null } }
      : backend(r);

  it('follows the date by the payment terms, so a back-dated invoice falls due on time', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/orders/order/invoice/create', user: ADMIN, language: 'en', handler: creating });
    const due = await screen.findByLabelText('Due date');
    expect(due).toHaveValue('2026-12-23');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-09-01');
    expect(due).toHaveValue('2026-10-01');
  });

  it('stays where the user set it when the date changes afterwards', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/orders/order/invoice/create', user: ADMIN, language: 'en', handler: creating });
    const due = await screen.findByLabelText('Due date');
    await user.clear(due);
    await user.type(due, '2027-01-15');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-09-01');
    expect(due).toHaveValue('2027-01-15');
  });
});

describe('a stale invoice save (409)', () => {
  const RELOAD = 'Load the latest version (your changes will be lost)';
  it('keeps the input, says someone else changed it, and offers the latest version, which loads it again', async () => {
    const user = userEvent.setup();
    const conflict = 'Someone else changed this record while you were editing. Your changes are kept; review them and save again.';
    const { transport } = renderSignedIn({
      start: '/orders/order/invoice/3',
      handler: (r) => (r.method === 'PUT' && r.path === '/api/orders/3' ? { status: 409, body: { message: conflict } } : backend(r)),
    });
    await user.type(await screen.findByLabelText('Notes'), 'Gate code 1234');
    expect(screen.queryByRole('button', { name: RELOAD })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('Gate code 1234');
    expect(transport.requests.find((r) => r.method === 'PUT' && r.path === '/api/orders/3')?.body).toMatchObject({ version: 4, notes: 'Gate code 1234' });
    await user.click(screen.getByRole('button', { name: RELOAD }));
    await waitFor(() => expect(transport.requests.filter((r) => r.method === 'GET' && r.path === '/api/orders/3')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Notes')).toHaveValue(''));
    expect(screen.queryByRole('button', { name: RELOAD })).not.toBeInTheDocument();
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

  it('opens the void dialog on its way out (“不作廢”, not a bare 取消), styles 作廢 as destructive, and Enter never voids', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'zh-HK', handler: backend });
    await user.click(await screen.findByRole('button', { name: '作廢' }));
    const dialog = screen.getByRole('dialog', { name: '作廢發票 INV-2026-00003' });
    expect(within(dialog).getByRole('button', { name: '不作廢' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: '作廢' })).toHaveClass('button-danger');
    await user.type(within(dialog).getByLabelText('原因'), '開錯單{Enter}');
    expect(screen.getByRole('dialog', { name: '作廢發票 INV-2026-00003' })).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('names the unvoid dialog’s way out “保持作廢”, never 取消 beside 取消作廢', async () => {
    const user = userEvent.setup();
    const voided = wire(Order, { ...ORDER, paid: 0, outstanding: 0, status: 'void', voided: true, voidReason: '開錯單', voidedAt: '2026-11-23T10:00:00.000Z', voidedBy: 'Ada Chan' });
    renderSignedIn({
      start: '/orders/order/invoice/3',
      language: 'zh-HK',
      handler: (r) => (r.path === '/api/orders/3' ? { status: 200, body: orderPage(voided) } : backend(r)),
    });
    await user.click(await screen.findByRole('button', { name: '取消作廢' }));
    const dialog = screen.getByRole('dialog', { name: '取消作廢發票 INV-2026-00003' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['保持作廢', '取消作廢']);
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
  const RECEIPT = wire(Receipt, {
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
    bankedInAt: null,
    action: null,
    order: { id: 3, number: 'INV-2026-00003' },
    client: { id: 9, nameEn: 'Chan Tai Man', nameZh: '陳大文' },
    staff: 'Sam Lee',
  });
  const withOptions = (r: ApiRequest) => {
    if (r.path === '/api/orders/3' && r.method === 'GET') return { status: 200, body: orderPage({ ...ORDER, receipts: [RECEIPT] }, { ...ORDER_OPTIONS, paymentMethods: METHODS, refundReasons: REASONS }) };
    if (r.path === '/api/orders/3/receipts') return { status: 201, body: wire(PaymentReply, { receiptId: 22, order: ORDER }) };
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
    const { user, navigator } = renderSignedIn({
      start: '/orders/receipt',
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

/* Print views: the quotation, the invoice, a receipt and a refund, in English, Chinese and both. */

const LETTERHEAD = {
  nameEn: 'Harbour Pest Services Ltd.',
  nameZh: '海港除蟲服務有限公司',
  addressEn: '1 Harbour Road, Wan Chai',
  addressZh: '灣仔港灣道 1 號',
  branchAddress: '',
  phone: '+852 2123 4567',
  fax: '',
  email: 'office@harbour.example',
  website: '',
  brNumber: '31415926',
  logoUrl: '/api/companies/1/logo?v=aaaa1111',
  chopUrl: '/api/companies/1/chop?v=bbbb2222',
  payment: null,
};
/** A client as a careless server might send it, HKID and all: the print view must never show it. */
const PRINT_CLIENT = { ...CLIENT, address: '沙田大圍村 8 號', contact: { name: '陳太', phones: ['9876 5432'] }, hkid: 'K987654(2)', hkidMasked: 'K987***(*)', hkidSealed: 'sealed:K987654(2)' };
const TERMS = [{ titleEn: 'Payment', titleZh: '付款', bodyEn: 'Payment within 30 days.', bodyZh: '請於 30 天內付款。' }];
const PRINT_ITEMS = [{ id: 1, productId: 5, productCode: 'TM-INSP', descriptionEn: 'Termite inspection', descriptionZh: '白蟻視察', quantity: 225, unit: 'visit', unitPrice: 80_000, lineTotal: 180_000 }];
const QUOTATION = quotationFixture({
  kind: 'contract',
  status: 'sent',
  storedStatus: 'sent',
  client: PRINT_CLIENT,
  discountRateBp: 1_000,
  subtotal: 180_000,
  discount: 18_000,
  total: 162_000,
  terms: TERMS,
  contract: { periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'monthly' },
  items: PRINT_ITEMS,
  letterhead: LETTERHEAD,
});
const CHEQUE = wire(Receipt, {
  id: 31,
  number: 'R-2026-00031',
  kind: 'receipt',
  date: '2026-11-24',
  method: 'cheque',
  methodName: { nameEn: 'Cheque', nameZh: '支票' },
  reference: 'HSBC 004512',
  amount: 120_000,
  reason: '',
  bankedIn: false,
  bankedInAt: null,
  action: 'bank-in',
  order: { id: 3, number: 'INV-2026-00003' },
  client: CLIENT,
  staff: 'Sam Lee',
});
const REFUND = wire(Receipt, { ...CHEQUE, id: 32, number: 'RF-2026-00032', kind: 'refund', date: '2026-11-25', method: 'cash', methodName: { nameEn: 'Cash', nameZh: '現金' }, reference: '', amount: 15_000, reason: 'Overcharged 多收', action: null });
const PRINT_ORDER = wire(Order, {
  ...ORDER,
  client: PRINT_CLIENT,
  discountRateBp: 1_000,
  subtotal: 180_000,
  discount: 18_000,
  total: 162_000,
  paid: 105_000,
  outstanding: 57_000,
  items: PRINT_ITEMS,
  terms: TERMS,
  receipts: [CHEQUE, REFUND],
  letterhead: LETTERHEAD,
});
const printing = (r: ApiRequest) => {
  if (r.path === '/api/quotations/12') return { status: 200, body: { quotation: QUOTATION, tab: 'basic', options: OPTIONS } };
  if (r.path === '/api/orders/3') return { status: 200, body: orderPage(PRINT_ORDER) };
  return backend(r);
};

/** The value printed beside a label (a `dt` holding that label in one of the sheet's languages). */
function printed(sheet: HTMLElement, label: string): string {
  const term = within(sheet)
    .getAllByText(label)
    .map((el) => el.closest('dt'))
    .find((dt): dt is HTMLElement => dt !== null);
  if (!term) throw new Error(`No printed label ${label}`);
  return term.nextElementSibling?.textContent ?? '';
}

/** The sheet in the print preview after choosing a language ('English', '中文' or 'Both'/'中英對照'). */
async function sheetIn(user: ReturnType<typeof userEvent.setup>, language: string, title: string) {
  const preview = screen.getByRole('dialog');
  await user.click(within(preview).getByRole('radio', { name: language }));
  return within(preview).getByRole('article', { name: title });
}

/** What every document prints: letterhead, both client names, signature and chop, never the HKID. */
function expectCommon(sheet: HTMLElement, language: 'en' | 'zh-HK' | 'both') {
  if (language !== 'zh-HK') expect(within(sheet).getByText('Harbour Pest Services Ltd.', { selector: '.letterhead-name' })).toHaveAttribute('lang', 'en');
  else expect(sheet).not.toHaveTextContent('Harbour Pest Services Ltd.');
  if (language !== 'en') expect(within(sheet).getByText('海港除蟲服務有限公司', { selector: '.letterhead-name' })).toHaveAttribute('lang', 'zh-HK');
  else expect(sheet).not.toHaveTextContent('海港除蟲服務有限公司');
  expect(sheet).toHaveTextContent('Tel +852 2123 4567 · office@harbour.example · BR 31415926');
  expect(sheet.querySelector('img.letterhead-logo')).toHaveAttribute('src', LETTERHEAD.logoUrl);
  // The client's names in both languages, whatever the language of the sheet.
  expect(within(sheet).getByText('陳大文')).toHaveAttribute('lang', 'zh-HK');
  expect(within(sheet).getByText('Chan Tai Man')).toHaveAttribute('lang', 'en');
  expect(sheet).toHaveTextContent('沙田大圍村 8 號');
  // The company chop (its image) and the line for the client's signature.
  expect(sheet.querySelector('.print-signatures img.chop')).toHaveAttribute('src', LETTERHEAD.chopUrl);
  const forCompany = sheet.querySelector('.print-signatures .signature-box:last-child p')!;
  if (language === 'en') expect(forCompany).toHaveTextContent(/^For and on behalf of Harbour Pest Services Ltd\.$/);
  if (language === 'zh-HK') expect(forCompany).toHaveTextContent(/^代表 海港除蟲服務有限公司$/);
  if (language === 'both') expect(forCompany).toHaveTextContent(/^代表For and on behalf of 海港除蟲服務有限公司 Harbour Pest Services Ltd\.$/);
  expect(sheet.querySelector('.print-signatures .signature-line')).not.toBeNull();
  // Never the HKID, not even masked.
  expect(sheet).not.toHaveTextContent(/K987|987654|hkid/i);
}

/** The lines, totals and terms of a quotation or an invoice. */
function expectLinesAndTerms(sheet: HTMLElement, language: 'en' | 'zh-HK' | 'both') {
  const [head, line] = within(within(sheet).getByRole('table')).getAllByRole('row');
  const cells = within(line!).getAllByRole('cell').map((c) => c.textContent);
  // The unit beside the quantity and the price, in the sheet's languages (issue 18).
  // After the quantity the unit is counted (2.25 visits); after the price it is named (/ visit).
  const unit = { en: 'visit', 'zh-HK': '次', both: '次visit' }[language];
  const units = { en: 'visits', 'zh-HK': '次', both: '次visits' }[language];
  expect(cells.slice(1)).toEqual([`2.25 ${units}`, `HK$800.00 / ${unit}`, 'HK$1,800.00']);
  expect(line!.querySelectorAll('.print-unit [lang]')).toHaveLength(language === 'both' ? 4 : 2);
  const description = { en: 'Termite inspection', 'zh-HK': '白蟻視察', both: '白蟻視察Termite inspection' }[language];
  expect(cells[0]).toBe(description);
  expect(within(head!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(
    { en: ['Description', 'Qty', 'Unit price', 'Amount'], 'zh-HK': ['項目', '數量', '單價', '金額'], both: ['項目Description', '數量Qty', '單價Unit price', '金額Amount'] }[language],
  );
  const label = (zh: string, en: string) => (language === 'en' ? en : zh);
  expect(printed(sheet, label('小計', 'Subtotal'))).toBe('HK$1,800.00');
  expect(printed(sheet, label('折扣', 'Discount'))).toBe('−HK$180.00');
  expect(within(sheet).getByText(label('折扣', 'Discount')).closest('dt')).toHaveTextContent('(10%)');
  expect(printed(sheet, label('總額', 'Total'))).toBe('HK$1,620.00');
  const term = within(within(sheet).getByRole('list')).getByRole('listitem');
  if (language === 'en') expect(term).toHaveTextContent(/^Payment Payment within 30 days\.$/);
  if (language === 'zh-HK') expect(term).toHaveTextContent(/^付款 請於 30 天內付款。$/);
  if (language === 'both') expect(term).toHaveTextContent(/^付款 請於 30 天內付款。Payment Payment within 30 days\.$/);
}

describe('print views', () => {
  it('prints a contract quotation in English, Chinese and both: letterhead, client, lines, totals, terms, signature and chop; never the HKID the reply carried', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/quotations/basic/12', user: ADMIN, language: 'en', handler: printing });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(screen.getByRole('dialog', { name: 'Print Q-2026-00012' })).toBeInTheDocument();

    const en = await sheetIn(user, 'English', 'QUOTATION');
    expectCommon(en, 'en');
    expectLinesAndTerms(en, 'en');
    expect(printed(en, 'No.')).toBe('Q-2026-00012');
    expect(printed(en, 'Valid until')).toBe('22 Dec 2026');
    expect(printed(en, 'Contract period')).toBe('1 Jan 2027 – 31 Dec 2027');
    expect(printed(en, 'Visits')).toBe('Monthly');
    expect(en).toHaveTextContent('Accepted by the client (signature and date)');

    const zh = await sheetIn(user, '中文', '報價單');
    expectCommon(zh, 'zh-HK');
    expectLinesAndTerms(zh, 'zh-HK');
    expect(printed(zh, '有效期至')).toBe('2026年12月22日');
    expect(printed(zh, '服務次數')).toBe('每月');
    expect(zh).toHaveTextContent('客戶接納（簽署及日期）');
    expect(zh).not.toHaveTextContent('QUOTATION');

    const both = await sheetIn(user, 'Both', '報價單 QUOTATION');
    expectCommon(both, 'both');
    expectLinesAndTerms(both, 'both');
    expect(printed(both, 'Visits')).toBe('每月Monthly');
    expect(within(both).getByText('每月')).toHaveAttribute('lang', 'zh-HK');
    expect(within(both).getByText('Monthly')).toHaveAttribute('lang', 'en');
    expect(both).toHaveTextContent('客戶接納（簽署及日期）Accepted by the client (signature and date)');
  });

  it('prints an invoice with what is paid and still owed, in both languages', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'zh-HK', handler: printing });
    await user.click((await screen.findAllByRole('button', { name: '列印' }))[0]!);
    const both = await sheetIn(user, '中英對照', '發票 INVOICE');
    expectCommon(both, 'both');
    expectLinesAndTerms(both, 'both');
    expect(printed(both, 'Paid')).toBe('HK$1,050.00');
    expect(printed(both, 'Balance due')).toBe('HK$570.00');
    expect(both).toHaveTextContent('客戶簽署Client signature');
  });

  it('downloads the server’s PDF of the invoice in the language chosen beside Print; a refusal is said beside the button', async () => {
    const user = userEvent.setup();
    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    let refuse = false;
    const { transport, files } = renderApp({
      start: '/orders/order/invoice/3',
      user: ADMIN,
      language: 'en',
      handler: (r) => {
        if (r.expect !== 'file') return printing(r);
        return refuse ? { status: 422, body: { message: 'PDFs cannot be made in this demo.', errors: {}, reason: 'pdfUnavailable', details: {} } } : { status: 200, body: { blob: pdf, name: 'INV-2026-00003.pdf' } };
      },
    });
    await user.click((await screen.findAllByRole('button', { name: 'Print' }))[0]!);
    const preview = screen.getByRole('dialog', { name: 'Print INV-2026-00003' });
    await user.click(within(preview).getByRole('radio', { name: 'Both' }));
    await user.click(within(preview).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(files.saved).toEqual([{ name: 'INV-2026-00003.pdf', file: pdf }]));
    expect(transport.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/orders/3/pdf?language=both', expect: 'file' });

    refuse = true;
    await user.click(within(preview).getByRole('radio', { name: '中文' }));
    await user.click(within(preview).getByRole('button', { name: 'Download PDF' }));
    expect(await within(preview).findByRole('alert')).toHaveTextContent('The PDF could not be made. PDFs cannot be made in this demo.');
    expect(transport.requests.at(-1)).toMatchObject({ path: '/api/orders/3/pdf?language=zh-HK' });
    expect(files.saved).toHaveLength(1);
  });

  it('prints a receipt in English, Chinese and both: amount received, method and reference', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'en', handler: printing });
    await user.click(await screen.findByRole('button', { name: 'Print R-2026-00031' }));
    expect(screen.getByRole('dialog', { name: 'Print R-2026-00031' })).toBeInTheDocument();

    const en = await sheetIn(user, 'English', 'RECEIPT');
    expectCommon(en, 'en');
    expect(printed(en, 'No.')).toBe('R-2026-00031');
    expect(printed(en, 'Date')).toBe('24 Nov 2026');
    expect(printed(en, 'Invoice')).toBe('INV-2026-00003');
    expect(printed(en, 'Paid by')).toBe('Cheque');
    expect(printed(en, 'Reference')).toBe('HSBC 004512');
    expect(printed(en, 'Amount received')).toBe('HK$1,200.00');
    expect(en).toHaveTextContent('Client signature');
    // A receipt has no lines or invoice totals of its own.
    expect(within(en).queryByRole('table')).not.toBeInTheDocument();
    expect(en).not.toHaveTextContent('Balance due');

    const zh = await sheetIn(user, '中文', '收據');
    expectCommon(zh, 'zh-HK');
    expect(printed(zh, '付款方式')).toBe('支票');
    expect(printed(zh, '收款金額')).toBe('HK$1,200.00');
    expect(zh).not.toHaveTextContent('Cheque');

    const both = await sheetIn(user, 'Both', '收據 RECEIPT');
    expectCommon(both, 'both');
    expect(printed(both, 'Paid by')).toBe('支票Cheque');
    expect(printed(both, 'Amount received')).toBe('HK$1,200.00');
    expect(printed(both, '參考編號')).toBe('HSBC 004512');
  });

  it('prints a refund in English, Chinese and both: amount refunded, method and reason', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'zh-HK', handler: printing });
    await user.click(await screen.findByRole('button', { name: '列印 RF-2026-00032' }));

    const zh = await sheetIn(user, '中文', '退款單');
    expectCommon(zh, 'zh-HK');
    expect(printed(zh, '編號')).toBe('RF-2026-00032');
    expect(printed(zh, '發票')).toBe('INV-2026-00003');
    expect(printed(zh, '付款方式')).toBe('現金');
    expect(printed(zh, '原因')).toBe('Overcharged 多收');
    expect(printed(zh, '退款金額')).toBe('HK$150.00');
    expect(zh).not.toHaveTextContent('收款金額');

    const en = await sheetIn(user, 'English', 'REFUND');
    expectCommon(en, 'en');
    expect(printed(en, 'Paid by')).toBe('Cash');
    expect(printed(en, 'Reason')).toBe('Overcharged 多收');
    expect(printed(en, 'Amount refunded')).toBe('HK$150.00');

    const both = await sheetIn(user, '中英對照', '退款單 REFUND');
    expectCommon(both, 'both');
    expect(printed(both, 'Reason')).toBe('Overcharged 多收');
    expect(printed(both, '退款金額')).toBe('HK$150.00');
  });
});

describe('a refund for a usual reason', () => {
  it('prints the reason in the sheet’s language, whichever language it was recorded in', async () => {
    const user = userEvent.setup();
    const refund = { ...REFUND, reason: '服務取消' };
    const handler = (r: ApiRequest) =>
      r.path === '/api/orders/3'
        ? { status: 200, body: orderPage({ ...PRINT_ORDER, receipts: [CHEQUE, refund] }, { ...ORDER_OPTIONS, refundReasons: [{ value: 'service_cancelled', nameEn: 'Service cancelled', nameZh: '服務取消' }] }) }
        : printing(r);
    renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'en', handler });
    await user.click(await screen.findByRole('button', { name: 'Print RF-2026-00032' }));
    const en = await sheetIn(user, 'English', 'REFUND');
    expect(printed(en, 'Reason')).toBe('Service cancelled');
    expect(en).not.toHaveTextContent('服務取消');
    const zh = await sheetIn(user, '中文', '退款單');
    expect(printed(zh, '原因')).toBe('服務取消');
    const both = await sheetIn(user, 'Both', '退款單 REFUND');
    expect(printed(both, 'Reason')).toBe('服務取消Service cancelled');
  });
});

describe('reminder screens', () => {
  const BRANCHES = [
    { id: 1, nameEn: 'Head Office', nameZh: '總公司' },
    { id: 4, nameEn: 'Mong Kok Branch', nameZh: '旺角分店' },
  ];
  const overdue = (id: number, number: string, outstanding: number, client: { id: number; nameEn: string; nameZh: string }) => ({
    id,
    number,
    type: 'new_order',
    date: '2026-09-01',
    dueDate: '2026-10-01',
    total: 100_000,
    paid: 100_000 - outstanding,
    outstanding,
    status: outstanding === 100_000 ? 'outstanding' : 'partial',
    overdue: true,
    voided: false,
    client,
    salesperson: 'Sam Lee',
  });
  const lastQuery = (transport: { requests: ApiRequest[] }, path: string) => transport.requests.filter((r) => r.path === path && r.method === 'GET').at(-1)?.query;

  it('/reminders/outstanding lists the overdue invoices and their sum; branch, salesperson and sort go into the address and the request', async () => {
    const { user, transport, navigator } = renderSignedIn({
      start: '/reminders/outstanding',
      handler: (r) =>
        r.path === '/api/orders'
          ? {
              status: 200,
              body: {
                items: [overdue(41, 'INV-2026-00041', 40_000, CLIENT), overdue(42, 'INV-2026-00042', 100_000, { id: 10, nameEn: 'Lee Siu Ming', nameZh: '李小明' })],
                total: 2,
                outstandingTotal: 140_000,
                page: 1,
                perPage: 20,
                options: { ...OPTIONS, branches: BRANCHES, salespeople: [{ id: 2, name: 'Sam Lee' }, { id: 7, name: 'Ada Chan' }] },
              },
            }
          : backend(r),
    });
    const first = await screen.findByRole('row', { name: /INV-2026-00041/ });
    expect(within(first).getByRole('link', { name: 'INV-2026-00041' })).toHaveAttribute('href', '/orders/order/invoice/41');
    expect(within(first).getByText('Part paid')).toBeInTheDocument();
    expect(within(first).getByText('HK$400.00')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /INV-2026-00042/ })).toHaveTextContent('HK$1,000.00');
    expect(screen.getByText('Outstanding on these invoices: HK$1,400.00')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Invoices past their due date with money still owed. Void invoices are left out.')).toBeInTheDocument();
    // The reminder is the status filter: no status select to undo it.
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(lastQuery(transport, '/api/orders')).toEqual({ status: 'reminder_outstanding' });

    await user.selectOptions(screen.getByLabelText('Branch'), 'Mong Kok Branch');
    await user.selectOptions(screen.getByLabelText('Salesperson'), 'Ada Chan');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(navigator.current().path).toBe('/reminders/outstanding'));
    await waitFor(() => expect(new URLSearchParams(navigator.current().search).get('branch_id')).toBe('4'));
    expect(new URLSearchParams(navigator.current().search).get('salesperson_id')).toBe('7');
    await waitFor(() => expect(lastQuery(transport, '/api/orders')).toMatchObject({ status: 'reminder_outstanding', branch_id: '4', salesperson_id: '7' }));
    // The export carries the reminder and the filters.
    const exported = new URLSearchParams(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!.split('?')[1]);
    expect(Object.fromEntries(exported)).toMatchObject({ status: 'reminder_outstanding', branch_id: '4', salesperson_id: '7', format: 'csv' });

    await user.click(within(await screen.findByRole('columnheader', { name: /^Outstanding/ })).getByRole('link'));
    await waitFor(() => expect(new URLSearchParams(navigator.current().search).get('sort')).toBe('outstanding'));
    await waitFor(() => expect(lastQuery(transport, '/api/orders')).toMatchObject({ status: 'reminder_outstanding', branch_id: '4', salesperson_id: '7', sort: 'outstanding' }));
  });

  it('/reminders/bank-in lists receipts waiting for the bank and their sum; branch, staff and sort go into the address and the request', async () => {
    const user = userEvent.setup();
    const cash = { ...CHEQUE, id: 33, number: 'R-2026-00033', method: 'cash', methodName: { nameEn: 'Cash', nameZh: '現金' }, reference: '', amount: 30_000, staff: 'Ada Chan' };
    const { transport, navigator } = renderSignedIn({
      start: '/reminders/bank-in',
      language: 'zh-HK',
      handler: (r) =>
        r.path === '/api/receipts'
          ? {
              status: 200,
              body: {
                items: [CHEQUE, cash],
                total: 2,
                netAmount: 150_000,
                page: 1,
                perPage: 20,
                options: { branches: BRANCHES, staff: [{ id: 2, name: 'Sam Lee' }, { id: 7, name: 'Ada Chan' }], paymentMethods: [] },
              },
            }
          : backend(r),
    });
    const cheque = await screen.findByRole('row', { name: /R-2026-00031/ });
    expect(within(cheque).getByText('支票')).toBeInTheDocument();
    expect(within(cheque).getByText('HSBC 004512')).toBeInTheDocument();
    expect(within(cheque).getByRole('link', { name: 'INV-2026-00003' })).toHaveAttribute('href', '/orders/order/invoice/3');
    expect(within(cheque).getByRole('button', { name: '標示 R-2026-00031 已存入銀行' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /R-2026-00033/ })).toHaveTextContent('現金');
    expect(screen.getByText('已收減已退：HK$1,500.00')).toHaveAttribute('role', 'status');
    // Only receipts wait for the bank: no receipt-or-refund filter.
    expect(screen.queryByLabelText('收據或退款')).not.toBeInTheDocument();
    expect(lastQuery(transport, '/api/receipts')).toEqual({ action: 'bank-in' });

    await user.selectOptions(screen.getByLabelText('分店'), '旺角分店');
    await user.selectOptions(screen.getByLabelText('經手人'), 'Sam Lee');
    await user.click(screen.getByRole('button', { name: '套用' }));
    await waitFor(() => expect(new URLSearchParams(navigator.current().search).get('staff_id')).toBe('2'));
    expect(navigator.current().path).toBe('/reminders/bank-in');
    expect(new URLSearchParams(navigator.current().search).get('branch_id')).toBe('4');
    await waitFor(() => expect(lastQuery(transport, '/api/receipts')).toMatchObject({ action: 'bank-in', branch_id: '4', staff_id: '2' }));
    const exported = new URLSearchParams(screen.getByRole('link', { name: '匯出 CSV' }).getAttribute('href')!.split('?')[1]);
    expect(Object.fromEntries(exported)).toMatchObject({ action: 'bank-in', branch_id: '4', staff_id: '2', format: 'csv' });

    await user.click(within(await screen.findByRole('columnheader', { name: /^金額/ })).getByRole('link'));
    await waitFor(() => expect(new URLSearchParams(navigator.current().search).get('sort')).toBe('amount'));
    await waitFor(() => expect(lastQuery(transport, '/api/receipts')).toMatchObject({ action: 'bank-in', staff_id: '2', sort: 'amount' }));
  });

  it('/reminders/bank-in: “banked in” marks the receipt, loads the list again and says so', async () => {
    const user = userEvent.setup();
    const { transport } = renderSignedIn({
      start: '/reminders/bank-in',
      language: 'zh-HK',
      handler: (r) =>
        r.path === '/api/receipts/31/bank-in' && r.method === 'POST'
          ? { status: 200, body: wire(BankedReply, { banked: true }) }
          : r.path === '/api/receipts'
            ? { status: 200, body: { items: [CHEQUE], total: 1, netAmount: CHEQUE.amount, page: 1, perPage: 20, options: { branches: BRANCHES, staff: [], paymentMethods: [] } } }
            : backend(r),
    });
    await user.click(await screen.findByRole('button', { name: '標示 R-2026-00031 已存入銀行' }));
    expect(await screen.findByText('收據已標示為已存入銀行。')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/receipts/31/bank-in']);
    await waitFor(() => expect(transport.requests.filter((r) => r.method === 'GET' && r.path === '/api/receipts')).toHaveLength(2));
  });
});

describe('the invoice’s appointments (/orders/order/appointment/{id})', () => {
  const APPOINTMENTS = [
    { id: 51, date: '2026-12-01', status: 'on_hold', shownStatus: 'on_hold', upcoming: true, startTime: '09:30', allDay: false, recurrence: 'monthly', address: '沙田大圍村 8 號', workers: ['Wing Wong', 'Sam Lee'] },
    { id: 52, date: '2026-11-02', status: 'pending_recheck', shownStatus: 'pending_recheck', upcoming: false, startTime: null, allDay: true, recurrence: 'once', address: '大埔墟 3 號', workers: ['Wing Wong'] },
  ];
  const withAppointments = (appointments: unknown) => (r: ApiRequest) =>
    r.path === '/api/orders/3' ? { status: 200, body: { ...orderPage(ORDER), appointments } } : backend(r);

  it('lists the appointments linked to the invoice (date, time, next or last and that visit’s status, workers) and links to each', async () => {
    renderApp({ start: '/orders/order/appointment/3', user: ADMIN, language: 'en', handler: withAppointments(APPOINTMENTS) });
    expect(await screen.findByRole('heading', { name: 'Appointments of invoice INV-2026-00003' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Appointments' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Invoice' })).toHaveAttribute('href', '/orders/order/invoice/3');
    // The invoice's own form is not on this tab.
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    const next = screen.getByRole('row', { name: /2026-12-01/ });
    expect(within(next).getByRole('link', { name: '2026-12-01 09:30' })).toHaveAttribute('href', '/calendar/appointment/51?date=2026-12-01');
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Visit', 'Status', 'Repeat', 'Address', 'Workers']);
    expect(within(next).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-12-01 09:30 next', 'On hold', 'Monthly', '沙田大圍村 8 號', 'Wing Wong、Sam Lee']);
    const last = screen.getByRole('row', { name: /2026-11-02/ });
    expect(within(last).getByRole('link', { name: '2026-11-02 All day' })).toHaveAttribute('href', '/calendar/appointment/52?date=2026-11-02');
    expect(within(last).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-11-02 All day last', 'Pending recheck', 'Once', '大埔墟 3 號', 'Wing Wong']);
  });

  it('says so when the invoice has none', async () => {
    renderApp({ start: '/orders/order/appointment/3', user: ADMIN, language: 'zh-HK', handler: withAppointments([]) });
    expect(await screen.findByRole('heading', { name: '發票 INV-2026-00003 的預約' })).toBeInTheDocument();
    expect(screen.getByText('此發票暫未連結任何預約。可在月曆中預約的發票分頁連結。')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
