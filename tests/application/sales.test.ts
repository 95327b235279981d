import { errAsync, okAsync } from 'neverthrow';
import { filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/auth/user';
import type { OrderBook } from '../../application/ports/OrderBook';
import type { QuotationBook } from '../../application/ports/QuotationBook';
import { RouteController, type RouteView } from '../../application/navigation/RouteController';
import { ROUTES } from '../../application/navigation/routes';
import { screenValue } from '../../application/navigation/screenData';
import { OrderDesk, ReceiptDesk } from '../../application/sales/OrderDesk';
import { QuotationDesk } from '../../application/sales/QuotationDesk';
import type { Order, Quotation } from '../../application/sales/sales';
import type { Invalid } from '../../application/forms/Invalid';
import { orderStart } from '../../application/sales/orderForm';
import { quotationStart } from '../../application/sales/quotationForm';
import type { OrderScreenData, QuotationScreenData } from '../../application/sales/sales';
import { NewOrderPage, NewQuotationPage } from '../../contract/sales';
import { ContractScreenDataDecoders, SCREEN_DECODERS } from '../../infrastructure/http/screenData';
import { ADMIN, createCore } from '../support/fakes';
import { documentOptionsFixture, orderFixture, quotationFixture, SALES_CLIENT } from '../support/sales';
import { wire } from '../support/wire';

const SALES: User = { ...ADMIN, isAdmin: false, role: { id: 2, name: 'sales', permissions: ['quotation_view', 'quotation_edit', 'quotation_create', 'order_view', 'order_edit', 'receipt_create'] } };
const VIEWER: User = { ...ADMIN, isAdmin: false, role: { id: 4, name: 'viewer', permissions: ['quotation_view', 'order_view'] } };

const order = (change: Partial<Order> = {}): Order => ({ ...(orderFixture() as Order), ...change });
const quotation = (change: Partial<Quotation> = {}): Quotation => ({ ...(quotationFixture() as Quotation), ...change });

const newQuotationPage = (): QuotationScreenData => ({
  ...(wire(NewQuotationPage, { options: documentOptionsFixture(), defaults: { kind: 'contract', date: '2026-11-23', validDays: 30, branchId: 1, salespersonId: 2 }, client: null }) as Omit<Extract<QuotationScreenData, { quotation: null }>, 'quotation'>),
  quotation: null,
});
const newOrderPage = (): OrderScreenData => ({
  ...(wire(NewOrderPage, { options: documentOptionsFixture(), appointmentId: 51, defaults: { type: 'new_order', date: '2026-11-23', dueDate: '2026-12-23', paymentTermsDays: 30, branchId: null, salespersonId: 2 }, client: null }) as Omit<Extract<OrderScreenData, { order: null }>, 'order'>),
  order: null,
});

/** A book that answers every call with `saved` and records what it was asked. */
function fakeOrderBook(saved: Order) {
  const calls: unknown[][] = [];
  const book: OrderBook = {
    create: (input) => (calls.push(['create', input]), okAsync(saved)),
    update: (o, input) => (calls.push(['update', o.id, o.version, input]), okAsync(saved)),
    setVoid: (o, action, reason) => (calls.push(['setVoid', o.id, action, reason]), okAsync(saved)),
    recordPayment: (id, input) => (calls.push(['recordPayment', id, input]), okAsync(saved)),
    bankIn: (id) => (calls.push(['bankIn', id]), okAsync(undefined)),
  };
  return { book, calls };
}

function orderDesk(book: OrderBook) {
  const core = createCore({ user: ADMIN, start: '/orders/order/invoice/create' });
  return { core, desk: new OrderDesk(book, core.state, core.navigation, core.clock) };
}

describe('the receipt and refund form (OrderDesk)', () => {
  it('starts dated today in Hong Kong by the Clock, for what is still owed, by the first method offered', () => {
    const { core, desk } = orderDesk(fakeOrderBook(order()).book);
    core.clock.date = new Date('2026-11-30T17:30:00Z');
    expect(desk.paymentStart(order(), 'receipt', [{ value: 'fps' }, { value: 'cash' }])).toEqual({ date: '2026-12-01', method: 'fps', reference: '', amount: '400.00', reason: '' });
    expect(desk.paymentStart(order(), 'refund', []).amount).toBe('');
  });

  it('refuses a receipt above what is owed by the domain’s rule, with the most that can be taken, and sends nothing', () => {
    const { book, calls } = fakeOrderBook(order());
    const { desk } = orderDesk(book);
    const read = desk.readPayment(order(), 'receipt', { date: '2026-11-23', method: 'cash', reference: '', amount: '400.01', reason: '' });
    expect(read._unsafeUnwrapErr().fields).toEqual({ amount: [{ key: 'sales:validation.receiptExceedsOrderTotal', values: { maxCents: 40_000 } }] });
    const refund = desk.readPayment(order(), 'refund', { date: 'soon', method: 'cash', reference: '', amount: '600.01', reason: ' ' });
    expect(refund._unsafeUnwrapErr().fields).toEqual({
      date: [{ key: 'sales:validation.date' }],
      amount: [{ key: 'sales:validation.refundExceedsReceived', values: { maxCents: 60_000 } }],
      reason: [{ key: 'sales:validation.refundReason' }],
    });
    expect(calls).toEqual([]);
  });

  it('reads the amount as cents, trims the texts, and after saving reloads the invoice and says so', async () => {
    const { book, calls } = fakeOrderBook(order());
    const { core, desk } = orderDesk(book);
    const input = desk.readPayment(order(), 'refund', { date: '2026-11-23', method: 'cash', reference: ' R1 ', amount: '100', reason: ' Paid twice ' })._unsafeUnwrap();
    expect(input).toEqual({ kind: 'refund', date: '2026-11-23', method: 'cash', reference: 'R1', amount: 10_000, reason: 'Paid twice' });
    const viewKey = core.state.get().viewKey;
    expect((await desk.recordPayment(order(), input)).isOk()).toBe(true);
    expect(calls).toEqual([['recordPayment', 3, input]]);
    expect(core.state.get().viewKey).toBe(viewKey + 1);
    expect(core.state.get().notification).toEqual({ title: 'sales:payments.saved.refund', type: 'success' });
  });

  it('asks for a reason before voiding; a server refusal comes back as it came', async () => {
    const refused = { code: 'validation' as const, message: 'Refund the payments first.', fields: { reason: ['Refund the payments first.'] } };
    const { desk } = orderDesk({ ...fakeOrderBook(order()).book, setVoid: () => errAsync(refused) });
    expect(((await desk.setVoid(order(), 'void', '  '))._unsafeUnwrapErr() as Invalid).fields).toEqual({ reason: [{ key: 'sales:validation.voidReasonRequired' }] });
    expect((await desk.setVoid(order(), 'void', 'Wrong client'))._unsafeUnwrapErr()).toEqual(refused);
  });

  it('sends no void without a reason; a void with one reloads the invoice and says so', async () => {
    const { book, calls } = fakeOrderBook(order({ voided: true }));
    const { core, desk } = orderDesk(book);
    expect((await desk.setVoid(order(), 'void', ' '))._unsafeUnwrapErr().code).toBe('invalid');
    expect(calls).toEqual([]);
    const viewKey = core.state.get().viewKey;
    expect((await desk.setVoid(order(), 'void', ' Wrong client '))._unsafeUnwrap().voided).toBe(true);
    expect(calls).toEqual([['setVoid', 3, 'void', 'Wrong client']]);
    expect(core.state.get().viewKey).toBe(viewKey + 1);
    expect(core.state.get().notification).toEqual({ title: 'sales:order.voided', type: 'success' });
  });

  it('pays as typed: a form the domain refuses is every field’s message and sends nothing; one it takes is recorded, the invoice reloads and says so', async () => {
    const { book, calls } = fakeOrderBook(order());
    const { core, desk } = orderDesk(book);
    const refused = await desk.pay(order(), 'receipt', { date: 'soon', method: 'cash', reference: '', amount: '400.01', reason: '' });
    expect(refused._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { date: [{ key: 'sales:validation.date' }], amount: [{ key: 'sales:validation.receiptExceedsOrderTotal', values: { maxCents: 40_000 } }] },
    });
    expect(calls).toEqual([]);
    const viewKey = core.state.get().viewKey;
    expect((await desk.pay(order(), 'receipt', { date: '2026-11-23', method: 'cash', reference: ' C-1 ', amount: '400', reason: '' })).isOk()).toBe(true);
    expect(calls).toEqual([['recordPayment', 3, { kind: 'receipt', date: '2026-11-23', method: 'cash', reference: 'C-1', amount: 40_000, reason: '' }]]);
    expect(core.state.get().viewKey).toBe(viewKey + 1);
    expect(core.state.get().notification).toEqual({ title: 'sales:payments.saved.receipt', type: 'success' });
  });

  it('pays back a server refusal as it came, its domain reason and figures kept', async () => {
    const refused = { code: 'validation' as const, message: '', fields: {}, reason: 'receiptExceedsOrderTotal', details: { maxCents: 10_000 } };
    const { core, desk } = orderDesk({ ...fakeOrderBook(order()).book, recordPayment: () => errAsync(refused) });
    const before = core.state.get();
    expect((await desk.pay(order(), 'receipt', { date: '2026-11-23', method: 'cash', reference: '', amount: '100', reason: '' }))._unsafeUnwrapErr()).toEqual(refused);
    expect(core.state.get().viewKey).toBe(before.viewKey);
    expect(core.state.get().notification).toEqual(before.notification);
  });
});

