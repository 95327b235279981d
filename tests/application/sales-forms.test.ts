import { describe, expect, it } from 'vitest';
import { chooseProduct, comparableForm, documentFigures, documentStart, emptyLine, lineAmount, readDocument, rekeyLines, tickTerm, type DocumentForm } from '../../application/sales/documentForm';
import { changeOrderForm, orderStart, readOrderForm } from '../../application/sales/orderForm';
import { plannedVisits, quotationStart, readQuotationForm } from '../../application/sales/quotationForm';
import type { DocumentOptions, Order, OrderScreenData, ProductOption, Quotation, QuotationScreenData } from '../../application/sales/sales';
import { NewOrderPage, NewQuotationPage } from '../../contract/sales';
import { documentOptionsFixture, invoiceOptionsFixture, orderFixture, quotationFixture, SALES_CLIENT } from '../support/sales';
import { wire } from '../support/wire';

const OPTIONS_WIRE = documentOptionsFixture({ terms: [{ id: 7, titleEn: 'Warranty', titleZh: '保養' }, { id: 8, titleEn: 'Payment', titleZh: '付款' }] });
const OPTIONS: DocumentOptions = OPTIONS_WIRE;
const PRODUCT = OPTIONS.products[0] as ProductOption;
/** The message (sales namespace) of a rule the form breaks. */
const rule = (key: string) => ({ key: `sales:${key}` });

const quotation = (change: Partial<Quotation> = {}): Quotation => ({ ...(quotationFixture() as Quotation), ...change });
const order = (change: Partial<Order> = {}): Order => ({ ...(orderFixture() as Order), ...change });

const newQuotationPage = (): QuotationScreenData => ({
  ...(wire(NewQuotationPage, { options: OPTIONS_WIRE, defaults: { kind: 'contract', date: '2026-11-23', validDays: 14, branchId: 1, salespersonId: 2 }, client: SALES_CLIENT }) as Omit<Extract<QuotationScreenData, { quotation: null }>, 'quotation'>),
  quotation: null,
});
const newOrderPage = (): OrderScreenData => ({
  ...(wire(NewOrderPage, { options: OPTIONS_WIRE, appointmentId: null, defaults: { type: 'new_order', date: '2026-11-23', dueDate: '2026-12-23', paymentTermsDays: 30, branchId: null, salespersonId: 2 }, client: null }) as Omit<Extract<OrderScreenData, { order: null }>, 'order'>),
  order: null,
});

/** A filled, valid document form: the fixture client, one line of 1.5 × HK$800.00 and a 5.5% discount. */
function filled(change: Partial<DocumentForm> = {}): DocumentForm {
  const start = documentStart(null, { defaults: { date: '2026-11-23', branchId: 1, salespersonId: null }, client: SALES_CLIENT }, OPTIONS);
  const line = { ...emptyLine(), productId: '5', descriptionZh: ' 白蟻視察 ', quantity: '1.5', unitPrice: '800' };
  return { ...start, discount: '5.5', lines: [line], notes: ' Back gate ', ...change };
}

