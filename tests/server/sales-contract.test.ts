import { expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  BankedReply,
  ConvertReply,
  DeletedReply,
  NewOrderPage,
  NewQuotationPage,
  OrderList,
  OrderPage,
  OrderReply,
  PaymentReply,
  QuotationList,
  QuotationPage,
  QuotationReply,
  ReceiptList,
  ReceiptPage,
  ReceiptRefusal,
  VoidRefusal,
} from '../../contract/sales';
import { AppointmentScreenReply, SavedReply } from '../../contract/appointments';
import { AttachmentsReply } from '../../contract/attachments';
import { ClientList, ClientPage, CLIENT_TABS } from '../../contract/clients';
import { DEMO, describeContract, readReply } from './harness';

/*
 * The sales endpoints, read by contract/sales.ts (the frame: describeContract in harness.ts).
 */

/** A new invoice of one line for a client, with the form's defaults. */
const orderInput = (form: z.output<typeof NewOrderPage>, clientId: number, line: { descriptionEn: string; descriptionZh: string; unitPrice: number }, termIds: number[]) => ({
  type: 'new_order',
  date: form.defaults.date,
  dueDate: form.defaults.dueDate,
  clientId,
  branchId: form.defaults.branchId,
  salespersonId: form.defaults.salespersonId,
  discountRateBp: 0,
  items: [{ productId: null, quantity: 100, ...line }],
  termIds,
  notes: '',
  appointmentId: null,
});