describe('the invoice’s dialogs kept from a failed save (OrderDesk)', () => {
  it('opens again the dialog whose input was kept for the invoice as it is now, none for another version or a new invoice', () => {
    const { desk } = orderDesk(fakeOrderBook(order()).book);
    const kept = new Set([desk.dialogDraftKey(order(), 'refund')]);
    const drafts = { has: (key: string) => kept.has(key) };
    expect(desk.dialogDraftKey(order(), 'refund')).toBe('order-refund:3:4');
    expect(desk.keptDialog(order(), drafts)).toBe('refund');
    expect(desk.keptDialog(order({ version: 5 }), drafts)).toBeNull();
    expect(desk.keptDialog(null, drafts)).toBeNull();
  });
});

describe('the invoice form (OrderDesk)', () => {
  it('a new invoice opens at its own address, then says it is saved; an edit reloads the screen', async () => {
    const saved = order({ id: 44 });
    const { book, calls } = fakeOrderBook(saved);
    const { core, desk } = orderDesk(book);
    core.state.set({ unsavedChanges: true });
    const input = { type: 'new_order' as const, date: '2026-11-23', dueDate: '2026-12-23', clientId: 9, branchId: 1, salespersonId: 2, discountRateBp: 0, items: [], termIds: [], notes: '' };
    await desk.save(null, input, 51);
    expect(calls).toEqual([['create', { ...input, appointmentId: 51 }]]);
    expect(core.navigator.current().path).toBe('/orders/order/invoice/44');
    expect(core.state.get()).toMatchObject({ unsavedChanges: false, notification: { title: 'sales:order.saved', type: 'success' } });
    const viewKey = core.state.get().viewKey;
    await desk.save(order(), input, null);
    expect(calls[1]).toEqual(['update', 3, 4, input]);
    expect(core.state.get().viewKey).toBe(viewKey + 1);
  });

  it('submits the form as typed: every field the domain refuses and nothing sent, or the invoice saved for the appointment it was made from', async () => {
    const saved = order({ id: 45 });
    const { book, calls } = fakeOrderBook(saved);
    const { core, desk } = orderDesk(book);
    const screen = newOrderPage();
    const blank = orderStart(screen);
    const refused = await desk.submit(null, { ...blank, dueDate: '2026-11-01' }, 51);
    expect(refused._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { clientId: [{ key: 'sales:validation.client' }], 'items.0.unitPrice': [{ key: 'sales:validation.moneyFormat' }], 'items.0.descriptionZh': [{ key: 'sales:lines.describe' }], dueDate: [{ key: 'sales:validation.dueBeforeDate' }] },
    });
    expect(calls).toEqual([]);
    const typed = { ...blank, client: SALES_CLIENT, lines: [{ ...blank.lines[0]!, descriptionZh: ' 清潔 ', unitPrice: '120.5' }] };
    expect((await desk.submit(null, typed, 51))._unsafeUnwrap()).toBe(saved);
    expect(calls).toEqual([['create', expect.objectContaining({ clientId: SALES_CLIENT.id, appointmentId: 51, dueDate: '2026-12-23', items: [{ productId: null, descriptionZh: '清潔', descriptionEn: '', quantity: 100, unitPrice: 12_050 }] })]]);
    expect(core.navigator.current().path).toBe('/orders/order/invoice/45');
    expect(core.state.get().notification).toEqual({ title: 'sales:order.saved', type: 'success' });
  });

  it('offers what the user’s rights and the invoice’s figures allow', () => {
    const { desk } = orderDesk(fakeOrderBook(order()).book);
    expect(desk.offers(ADMIN, order())).toEqual({ canEdit: true, voiding: true, receipt: true, refund: true, files: true });
    expect(desk.offers(SALES, order({ outstanding: 0, paid: 100_000, status: 'paid' }))).toEqual({ canEdit: true, voiding: false, receipt: false, refund: true, files: true });
    expect(desk.offers(ADMIN, order({ voided: true, status: 'void', paid: 0, outstanding: 0 }))).toMatchObject({ canEdit: false, receipt: false, refund: false });
    expect(desk.offers(VIEWER, order())).toEqual({ canEdit: false, voiding: false, receipt: false, refund: false, files: false });
    expect(desk.offers(VIEWER, null).canEdit).toBe(false);
  });
});