describe('the quotation’s and invoice’s shared form (documentStart, readDocument)', () => {
  it('opens a saved document with its values: the discount from basis points as the percentage typed, lines as text, its terms ticked by title', () => {
    const saved = quotation({ discountRateBp: 1_225, branchId: null, terms: [{ titleEn: 'Payment', titleZh: '付款', bodyEn: '', bodyZh: '' }], notes: 'Call first' });
    const form = documentStart(saved, null, OPTIONS);
    expect({ ...form, lines: form.lines.map(({ key: _key, ...line }) => line) }).toEqual({
      client: saved.client,
      date: '2026-11-23',
      branchId: '',
      salespersonId: '2',
      discount: '12.25',
      lines: [{ productId: '5', descriptionZh: '白蟻視察', descriptionEn: 'Termite inspection', quantity: '1', unitPrice: '800.00' }],
      termIds: [8],
      notes: 'Call first',
    });
    expect(documentStart(quotation({ discountRateBp: 550 }), null, OPTIONS).discount).toBe('5.5');
    expect(documentStart(quotation({ discountRateBp: 0 }), null, OPTIONS).discount).toBe('');
  });

  it('opens a new document with its defaults, the client it is made for, one empty line and every term ticked', () => {
    const form = documentStart(null, { defaults: { date: '2026-11-23', branchId: 1, salespersonId: null }, client: SALES_CLIENT }, OPTIONS);
    expect(form).toMatchObject({ client: SALES_CLIENT, date: '2026-11-23', branchId: '1', salespersonId: '', discount: '', termIds: [7, 8], notes: '' });
    expect(form.lines).toHaveLength(1);
    expect(form.lines[0]).toMatchObject({ productId: '', quantity: '1', unitPrice: '' });
  });

  it('reads money, quantities and the discount exactly (cents, hundredths, basis points), trimming the texts', () => {
    const read = readDocument(filled());
    expect(read.fields).toEqual({});
    expect(read.value).toEqual({
      clientId: 9,
      date: '2026-11-23',
      branchId: 1,
      salespersonId: null,
      discountRateBp: 550,
      items: [{ productId: 5, descriptionZh: '白蟻視察', descriptionEn: '', quantity: 150, unitPrice: 80_000 }],
      termIds: [7, 8],
      notes: 'Back gate',
    });
  });

  it('names every rule the form breaks at once, keyed like the server’s fields', () => {
    const bad = { ...emptyLine(), quantity: '0', unitPrice: '12.345' };
    expect(readDocument(filled({ client: null, date: '23/11', discount: '101', lines: [bad] })).fields).toEqual({
      clientId: [rule('validation.client')],
      date: [rule('validation.date')],
      discountRateBp: [rule('validation.rateRange')],
      'items.0.quantity': [rule('lines.quantityRange')],
      'items.0.unitPrice': [rule('validation.moneyFormat')],
      'items.0.descriptionZh': [rule('lines.describe')],
    });
    expect(readDocument(filled({ lines: [] })).fields).toEqual({ items: [rule('lines.none')] });
  });

  it('works out a line’s amount and the figures by the domain’s rules while the person types', () => {
    const form = filled();
    expect(lineAmount(form.lines[0]!)).toBe(120_000);
    expect(lineAmount({ ...form.lines[0]!, unitPrice: 'abc' })).toBeNull();
    expect(documentFigures(form)).toEqual({ subtotal: 120_000, discount: 6_600, total: 113_400 });
    expect(documentFigures({ ...form, discount: 'lots' })).toEqual({ subtotal: 120_000, discount: 0, total: 120_000 });
  });

  it('fills a line from the product chosen, keeping descriptions typed by hand and replacing those the previous product brought', () => {
    const blank = emptyLine();
    expect(chooseProduct(blank, '5', OPTIONS.products)).toEqual({ productId: '5', unitPrice: '800.00', descriptionZh: PRODUCT.nameZh, descriptionEn: PRODUCT.nameEn });
    expect(chooseProduct({ ...blank, descriptionZh: '自訂' }, '5', OPTIONS.products)).toEqual({ productId: '5', unitPrice: '800.00' });
    const other: ProductOption = { id: 6, code: 'BB-01', nameEn: 'Bed bugs', nameZh: '床蝨', unit: 'visit', unitPrice: 120_010 };
    const chosen = { ...blank, productId: '5', descriptionZh: PRODUCT.nameZh, descriptionEn: PRODUCT.nameEn };
    expect(chooseProduct(chosen, '6', [...OPTIONS.products, other])).toEqual({ productId: '6', unitPrice: '1200.10', descriptionZh: '床蝨', descriptionEn: 'Bed bugs' });
    expect(chooseProduct(chosen, '', OPTIONS.products)).toEqual({ productId: '' });
  });

  it('compares forms without the lines’ keys, and gives kept lines fresh keys', () => {
    const form = filled();
    const rekeyed = { ...form, lines: rekeyLines(form.lines) };
    expect(rekeyed.lines[0]!.key).not.toBe(form.lines[0]!.key);
    expect(comparableForm(rekeyed)).toBe(comparableForm(form));
    const changed: DocumentForm = { ...form, notes: 'x' };
    expect(comparableForm(changed)).not.toBe(comparableForm(form));
  });
});

