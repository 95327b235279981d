import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedInServer } from './harness';

/*
 * Every refusal of the sales services reaches the browser with its domain code and the details it
 * needs to say why (issue 19): the status, message and field errors stay as they were.
 */

const { admin } = DEMO;

const { agent } = signedInServer(admin);
let clientId: number;

beforeAll(async () => {
  clientId = ((await agent.get('/api/clients')).body!.items as { id: number }[])[0]!.id;
});

const line = { productId: null, descriptionEn: 'Job', quantity: 100, unitPrice: 10_000 };
type Doc = { id: number; number: string; version: number; total: number };

describe('sales refusals carry their domain code', () => {
  it('a receipt beyond the total: receiptExceedsOrderTotal with the most that can still be received', async () => {
    const order = (await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, items: [line] })).body!.order as Doc;
    expect((await agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cash', amount: 4_000 })).status).toBe(201);
    const refused = await agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cash', amount: 6_001 });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'receiptExceedsOrderTotal', maxCents: 6_000, errors: { amount: [refused.body!.message] } });
  });

  it('a quotation moved where it cannot go: quotationTransition with from and to', async () => {
    const quotation = (await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId, validDays: 30, items: [line] })).body!.quotation as Doc;
    const refused = await agent.post(`/api/quotations/${quotation.id}/status`, { status: 'accepted', version: quotation.version });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'quotationTransition', from: 'draft', to: 'accepted' });
    expect(typeof refused.body!.message).toBe('string');
  });

  it('a quotation converted twice: quotationConverted with the invoice number; a draft not accepted: quotationNotAccepted', async () => {
    const draft = (await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId, validDays: 30, items: [line] })).body!.quotation as Doc;
    expect((await agent.post(`/api/quotations/${draft.id}/convert`, { version: draft.version })).body).toMatchObject({ code: 'quotationNotAccepted' });
    const sent = (await agent.post(`/api/quotations/${draft.id}/status`, { status: 'sent', version: draft.version })).body!.quotation as Doc;
    const accepted = (await agent.post(`/api/quotations/${draft.id}/status`, { status: 'accepted', version: sent.version })).body!.quotation as Doc;
    const converted = await agent.post(`/api/quotations/${draft.id}/convert`, { version: accepted.version });
    expect(converted.status).toBe(201);
    const again = (await agent.get(`/api/quotations/${draft.id}`)).body!.quotation as Doc;
    const order = (await agent.get(`/api/orders/${converted.body!.orderId as number}`)).body!.order as Doc;
    const refused = await agent.post(`/api/quotations/${draft.id}/convert`, { version: again.version });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'quotationConverted', orderNumber: order.number });
    expect(refused.body!.message).toContain(order.number);
    // Neither an edit nor a delete of a quotation that is no longer a draft.
    expect((await agent.put(`/api/quotations/${draft.id}`, { kind: 'basic', date: '2026-11-23', clientId, validDays: 30, items: [line], version: again.version })).body).toMatchObject({ code: 'quotationLocked' });
    const xsrf = agent.cookies.get('XSRF-TOKEN')!;
    expect((await agent.request('DELETE', `/api/quotations/${draft.id}`, undefined, { 'X-XSRF-TOKEN': xsrf })).body).toMatchObject({ code: 'quotationDeleteDraft' });
  });

  it('a void invoice cannot be edited (orderLocked); a receipt banked in twice: alreadyBanked; a transfer: notBankable', async () => {
    const order = (await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, items: [line] })).body!.order as Doc;
    const voided = (await agent.post(`/api/orders/${order.id}/void`, { reason: 'Typo', version: order.version })).body!.order as Doc;
    const edit = await agent.put(`/api/orders/${order.id}`, { type: 'new_order', date: '2026-11-23', clientId, items: [line], version: voided.version });
    expect(edit.status).toBe(422);
    expect(edit.body).toMatchObject({ code: 'orderLocked' });

    const paid = (await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, items: [line] })).body!.order as Doc;
    const cash = (await agent.post(`/api/orders/${paid.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cash', amount: 1_000 })).body!.receiptId as number;
    const transfer = (await agent.post(`/api/orders/${paid.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'bank_transfer', amount: 1_000 })).body!.receiptId as number;
    expect((await agent.post(`/api/receipts/${cash}/bank-in`, {})).status).toBe(200);
    const twice = await agent.post(`/api/receipts/${cash}/bank-in`, {});
    expect(twice.status).toBe(422);
    expect(twice.body).toMatchObject({ code: 'alreadyBanked' });
    expect((await agent.post(`/api/receipts/${transfer}/bank-in`, {})).body).toMatchObject({ code: 'notBankable' });
  });
});