describe('the invoice screen’s data', () => {
  const good = { order: orderFixture(), attachments: [], appointments: [], options: { branches: [], salespeople: [], products: [], terms: [], paymentMethods: [], refundReasons: [] } };
  const open = async (reply: unknown) => {
    const core = createCore({ user: ADMIN, start: '/orders/order/invoice/3', handler: () => ({ status: 200, body: reply }) });
    core.currentUser.restore();
    const routes = new RouteController(core.navigator, core.currentUser, core.state, core.api, core.clock, core.shownHere, ROUTES, new ContractScreenDataDecoders(SCREEN_DECODERS));
    const views: RouteView[] = [];
    routes.view$.subscribe((v) => views.push(v));
    const view = await firstValueFrom(routes.view$.pipe(filter((v) => v.kind !== 'loading' && v.kind !== 'redirecting')));
    return { core, view, views };
  };

  it('is read by the wire contract; a reply of another shape is the 500 page, never a screen of defaults', async () => {
    const read = await open(good);
    expect(read.view.kind === 'ready' && screenValue(read.view.data, 'order').order?.number).toBe('INV-2026-00003');
    expect(read.core.navigator.current().path).toBe('/orders/order/invoice/3');
    const bad = await open({ ...good, order: { ...good.order, status: 'unpaid' } });
    expect(bad.views.some((v) => v.kind === 'ready' && v.match.route.screen === 'order')).toBe(false);
    expect(bad.core.navigator.current().path).toBe('/error-500');
  });

  it('for a new invoice is its form’s page, with no invoice', async () => {
    const decode = await new ContractScreenDataDecoders(SCREEN_DECODERS).decoderFor('order')!;
    const page = { options: { branches: [], salespeople: [], products: [], terms: [] }, appointmentId: null, defaults: { type: 'new_order', date: '2026-11-23', dueDate: '2026-12-23', paymentTermsDays: 30, branchId: null, salespersonId: null }, client: null };
    expect(decode(page)._unsafeUnwrap()).toEqual({ ...page, order: null });
    expect(decode({ ...page, defaults: { ...page.defaults, type: 'other' } }).isErr()).toBe(true);
  });
});