describe('the quotation form model', () => {
  it('opens a new quotation with the screen’s defaults (kind, validity) and a monthly contract', () => {
    const start = quotationStart(newQuotationPage(), null);
    expect(start).toMatchObject({ client: SALES_CLIENT, date: '2026-11-23', branchId: '1', salespersonId: '2', kind: 'contract', validDays: '14', periodStart: '', periodEnd: '', frequency: 'monthly' });
  });

  it('opens a quotation with its own kind, validity and contract terms', () => {
    const saved = quotation({ kind: 'contract', validDays: 45, contract: { periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'quarterly' } });
    const screen: QuotationScreenData = { quotation: saved, tab: 'contract', options: OPTIONS };
    expect(quotationStart(screen, saved)).toMatchObject({ kind: 'contract', validDays: '45', periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'quarterly', discount: '' });
  });

  it('reads a contract quotation into what is saved, and plans its visits by the domain', () => {
    const form = { ...quotationStart(newQuotationPage(), null), ...filled({ termIds: [7] }), kind: 'contract' as const, validDays: ' 30 ', periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'quarterly' as const };
    const input = readQuotationForm(form)._unsafeUnwrap();
    expect(input).toMatchObject({ clientId: 9, discountRateBp: 550, kind: 'contract', validDays: 30, termIds: [7], contract: { periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'quarterly' } });
    expect(plannedVisits(form)).toEqual(['2027-01-01', '2027-04-01', '2027-07-01', '2027-10-01']);
    expect(plannedVisits({ ...form, kind: 'basic' })).toEqual([]);
    expect(plannedVisits({ ...form, periodEnd: '' })).toEqual([]);
    expect(readQuotationForm({ ...form, kind: 'basic' })._unsafeUnwrap().contract).toBeNull();
  });

  it('refuses validity outside 1–365 whole days and a contract ending before it starts, with the shared fields’ messages', () => {
    const form = { ...quotationStart(newQuotationPage(), null), ...filled({ client: null }), kind: 'contract' as const, validDays: '1.5', periodStart: '2027-02-01', periodEnd: '2027-01-31' };
    expect(readQuotationForm(form)._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { clientId: [rule('validation.client')], validDays: [rule('validation.validDays')], 'contract.periodEnd': [rule('validation.contractPeriod')] },
    });
    for (const validDays of ['0', '366', '', 'x']) expect(readQuotationForm({ ...form, client: SALES_CLIENT, kind: 'basic', validDays })._unsafeUnwrapErr().fields).toEqual({ validDays: [rule('validation.validDays')] });
    expect(readQuotationForm({ ...form, client: SALES_CLIENT, periodStart: 'soon', periodEnd: '' })._unsafeUnwrapErr().fields).toEqual({
      validDays: [rule('validation.validDays')],
      'contract.periodStart': [rule('validation.date')],
      'contract.periodEnd': [rule('validation.date')],
    });
  });
});

describe('the invoice form model', () => {
  it('opens a new invoice with the screen’s defaults, and an invoice with its own type and due date', () => {
    expect(orderStart(newOrderPage())).toMatchObject({ client: null, date: '2026-11-23', branchId: '', salespersonId: '2', type: 'new_order', dueDate: '2026-12-23' });
    const saved = order({ type: 'maintenance', dueDate: '2026-12-05', discountRateBp: 1_000 });
    const screen: OrderScreenData = { order: saved, options: invoiceOptionsFixture(), attachments: [], appointments: null };
    expect(orderStart(screen)).toMatchObject({ type: 'maintenance', dueDate: '2026-12-05', discount: '10', date: '2026-11-01' });
  });

  it('moves a new invoice’s due date with its date by the payment terms, until the user sets it', () => {
    const screen = newOrderPage();
    const form = orderStart(screen);
    expect(changeOrderForm(form, { date: '2026-12-01' }, screen, false).dueDate).toBe('2026-12-31');
    expect(changeOrderForm(form, { date: '2026-12-01' }, screen, true).dueDate).toBe('2026-12-23');
    expect(changeOrderForm(form, { dueDate: '2027-01-05' }, screen, true)).toEqual({ ...form, dueDate: '2027-01-05' });
    expect(changeOrderForm(form, { notes: 'x' }, screen, false)).toEqual({ ...form, notes: 'x' });
  });

  it('reads the invoice into what is saved, or refuses a due date before the invoice’s date', () => {
    const form = { ...orderStart(newOrderPage()), ...filled() };
    expect(readOrderForm(form)._unsafeUnwrap()).toMatchObject({ clientId: 9, type: 'new_order', dueDate: '2026-12-23', discountRateBp: 550 });
    expect(readOrderForm({ ...form, dueDate: '2026-11-22' })._unsafeUnwrapErr().fields).toEqual({ dueDate: [rule('validation.dueBeforeDate')] });
    expect(readOrderForm({ ...form, dueDate: '', lines: [] })._unsafeUnwrapErr().fields).toEqual({ items: [rule('lines.none')], dueDate: [rule('validation.date')] });
  });
});

describe('ticking the terms (tickTerm)', () => {
  it('adds a ticked term once and drops an unticked one', () => {
    expect(tickTerm([7], 8, true)).toEqual([7, 8]);
    expect(tickTerm([7, 8], 8, true)).toEqual([7, 8]);
    expect(tickTerm([7, 8], 7, false)).toEqual([8]);
    expect(tickTerm([], 7, false)).toEqual([]);
  });
});