describeContract('the sales replies', (agent) => {
  it('quotations: list, form, create, read, update, move, convert and delete', async () => {
    const list = readReply(QuotationList, await agent.get('/api/quotations'));
    expect(list.items.length).toBeGreaterThan(0);
    const form = readReply(NewQuotationPage, await agent.get('/api/quotations/create?kind=contract'));
    const clientId = readReply(ClientList, await agent.get('/api/clients')).items[0]!.id;
    const product = form.options.products[0]!;
    const input = {
      kind: 'contract',
      date: form.defaults.date,
      clientId,
      branchId: form.defaults.branchId,
      salespersonId: form.defaults.salespersonId,
      validDays: form.defaults.validDays,
      discountRateBp: 500,
      items: [
        { productId: product.id, descriptionEn: '', descriptionZh: '', quantity: 150, unitPrice: product.unitPrice },
        { productId: null, descriptionEn: 'Call-out', descriptionZh: '上門', quantity: 100, unitPrice: 20_000 },
      ],
      termIds: form.options.terms.map((t) => t.id),
      notes: 'Side gate',
      contract: { periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'quarterly' },
    };
    const created = readReply(QuotationReply, await agent.post('/api/quotations', input), 201).quotation;
    expect(created.contract).toEqual(input.contract);
    readReply(QuotationPage, await agent.get(`/api/quotations/${created.id}?tab=contract`));
    const updated = readReply(QuotationReply, await agent.put(`/api/quotations/${created.id}`, { ...input, notes: 'Front gate', version: created.version })).quotation;
    const sent = readReply(QuotationReply, await agent.post(`/api/quotations/${created.id}/status`, { status: 'sent', version: updated.version })).quotation;
    const accepted = readReply(QuotationReply, await agent.post(`/api/quotations/${created.id}/status`, { status: 'accepted', version: sent.version })).quotation;
    const converted = readReply(ConvertReply, await agent.post(`/api/quotations/${created.id}/convert`, { version: accepted.version }), 201);
    expect(converted.quotation.order?.id).toBe(converted.orderId);
    const order = readReply(OrderPage, await agent.get(`/api/orders/${converted.orderId}`)).order;
    expect(order.quotation).toEqual({ id: created.id, number: created.number, kind: 'contract' });
    // The quotation with the order it became.
    expect(readReply(QuotationPage, await agent.get(`/api/quotations/${created.id}`)).quotation.order?.id).toBe(converted.orderId);

    const draft = readReply(QuotationReply, await agent.post('/api/quotations', { ...input, kind: 'basic', contract: null }), 201).quotation;
    readReply(DeletedReply, await agent.request('DELETE', `/api/quotations/${draft.id}`, undefined, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! }));
  });

  it('orders: list, form, create, read, update, receipts, refunds, void and unvoid', async () => {
    const list = readReply(OrderList, await agent.get('/api/orders'));
    expect(list.items.length).toBeGreaterThan(0);
    readReply(OrderList, await agent.get('/api/orders?status=reminder_outstanding'));
    const form = readReply(NewOrderPage, await agent.get('/api/orders/create'));
    const clientId = list.items[0]!.client.id;
    const withClient = readReply(NewOrderPage, await agent.get(`/api/orders/create?client_id=${clientId}`));
    expect(withClient.client?.id).toBe(clientId);
    const input = orderInput(form, clientId, { descriptionEn: 'Inspection', descriptionZh: '視察', unitPrice: 100_000 }, form.options.terms.map((t) => t.id));
    const created = readReply(OrderReply, await agent.post('/api/orders', input), 201).order;
    const page = readReply(OrderPage, await agent.get(`/api/orders/${created.id}`));
    expect(page.options.paymentMethods.length).toBeGreaterThan(0);
    const { appointmentId: _unused, ...update } = input;
    const updated = readReply(OrderReply, await agent.put(`/api/orders/${created.id}`, { ...update, notes: 'Gate 1234', version: created.version })).order;

    const refused = readReply(ReceiptRefusal, await agent.post(`/api/orders/${created.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cash', reference: '', amount: 100_001, reason: '' }), 422);
    expect(refused).toMatchObject({ code: 'receiptExceedsOrderTotal', maxCents: 100_000 });
    const paid = readReply(PaymentReply, await agent.post(`/api/orders/${created.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cash', reference: 'R1', amount: 60_000, reason: '' }), 201);
    expect(paid.order.receipts.map((r) => r.id)).toEqual([paid.receiptId]);
    const refunded = readReply(PaymentReply, await agent.post(`/api/orders/${created.id}/receipts`, { kind: 'refund', date: '2026-11-23', method: 'cash', reference: '', amount: 60_000, reason: 'Overpaid' }), 201).order;
    expect(refunded.status).toBe('outstanding');

    const stillPaid = readReply(PaymentReply, await agent.post(`/api/orders/${created.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'fps', reference: '', amount: 1_000, reason: '' }), 201).order;
    readReply(VoidRefusal, await agent.post(`/api/orders/${created.id}/void`, { reason: 'Wrong client', version: stillPaid.version }), 422);
    const back = readReply(PaymentReply, await agent.post(`/api/orders/${created.id}/receipts`, { kind: 'refund', date: '2026-11-23', method: 'fps', reference: '', amount: 1_000, reason: 'Wrong client' }), 201).order;
    const voided = readReply(OrderReply, await agent.post(`/api/orders/${created.id}/void`, { reason: 'Wrong client', version: back.version })).order;
    expect(voided).toMatchObject({ voided: true, status: 'void', voidedBy: DEMO.admin.name });
    expect(voided.voidedAt).not.toBeNull();
    readReply(OrderReply, await agent.post(`/api/orders/${created.id}/unvoid`, { reason: 'Right after all', version: voided.version }));
    expect(updated.notes).toBe('Gate 1234');
  });

  /*
   * Issue 31, item 13: GET /api/orders/{id} sent each linked appointment with fields its contract does
   * not have (rrule, firstDate, start). Every record here is read with what links to it — an invoice
   * with its appointments (a repeating one and a one-off), receipts, refunds and files; the
   * appointment on each of its tabs with the invoice; the client on every tab with them all.
   */
  it('an invoice with its linked records: appointments, receipts, refunds and attachments; and the appointment and client with them', async () => {
    const form = readReply(NewOrderPage, await agent.get('/api/orders/create'));
    const clientId = readReply(OrderList, await agent.get('/api/orders')).items[0]!.client.id;
    const input = orderInput(form, clientId, { descriptionEn: 'Termite treatment', descriptionZh: '白蟻處理', unitPrice: 300_000 }, []);
    const invoice = readReply(OrderReply, await agent.post('/api/orders', input), 201).order;
    readReply(PaymentReply, await agent.post(`/api/orders/${invoice.id}/receipts`, { kind: 'receipt', date: form.defaults.date, method: 'cash', reference: 'R1', amount: 100_000, reason: '' }), 201);
    readReply(PaymentReply, await agent.post(`/api/orders/${invoice.id}/receipts`, { kind: 'refund', date: form.defaults.date, method: 'cash', reference: '', amount: 20_000, reason: 'Overpaid' }), 201);
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
    const upload = { 'Content-Type': 'application/pdf', 'X-File-Name': 'site-plan.pdf', 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! };
    readReply(AttachmentsReply, await agent.raw('POST', `/api/orders/${invoice.id}/attachments`, pdf, upload), 201);
    const visit = { clientId, address: '灣仔道 1 號', areaId: null, workerIds: [1], date: '2027-03-01', startTime: '10:00', endTime: '11:30', notes: '', orderId: invoice.id };
    const weekly = readReply(SavedReply, await agent.post('/api/appointments', { ...visit, recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 6 } }), 201).appointment;
    readReply(SavedReply, await agent.post('/api/appointments', { ...visit, date: '2027-03-03', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } }), 201);

    const page = readReply(OrderPage, await agent.get(`/api/orders/${invoice.id}`));
    expect(page.appointments).toHaveLength(2);
    expect(page.appointments!.map((a) => a.recurrence).sort()).toEqual(['once', 'weekly']);
    expect(page.order.receipts.map((r) => r.kind)).toEqual(['receipt', 'refund']);
    expect(page.attachments.map((a) => a.name)).toEqual(['site-plan.pdf']);

    for (const tab of ['appointment', 'invoice', 'report'] as const) {
      const screen = readReply(AppointmentScreenReply, await agent.get(`/api/appointments/${weekly.id}?date=${weekly.date}&tab=${tab}`));
      expect(screen.appointment.orderId).toBe(invoice.id);
    }
    for (const tab of CLIENT_TABS) {
      const client = readReply(ClientPage, await agent.get(`/api/clients/${clientId}?tab=${tab}`));
      if (tab === 'appointment') expect(client.appointments?.map((a) => a.id)).toContain(weekly.id);
      if (tab === 'order') expect(client.orders?.map((o) => o.id)).toContain(invoice.id);
    }
  });

  it('receipts: list, the bank-in reminder, one receipt, and banking in', async () => {
    const list = readReply(ReceiptList, await agent.get('/api/receipts'));
    expect(list.items.length).toBeGreaterThan(0);
    const waiting = readReply(ReceiptList, await agent.get('/api/receipts?action=bank-in'));
    const cash = waiting.items[0]!;
    expect(cash.action).toBe('bank-in');
    const one = readReply(ReceiptPage, await agent.get(`/api/receipts/${cash.id}`));
    expect(one.receipt.client?.id).toBe(cash.client.id);
    readReply(BankedReply, await agent.post(`/api/receipts/${cash.id}/bank-in`));
    const banked = readReply(ReceiptPage, await agent.get(`/api/receipts/${cash.id}`)).receipt;
    expect(banked).toMatchObject({ bankedIn: true, action: null });
    expect(banked.bankedInAt).not.toBeNull();
  });
});