describe('the quotation screen (QuotationDesk)', () => {
  function quotationDesk(book: Partial<QuotationBook> = {}) {
    const core = createCore({ user: ADMIN, start: '/quotations/basic/12' });
    const full: QuotationBook = {
      create: () => okAsync(quotation()),
      update: () => okAsync(quotation()),
      move: (_q, status) => okAsync(quotation({ status })),
      convert: () => okAsync(77),
      remove: () => okAsync(undefined),
      ...book,
    };
    return { core, desk: new QuotationDesk(full, core.state, core.navigation, core.confirmation) };
  }

  it('offers the domain’s moves for each status, and only to who may edit', () => {
    const { desk } = quotationDesk();
    expect(desk.offers(SALES, quotation({ status: 'draft' })).moves).toEqual(['sent']);
    expect(desk.offers(SALES, quotation({ status: 'sent' })).moves).toEqual(['accepted', 'rejected', 'draft']);
    expect(desk.offers(SALES, quotation({ status: 'expired' })).moves).toEqual(['draft']);
    expect(desk.offers(SALES, quotation({ status: 'accepted' }))).toMatchObject({ moves: [], editable: false, convert: false, delete: false });
    expect(desk.offers(ADMIN, quotation({ status: 'accepted' })).convert).toBe(true);
    expect(desk.offers(ADMIN, quotation({ status: 'accepted', order: { id: 7, number: 'INV-7' } })).convert).toBe(false);
    expect(desk.offers(VIEWER, quotation({ status: 'sent' }))).toMatchObject({ canEdit: false, editable: false, moves: [] });
    expect(desk.offers(ADMIN, quotation()).delete).toBe(true);
  });

  it('submits the form as typed: every field the domain refuses and nothing sent, or the new quotation saved and opened', async () => {
    const created: unknown[] = [];
    const { core, desk } = quotationDesk({ create: (input) => (created.push(input), okAsync(quotation({ id: 13 }))) });
    const typed = { ...quotationStart(newQuotationPage(), null), client: SALES_CLIENT };
    const refused = await desk.submit(null, { ...typed, validDays: '0' });
    expect((refused._unsafeUnwrapErr() as Invalid).fields).toMatchObject({ validDays: [{ key: 'sales:validation.validDays' }] });
    expect(created).toEqual([]);
    const line = { ...typed.lines[0]!, descriptionEn: 'Check', unitPrice: '80' };
    expect((await desk.submit(null, { ...typed, kind: 'basic', lines: [line] }))._unsafeUnwrap().id).toBe(13);
    expect(created).toEqual([expect.objectContaining({ clientId: SALES_CLIENT.id, kind: 'basic', validDays: 30, contract: null })]);
    expect(core.navigator.current().path).toBe('/quotations/basic/13');
    expect(core.state.get()).toMatchObject({ unsavedChanges: false, notification: { title: 'sales:quotation.saved', type: 'success' } });
  });

  it('turns an accepted quotation into an order and opens it; deletes a draft only once confirmed', async () => {
    const removed: number[] = [];
    const { core, desk } = quotationDesk({ remove: (id) => (removed.push(id), okAsync(undefined)) });
    await desk.convert(quotation({ status: 'accepted' }));
    expect(core.navigator.current().path).toBe('/orders/order/invoice/77');
    expect(core.state.get().notification.title).toBe('sales:quotation.converted');

    const declined = desk.remove(quotation());
    core.confirmation.answer(false);
    expect((await declined)._unsafeUnwrap()).toBe(false);
    expect(removed).toEqual([]);
    const confirmed = desk.remove(quotation());
    core.confirmation.answer(true);
    expect((await confirmed)._unsafeUnwrap()).toBe(true);
    expect(removed).toEqual([12]);
    expect(core.navigator.current().path).toBe('/quotations');
  });
});

describe('the receipts lists (ReceiptDesk)', () => {
  function receiptDesk(outcome: 'ok' | 'conflict' = 'ok') {
    const core = createCore({ user: ADMIN, start: '/reminders/bank-in' });
    const banked: number[] = [];
    const book: OrderBook = { ...fakeOrderBook(order()).book, bankIn: (id) => (banked.push(id), outcome === 'ok' ? okAsync(undefined) : errAsync({ code: 'conflict' as const, message: 'Someone else saved it first.' })) };
    return { core, banked, desk: new ReceiptDesk(book, core.state) };
  }

  it('offers the bank-in button only to who may edit receipts', () => {
    const { desk } = receiptDesk();
    expect(desk.offers(ADMIN)).toEqual({ bankIn: true });
    expect(desk.offers(SALES)).toEqual({ bankIn: false });
    expect(desk.offers({ ...VIEWER, role: { id: 5, name: 'accounts', permissions: ['receipt_view', 'receipt_edit'] } })).toEqual({ bankIn: true });
  });

  it('banks a receipt in, then loads the list again and says so; a refusal changes nothing', async () => {
    const { core, banked, desk } = receiptDesk();
    const viewKey = core.state.get().viewKey;
    expect((await desk.bankIn(31)).isOk()).toBe(true);
    expect(banked).toEqual([31]);
    expect(core.state.get().viewKey).toBe(viewKey + 1);
    expect(core.state.get().notification.title).toBe('sales:reminders.banked');

    const refused = receiptDesk('conflict');
    const before = refused.core.state.get();
    expect((await refused.desk.bankIn(31))._unsafeUnwrapErr().code).toBe('conflict');
    expect(refused.core.state.get().viewKey).toBe(before.viewKey);
    expect(refused.core.state.get().notification).toEqual(before.notification);
  });
});
