import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedInServer, startTestServer, TestAgent } from './harness';
import { dueDate } from '../../domain/orders/order';

const { admin, sales, worker } = DEMO;

const { server, agent } = signedInServer(admin);
let products: { id: number; code: string; unitPrice: number }[];
let clientId: number;

beforeAll(async () => {
  products = ((await agent.get('/api/quotations/create')).body!.options as { products: typeof products }).products;
  clientId = ((await agent.get('/api/clients')).body!.items as { id: number }[])[0]!.id;
});

const del = (a: TestAgent, path: string) => a.request('DELETE', path, undefined, { 'X-XSRF-TOKEN': a.cookies.get('XSRF-TOKEN')! });
const product = (code: string) => products.find((p) => p.code === code)!;

type Order = { id: number; number: string; total: number; paid: number; outstanding: number; status: string; voided: boolean; version: number; type: string; items: { quantity: number; lineTotal: number }[]; receipts: { id: number; number: string; kind: string; amount: number }[]; terms: { titleEn: string }[] };
type Quotation = { id: number; number: string; status: string; total: number; subtotal: number; discount: number; version: number; validUntil: string; order: { id: number } | null; terms: { titleEn: string }[] };

async function createOrder(a: TestAgent, items: { productId: number | null; quantity: number; unitPrice: number; descriptionEn?: string }[], extra: Record<string, unknown> = {}): Promise<Order> {
  const reply = await a.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, items, ...extra });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body!.order as Order;
}

const pay = (a: TestAgent, orderId: number, amount: number, kind: 'receipt' | 'refund' = 'receipt', method = 'cash', reason = '') =>
  a.post(`/api/orders/${orderId}/receipts`, { kind, date: '2026-11-23', method, amount, reason });

describe('order terms by kind of document', () => {
  type Term = { id: number; titleEn: string };
  const titles = (terms: readonly { titleEn: string }[]) => terms.map((t) => t.titleEn);

  it('seeds the demo invoices with invoice terms only', async () => {
    const rows = await server.db.selectFrom('orders').select('terms').execute();
    expect(rows.some((r) => JSON.stringify(r.terms).includes('Service warranty'))).toBe(false);
    const quotations = await server.db.selectFrom('quotations').select('terms').execute();
    expect(quotations.some((r) => JSON.stringify(r.terms).includes('Service warranty'))).toBe(true);
  });

  it('never puts a quotation-only term on an invoice: not offered, refused, left behind on conversion, and not shown or printed from an older copy', async () => {
    const quotationTerms = ((await agent.get('/api/quotations/create')).body!.options as { terms: Term[] }).terms;
    const orderTerms = ((await agent.get('/api/orders/create')).body!.options as { terms: Term[] }).terms;
    expect(titles(quotationTerms)).toEqual(['Payment', 'Service warranty']);
    expect(titles(orderTerms)).toEqual(['Payment']);
    const warranty = quotationTerms.find((t) => t.titleEn === 'Service warranty')!;

    // The server refuses it on an invoice (the form does not offer it).
    const refused = await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, items: [{ productId: null, descriptionEn: 'Job', quantity: 100, unitPrice: 1_000 }], termIds: [warranty.id] });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body!.errors as object)).toEqual(['termIds']);

    // A quotation with both terms becomes an invoice with the terms that apply to invoices.
    const created = (await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId, validDays: 30, items: [{ productId: null, descriptionEn: 'Job', quantity: 100, unitPrice: 1_000 }], termIds: quotationTerms.map((t) => t.id) })).body!.quotation as Quotation;
    expect(titles(created.terms)).toEqual(['Payment', 'Service warranty']);
    const sent = (await agent.post(`/api/quotations/${created.id}/status`, { status: 'sent', version: created.version })).body!.quotation as Quotation;
    const accepted = (await agent.post(`/api/quotations/${created.id}/status`, { status: 'accepted', version: sent.version })).body!.quotation as Quotation;
    const converted = await agent.post(`/api/quotations/${created.id}/convert`, { version: accepted.version });
    expect(converted.status).toBe(201);
    const order = (await agent.get(`/api/orders/${converted.body!.orderId as number}`)).body!.order as Order;
    expect(titles(order.terms)).toEqual(['Payment']);

    // An invoice that holds an older copy of a quotation-only term (made before this rule) shows and prints only what its form shows.
    const older = await server.db.selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow();
    await server.db
      .updateTable('orders')
      .set({ terms: JSON.stringify([{ titleEn: 'Payment', titleZh: '付款', bodyEn: 'Pay', bodyZh: '付' }, { titleEn: 'Service warranty', titleZh: '服務保養', bodyEn: '90 days', bodyZh: '90 天' }]) })
      .where('id', '=', older.id)
      .execute();
    expect(titles(((await agent.get(`/api/orders/${older.id}`)).body!.order as Order).terms)).toEqual(['Payment']);
  });
});


describe('quotations', () => {
  it('prices lines by the domain rules and numbers each quotation from its prefix and year', async () => {
    const reply = await agent.post('/api/quotations', {
      kind: 'basic',
      date: '2026-11-23',
      clientId,
      validDays: 30,
      discountRateBp: 1_050,
      items: [
        { productId: product('CR-GEL').id, quantity: 150, unitPrice: 68_000 },
        { productId: null, descriptionEn: 'Site survey', descriptionZh: '實地視察', quantity: 100, unitPrice: 33_333 },
      ],
    });
    expect(reply.status).toBe(201);
    const q = reply.body!.quotation as Quotation & { items: { lineTotal: number; descriptionZh: string }[] };
    // 1.5 × $680.00 = $1,020.00; + $333.33 = $1,353.33; 10.5% off = $142.0997 → $142.10 (half away from zero).
    expect(q.items.map((i) => i.lineTotal)).toEqual([102_000, 33_333]);
    expect([q.subtotal, q.discount, q.total]).toEqual([135_333, 14_210, 121_123]);
    expect(q.number).toMatch(/^Q-2026-\d{5}$/);
    expect(q.validUntil).toBe('2026-12-22');
    expect(q.items[0]!.descriptionZh).toBe('蟑螂膠餌處理');
  });

  it('refuses a quotation without a client, lines or a described line, with a message per field in either language', async () => {
    const empty = await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', validDays: 30, items: [] });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body!.errors as object)).toEqual(expect.arrayContaining(['clientId', 'items']));
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn(admin.email, admin.password);
    const blank = await zh.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId, validDays: 30, items: [{ productId: null, quantity: 100, unitPrice: 100 }] });
    expect(blank.status).toBe(422);
    expect((blank.body!.errors as Record<string, string[]>)['items.0.descriptionZh']).toEqual(['請選擇產品或輸入描述。']);
  });

  it('needs a period for a contract, ending on or after its start', async () => {
    const base = { kind: 'contract', date: '2026-11-23', clientId, validDays: 14, items: [{ productId: product('DS-MONTH').id, quantity: 1200, unitPrice: 150_000 }] };
    expect((await agent.post('/api/quotations', base)).body!.errors).toHaveProperty('contract');
    const backwards = await agent.post('/api/quotations', { ...base, contract: { periodStart: '2027-01-01', periodEnd: '2026-12-31', frequency: 'monthly' } });
    expect((backwards.body!.errors as Record<string, string[]>)['contract.periodEnd']).toEqual(['The contract must end on or after the day it starts.']);
    expect((await agent.post('/api/quotations', { ...base, contract: { periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'monthly' } })).status).toBe(201);
  });

  it('goes draft → sent → accepted, converts once into an order with the same lines, and never goes back', async () => {
    const created = (await agent.post('/api/quotations', {
      kind: 'contract',
      date: '2026-11-23',
      clientId,
      validDays: 30,
      discountRateBp: 500,
      items: [{ productId: product('DS-MONTH').id, quantity: 1200, unitPrice: 150_000 }],
      contract: { periodStart: '2026-12-01', periodEnd: '2027-11-30', frequency: 'monthly' },
    })).body!.quotation as Quotation;
    expect(created.status).toBe('draft');
    const early = await agent.post(`/api/quotations/${created.id}/convert`, { version: created.version });
    expect(early.status).toBe(422);
    expect(early.body!.message).toBe('Only an accepted quotation can become an invoice.');
    const sent = (await agent.post(`/api/quotations/${created.id}/status`, { status: 'sent', version: created.version })).body!.quotation as Quotation;
    expect((await agent.put(`/api/quotations/${created.id}`, { ...created, clientId, kind: 'contract', validDays: 30, items: [], version: sent.version })).status).toBe(422);
    const accepted = (await agent.post(`/api/quotations/${created.id}/status`, { status: 'accepted', version: sent.version })).body!.quotation as Quotation;
    expect(accepted.status).toBe('accepted');
    const back = await agent.post(`/api/quotations/${created.id}/status`, { status: 'draft', version: accepted.version });
    expect(back.status).toBe(422);
    expect(back.body!.message).toBe('A quotation cannot go from Accepted to Draft.');
    const converted = await agent.post(`/api/quotations/${created.id}/convert`, { version: accepted.version });
    expect(converted.status).toBe(201);
    const order = (await agent.get(`/api/orders/${converted.body!.orderId as number}`)).body!.order as Order & { quotation: { number: string } };
    expect(order.type).toBe('regular_order');
    expect(order.total).toBe(created.total);
    expect(order.items.map((i) => i.quantity)).toEqual([1200]);
    expect(order.quotation.number).toBe(created.number);
    const again = await agent.post(`/api/quotations/${created.id}/convert`, { version: (converted.body!.quotation as Quotation).version });
    expect(again.status).toBe(422);
  });

  it('reads a draft or sent quotation past its validity as expired, in the list and its filter', async () => {
    const old = (await agent.post('/api/quotations', { kind: 'basic', date: '2026-09-01', clientId, validDays: 30, items: [{ productId: product('TM-INSP').id, quantity: 100, unitPrice: 80_000 }] })).body!
      .quotation as Quotation;
    expect(old.status).toBe('expired');
    const expired = (await agent.get('/api/quotations?status=expired&per_page=100')).body!.items as Quotation[];
    expect(expired.map((q) => q.id)).toContain(old.id);
    const drafts = (await agent.get('/api/quotations?status=draft&per_page=100')).body!.items as Quotation[];
    expect(drafts.map((q) => q.id)).not.toContain(old.id);
  });

  it('deletes only drafts', async () => {
    const q = (await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId, validDays: 30, items: [{ productId: product('TM-INSP').id, quantity: 100, unitPrice: 80_000 }] })).body!.quotation as Quotation;
    const sent = (await agent.post(`/api/quotations/${q.id}/status`, { status: 'sent', version: q.version })).body!.quotation as Quotation;
    expect((await del(agent, `/api/quotations/${q.id}`)).status).toBe(422);
    await agent.post(`/api/quotations/${q.id}/status`, { status: 'draft', version: sent.version });
    expect((await del(agent, `/api/quotations/${q.id}`)).status).toBe(200);
    expect((await agent.get(`/api/quotations/${q.id}`)).status).toBe(404);
  });
});

describe('orders and receipts', () => {
  it('takes receipts up to the total and refuses one cent more with the spec message', async () => {
    const order = await createOrder(agent, [{ productId: product('TM-INSP').id, quantity: 100, unitPrice: 80_000 }]);
    expect(order.status).toBe('outstanding');
    expect((await pay(agent, order.id, 50_000)).status).toBe(201);
    const second = await pay(agent, order.id, 30_000, 'receipt', 'cheque');
    expect(second.status).toBe(201);
    const paid = second.body!.order as Order;
    expect([paid.paid, paid.outstanding, paid.status]).toEqual([80_000, 0, 'paid']);
    const over = await pay(agent, order.id, 1);
    expect(over.status).toBe(422);
    expect(over.body!.message).toBe('Total Receipt Amount must be equal or below Total Amount. At most HK$0.00 can still be received.');
    expect((over.body!.errors as Record<string, string[]>).amount).toHaveLength(1);
    expect(paid.receipts.map((r) => r.number)).toEqual([expect.stringMatching(/^R-2026-\d{5}$/), expect.stringMatching(/^R-2026-\d{5}$/)]);
  });

  it('refunds with a reason, never more than received, and the room opens again', async () => {
    const order = await createOrder(agent, [{ productId: product('RD-TRAP').id, quantity: 100, unitPrice: 95_000 }]);
    await pay(agent, order.id, 95_000);
    expect((await pay(agent, order.id, 10_000, 'refund', 'cash')).body!.errors).toHaveProperty('reason');
    const tooMuch = await pay(agent, order.id, 95_001, 'refund', 'cash', 'Overcharged');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body!.code).toBe('refundExceedsReceived');
    const refund = await pay(agent, order.id, 20_000, 'refund', 'cash', 'Overcharged');
    expect(refund.status).toBe(201);
    const after = refund.body!.order as Order;
    expect([after.paid, after.outstanding, after.status]).toEqual([75_000, 20_000, 'partial']);
    expect(after.receipts.find((r) => r.kind === 'refund')!.number).toMatch(/^RF-2026-/);
  });

  it('voids only an order with nothing paid and a reason; a void order takes no receipts; unvoid restores it; all audited', async () => {
    const order = await createOrder(agent, [{ productId: product('CR-GEL').id, quantity: 100, unitPrice: 68_000 }]);
    await pay(agent, order.id, 10_000);
    const current = (await agent.get(`/api/orders/${order.id}`)).body!.order as Order;
    const blocked = await agent.post(`/api/orders/${order.id}/void`, { reason: 'Duplicate', version: current.version });
    expect(blocked.status).toBe(422);
    expect(blocked.body!.code).toBe('orderHasPayments');
    const refunded = (await pay(agent, order.id, 10_000, 'refund', 'cash', 'Cancelled')).body!.order as Order;
    expect((await agent.post(`/api/orders/${order.id}/void`, { reason: ' ', version: refunded.version })).body!.code).toBe('voidReasonRequired');
    const voided = await agent.post(`/api/orders/${order.id}/void`, { reason: 'Duplicate', version: refunded.version });
    expect(voided.status).toBe(200);
    expect((voided.body!.order as Order).status).toBe('void');
    expect((voided.body!.order as Order).outstanding).toBe(0);
    expect((await pay(agent, order.id, 100)).body!.code).toBe('orderVoid');
    const edit = await agent.put(`/api/orders/${order.id}`, { type: 'new_order', date: '2026-11-23', clientId, items: [{ productId: null, descriptionEn: 'x', quantity: 100, unitPrice: 1 }], version: (voided.body!.order as Order).version });
    expect(edit.status).toBe(422);
    const unvoided = await agent.post(`/api/orders/${order.id}/unvoid`, { reason: 'Not a duplicate', version: (voided.body!.order as Order).version });
    expect((unvoided.body!.order as Order).status).toBe('outstanding');
    const audits = await server.db.selectFrom('audits').select(['action', 'changes']).where('entity_type', '=', 'order').where('entity_id', '=', String(order.id)).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['create', 'void', 'unvoid']);
    expect(JSON.stringify(audits[1]!.changes)).toContain('Duplicate');
  });

  it('lets no two receipts recorded at the same moment pass the total together', async () => {
    const order = await createOrder(agent, [{ productId: product('TM-BAIT').id, quantity: 100, unitPrice: 100_000 }]);
    const replies = await Promise.all(Array.from({ length: 6 }, () => pay(agent, order.id, 40_000)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(2);
    expect(replies.filter((r) => r.status === 422)).toHaveLength(4);
    const after = (await agent.get(`/api/orders/${order.id}`)).body!.order as Order;
    expect(after.paid).toBe(80_000);
    const stored = await server.db.selectFrom('receipts').select((eb) => eb.fn.sum<string>('amount').as('sum')).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(Number(stored.sum)).toBe(80_000);
  });

  it('keeps paid within the total in the database itself', async () => {
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Check', quantity: 100, unitPrice: 1_000 }]);
    await expect(server.db.updateTable('orders').set({ paid: 1_001 }).where('id', '=', order.id).execute()).rejects.toThrow(/orders_paid_within_total/);
  });

  it('hands out each invoice number once when orders are created at the same time', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => agent.post('/api/orders', { type: 'review', date: '2026-11-23', clientId, items: [{ productId: null, descriptionEn: 'Review', quantity: 100, unitPrice: 50_000 }] })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = replies.map((r) => (r.body!.order as Order).number);
    expect(new Set(numbers).size).toBe(8);
  });

  it('refuses an edit from a stale version (409) and a total below what was paid', async () => {
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Fogging', quantity: 100, unitPrice: 50_000 }]);
    const body = { type: 'new_order', date: '2026-11-23', clientId, items: [{ productId: null, descriptionEn: 'Fogging', quantity: 200, unitPrice: 50_000 }] };
    expect((await agent.put(`/api/orders/${order.id}`, { ...body, version: order.version })).status).toBe(200);
    expect((await agent.put(`/api/orders/${order.id}`, { ...body, version: order.version })).status).toBe(409);
    const paid = (await pay(agent, order.id, 80_000)).body!.order as Order;
    const below = await agent.put(`/api/orders/${order.id}`, { ...body, items: [{ productId: null, descriptionEn: 'Fogging', quantity: 100, unitPrice: 50_000 }], version: paid.version });
    expect(below.status).toBe(422);
    expect((below.body!.errors as Record<string, string[]>).items![0]).toContain('HK$800.00');
  });
});

describe('reminders and lists', () => {
  it('gives a new invoice the payment terms with its default date and due date, so the form can move the due date with the date', async () => {
    const defaults = (await agent.get('/api/orders/create')).body!.defaults as { date: string; dueDate: string; paymentTermsDays: number };
    expect(defaults.paymentTermsDays).toBe(30);
    expect(defaults.dueDate).toBe(dueDate(defaults.date, defaults.paymentTermsDays));
  });

  it('lists orders past due with something owed as reminder_outstanding, and their sum', async () => {
    const due = await createOrder(agent, [{ productId: null, descriptionEn: 'Old work', quantity: 100, unitPrice: 30_000 }], { date: '2026-09-01', dueDate: '2026-10-01' });
    const notYet = await createOrder(agent, [{ productId: null, descriptionEn: 'New work', quantity: 100, unitPrice: 30_000 }], { date: '2026-11-20' });
    const reply = (await agent.get('/api/orders?status=reminder_outstanding&per_page=100')).body!;
    const ids = (reply.items as Order[]).map((o) => o.id);
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(notYet.id);
    expect((reply.items as (Order & { overdue: boolean })[]).every((o) => o.overdue)).toBe(true);
    expect(reply.outstandingTotal).toBe((reply.items as Order[]).reduce((s, o) => s + o.outstanding, 0));
  });

  it('keeps cash and cheque receipts on the bank-in reminder until banked in', async () => {
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Cash job', quantity: 100, unitPrice: 12_300 }]);
    const receiptId = (await pay(agent, order.id, 12_300, 'receipt', 'cheque')).body!.receiptId as number;
    const fps = await createOrder(agent, [{ productId: null, descriptionEn: 'FPS job', quantity: 100, unitPrice: 4_500 }]);
    const fpsId = (await pay(agent, fps.id, 4_500, 'receipt', 'fps')).body!.receiptId as number;
    const waiting = () => agent.get('/api/receipts?action=bank-in&per_page=100').then((r) => (r.body!.items as { id: number; action: string }[]));
    expect((await waiting()).map((r) => r.id)).toContain(receiptId);
    expect((await waiting()).map((r) => r.id)).not.toContain(fpsId);
    expect((await waiting()).every((r) => r.action === 'bank-in')).toBe(true);
    expect((await agent.post(`/api/receipts/${receiptId}/bank-in`)).status).toBe(200);
    expect((await waiting()).map((r) => r.id)).not.toContain(receiptId);
    expect((await agent.post(`/api/receipts/${receiptId}/bank-in`)).status).toBe(422);
    expect((await agent.post(`/api/receipts/${fpsId}/bank-in`)).body!.message).toBe('Only cash and cheque receipts wait to be banked in.');
  });

  it('exports the filtered list as CSV for Excel, headers in the caller’s language', async () => {
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn(admin.email, admin.password);
    const response = await zh.rawGet('/api/orders?format=csv&status=void');
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="orders-2026-11-23\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte-order mark first, so Excel reads the Chinese correctly.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(header!.split(',').slice(0, 3)).toEqual(['編號', '類型', '日期']);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.includes('已作廢'))).toBe(true);
  });

  it('exports what the list shows: a void invoice counts as zero and the overdue flag is a column', async () => {
    const client = (await agent.post('/api/clients', { nameEn: 'Voidcsv Trading', nameZh: '作廢匯出貿易' })).body!.client as { id: number };
    const voided = await createOrder(agent, [{ productId: null, descriptionEn: 'Void job', quantity: 100, unitPrice: 68_000 }], { clientId: client.id });
    expect((await agent.post(`/api/orders/${voided.id}/void`, { reason: 'Entered twice', version: voided.version })).status).toBe(200);
    const late = await createOrder(agent, [{ productId: null, descriptionEn: 'Late job', quantity: 100, unitPrice: 10_000 }], { clientId: client.id, date: '2026-09-01', dueDate: '2026-10-01' });
    const search = `q=${encodeURIComponent('作廢匯出')}&sort=number`;
    const list = (await agent.get(`/api/orders?${search}`)).body!.items as { number: string; status: string; overdue: boolean }[];
    const { header, rows } = await csvOf(agent, `/api/orders?format=csv&${search}`);
    const column = (name: string) => header.indexOf(name);
    expect(column('Overdue')).toBeGreaterThan(0);
    const byNumber = new Map(rows.map((r) => [r[0], r]));
    expect(byNumber.get(voided.number)![column('Total (HKD)')]).toBe('0.00');
    expect(byNumber.get(voided.number)![column('Overdue')]).toBe('No');
    expect(byNumber.get(late.number)![column('Total (HKD)')]).toBe('100.00');
    expect(byNumber.get(late.number)![column('Overdue')]).toBe('Yes');
    expect(list.map((o) => [o.number, o.overdue])).toEqual([
      [voided.number, false],
      [late.number, true],
    ]);
  });

  it('finds invoices and receipts by number, client name, reference and branch, the totals over exactly what matches', async () => {
    const client = (await agent.post('/api/clients', { nameEn: 'Quillfeather Trading', nameZh: '羽筆貿易' })).body!.client as { id: number };
    const branchId = ((await agent.get('/api/orders/create')).body!.options as { branches: { id: number }[] }).branches[0]!.id;
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Search job', quantity: 100, unitPrice: 7_700 }], { clientId: client.id, branchId });
    const receipt = await agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cheque', amount: 7_000, reference: 'CHQ-QF-0042' });
    expect(receipt.status).toBe(201);
    const orderNumbers = async (q: string) => ((await agent.get(`/api/orders?q=${encodeURIComponent(q)}&per_page=100`)).body!.items as Order[]).map((o) => o.number);
    expect(await orderNumbers('羽筆')).toEqual([order.number]);
    expect(await orderNumbers('quillfeather')).toEqual([order.number]);
    expect(await orderNumbers(order.number.toLowerCase())).toEqual([order.number]);
    const found = (await agent.get(`/api/orders?q=${encodeURIComponent('羽筆')}`)).body!;
    expect([found.total, found.outstandingTotal]).toEqual([1, 700]);

    const receiptIds = async (query: string) => ((await agent.get(`/api/receipts?${query}&per_page=100`)).body!.items as { id: number }[]).map((r) => r.id);
    const receiptId = receipt.body!.receiptId as number;
    for (const q of ['羽筆', 'QUILLFEATHER', order.number, 'qf-0042']) expect(await receiptIds(`q=${encodeURIComponent(q)}`), q).toEqual([receiptId]);
    expect(await receiptIds(`branch_id=${branchId}&q=${encodeURIComponent('羽筆')}`)).toEqual([receiptId]);
    expect(await receiptIds(`branch_id=999999&q=${encodeURIComponent('羽筆')}`)).toEqual([]);
    const listed = (await agent.get(`/api/receipts?q=${encodeURIComponent('羽筆')}`)).body!;
    expect([listed.total, listed.netAmount]).toEqual([1, 7_000]);
  });

  it('sorts and pages on the server', async () => {
    const page = (await agent.get('/api/orders?sort=total&per_page=2&page=1')).body!;
    const totals = (page.items as Order[]).map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(page.items).toHaveLength(2);
    expect(page.total as number).toBeGreaterThan(2);
  });
});

describe('permissions and records', () => {
  it('keeps a worker out of money, and voiding to those who hold order_void', async () => {
    const w = new TestAgent(server);
    await w.signIn(worker.email, worker.password);
    expect((await w.get('/api/orders')).status).toBe(403);
    expect((await w.get('/api/receipts')).status).toBe(403);
    expect((await w.get('/api/quotations')).status).toBe(403);
    const s = new TestAgent(server);
    await s.signIn(sales.email, sales.password);
    const order = await createOrder(s, [{ productId: null, descriptionEn: 'Sales job', quantity: 100, unitPrice: 10_000 }]);
    expect((await s.post(`/api/orders/${order.id}/void`, { reason: 'x', version: order.version })).status).toBe(403);
  });

  it('refuses to delete a client or a product that orders point to', async () => {
    const order = await createOrder(agent, [{ productId: product('PR-SPRAY').id, quantity: 100, unitPrice: 8_800 }]);
    expect(order.id).toBeGreaterThan(0);
    const client = await del(agent, `/api/clients/${clientId}`);
    expect(client.status).toBe(422);
    expect(client.body!.message).toBe('This client has invoices or other records and cannot be deleted.');
    expect((await del(agent, `/api/products/${product('PR-SPRAY').id}`)).status).toBe(422);
  });

  it('attaches files to an order, shown on the order and removable only by who may edit orders', async () => {
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'With a file', quantity: 100, unitPrice: 100 }]);
    const pdf = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const upload = await agent.raw('POST', `/api/orders/${order.id}/attachments`, pdf, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'application/pdf', 'X-File-Name': 'site-plan.pdf' });
    expect(upload.status).toBe(201);
    const attachments = (await agent.get(`/api/orders/${order.id}`)).body!.attachments as { id: number; name: string }[];
    expect(attachments.map((a) => a.name)).toEqual(['site-plan.pdf']);
    const w = new TestAgent(server);
    await w.signIn(worker.email, worker.password);
    expect((await del(w, `/api/attachments/${attachments[0]!.id}`)).status).toBe(403);
    expect((await del(agent, `/api/attachments/${attachments[0]!.id}`)).status).toBe(200);
  });
});

describe('invoices and appointments', () => {
  it('links an invoice made from an appointment to it, and lists the appointment on the invoice', async () => {
    const appointment = await server.db.selectFrom('appointments').select(['id', 'client_id']).orderBy('id').executeTakeFirstOrThrow();
    const otherClient = await server.db.selectFrom('clients').select('id').where('id', '!=', appointment.client_id).executeTakeFirstOrThrow();
    const items = [{ productId: null, descriptionEn: 'Visit', quantity: 100, unitPrice: 50_000 }];
    const wrong = await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId: otherClient.id, items, appointmentId: appointment.id });
    expect(wrong.status).toBe(422);
    expect((wrong.body!.errors as Record<string, string[]>).appointmentId).toEqual(['This appointment is for another client. Choose that client, or make the invoice from the right appointment.']);
    const made = await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId: appointment.client_id, items, appointmentId: appointment.id });
    expect(made.status).toBe(201);
    const orderId = (made.body!.order as Order).id;
    expect((await server.db.selectFrom('appointments').select('order_id').where('id', '=', appointment.id).executeTakeFirstOrThrow()).order_id).toBe(orderId);
    const listed = (await agent.get(`/api/orders/${orderId}`)).body!.appointments as { id: number }[];
    expect(listed.map((a) => a.id)).toEqual([appointment.id]);
    const audits = await server.db.selectFrom('audits').select('action').where('entity_type', '=', 'appointment').where('entity_id', '=', String(appointment.id)).execute();
    expect(audits.map((a) => a.action)).toContain('link-order');
  });
});

describe('the client’s tabs', () => {
  it('list the client’s quotations and orders, to those who may see them', async () => {
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'For the tab', quantity: 100, unitPrice: 2_000 }]);
    const orders = (await agent.get(`/api/clients/${clientId}?tab=order`)).body!.orders as Order[];
    expect(orders.map((o) => o.id)).toContain(order.id);
    expect(orders.every((o) => typeof o.outstanding === 'number')).toBe(true);
    const quotations = (await agent.get(`/api/clients/${clientId}?tab=quotation`)).body!.quotations as Quotation[];
    expect(quotations.length).toBeGreaterThan(0);
    const w = new TestAgent(server);
    await w.signIn(worker.email, worker.password);
    const reply = (await w.get(`/api/clients/${clientId}?tab=order`)).body!;
    expect(reply).not.toHaveProperty('orders');
  });
});

describe('demo data', () => {
  it('has an overdue part-paid order, a cash receipt waiting for bank-in and a void order', async () => {
    const fresh = await startTestServer();
    try {
      const a = new TestAgent(fresh);
      await a.signIn(admin.email, admin.password);
      expect(((await a.get('/api/orders?status=reminder_outstanding')).body!.items as Order[]).map((o) => o.status)).toEqual(['partial']);
      expect(((await a.get('/api/receipts?action=bank-in')).body!.items as unknown[]).length).toBe(1);
      expect(((await a.get('/api/orders?status=void')).body!.items as unknown[]).length).toBe(1);
      expect(((await a.get('/api/quotations')).body!.total as number)).toBe(3);
    } finally {
      await fresh.close();
    }
  });
});

describe('document numbers per company', () => {
  it('numbers a company’s quotations, invoices, receipts and refunds on their own when it has its own prefixes; others keep Settings → Codes', async () => {
    const created = await agent.post('/api/companies', { nameZh: '九龍清潔有限公司', nameEn: 'Kowloon Cleaning Ltd', quotationPrefix: 'KQ', invoicePrefix: 'KINV', receiptPrefix: 'KR', refundPrefix: 'KRF' });
    expect(created.status).toBe(201);
    const company = created.body!.company as { id: number; invoicePrefix: string };
    expect(company.invoicePrefix).toBe('KINV');
    const branch = ((await agent.post('/api/branches', { nameZh: '旺角分店', nameEn: 'Mong Kok Branch', companyId: company.id })).body!.branch as { id: number }).id;

    const line = [{ productId: null, descriptionEn: 'Cleaning', quantity: 100, unitPrice: 10_000 }];
    const first = await createOrder(agent, line, { branchId: branch });
    const second = await createOrder(agent, line, { branchId: branch });
    expect([first.number, second.number]).toEqual(['KINV-2026-00001', 'KINV-2026-00002']);
    // The other company's invoices go on with the prefix under Settings → Codes.
    expect((await createOrder(agent, line)).number).toMatch(/^INV-2026-\d{5}$/);

    const receipt = await pay(agent, first.id, 5_000);
    expect((receipt.body!.order as Order).receipts.map((r) => r.number)).toEqual(['KR-2026-00001']);
    const refund = await pay(agent, first.id, 1_000, 'refund', 'cash', 'Overpaid');
    expect((refund.body!.order as Order).receipts.map((r) => r.number)).toContain('KRF-2026-00001');

    const quotation = await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId, branchId: branch, validDays: 30, items: line });
    expect((quotation.body!.quotation as Quotation).number).toBe('KQ-2026-00001');
  });

  it('refuses an own prefix that is not 1–6 capital letters or digits, in the caller’s language, and audits a change of prefix', async () => {
    const wrong = await agent.post('/api/companies', { nameEn: 'Bad Prefix Ltd', invoicePrefix: 'inv-1', receiptPrefix: 'TOOLONG7' });
    expect(wrong.status).toBe(422);
    expect(wrong.body!.errors).toEqual({ invoicePrefix: ['Use 1 to 6 capital letters or digits.'], receiptPrefix: ['Use 1 to 6 capital letters or digits.'] });
    const company = (await agent.get('/api/companies/1')).body!.company as Record<string, unknown> & { version: number };
    expect((await agent.put('/api/companies/1', { ...company, quotationPrefix: 'HQ' })).status).toBe(200);
    const audits = (await agent.get('/api/audits?entity_type=company')).body!.items as { changes: Record<string, unknown> }[];
    expect(audits[0]!.changes).toEqual({ quotationPrefix: { from: '', to: 'HQ' } });
    expect((await agent.put('/api/companies/1', { ...(await agent.get('/api/companies/1')).body!.company as object, quotationPrefix: '' })).status).toBe(200);
  });
});

describe('payment methods from Settings → Options', () => {
  type Choice = { value: string; nameEn: string; nameZh: string };
  type Receipt = { id: number; method: string; methodName: { nameEn: string; nameZh: string }; action: string | null };
  const orderOptions = async (orderId: number) => (await agent.get(`/api/orders/${orderId}`)).body!.options as { paymentMethods: Choice[]; refundReasons: Choice[] };
  const listed = async (query: string) => (await agent.get(`/api/receipts?per_page=100&${query}`)).body!.items as Receipt[];

  it('an invoice offers the active payment methods and refund reasons, in both languages', async () => {
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Options job', quantity: 100, unitPrice: 10_000 }]);
    const options = await orderOptions(order.id);
    expect(options.paymentMethods).toEqual([
      { value: 'cash', nameEn: 'Cash', nameZh: '現金' },
      { value: 'cheque', nameEn: 'Cheque', nameZh: '支票' },
      { value: 'bank_transfer', nameEn: 'Bank transfer', nameZh: '銀行轉賬' },
      { value: 'fps', nameEn: 'FPS', nameZh: '轉數快' },
    ]);
    expect(options.refundReasons.map((r) => r.value)).toEqual(['overpaid', 'service_cancelled']);
    expect(options.refundReasons[0]).toEqual({ value: 'overpaid', nameEn: 'Overpaid', nameZh: '多付' });
  });

  it('takes a method added under Settings (Octopus): shown in its words on the invoice, the list, the print, the CSV and the receipt report, never waiting for bank-in', async () => {
    const created = await agent.post('/api/options/payment_method', { value: 'octopus', labelEn: 'Octopus', labelZh: '八達通', sortOrder: 5 });
    expect(created.status).toBe(201);
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Octopus job', quantity: 100, unitPrice: 8_800 }]);
    expect((await orderOptions(order.id)).paymentMethods.map((m) => m.value)).toContain('octopus');
    const paid = await pay(agent, order.id, 8_800, 'receipt', 'octopus');
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const id = paid.body!.receiptId as number;
    const octopus = { nameEn: 'Octopus', nameZh: '八達通' };
    expect(((paid.body!.order as { receipts: Receipt[] }).receipts[0])).toMatchObject({ method: 'octopus', methodName: octopus, action: null });
    expect((await agent.get(`/api/receipts/${id}`)).body!.receipt).toMatchObject({ method: 'octopus', methodName: octopus });
    expect((await listed('method=octopus')).map((r) => r.id)).toEqual([id]);
    expect((await listed('action=bank-in')).map((r) => r.id)).not.toContain(id);
    expect((await agent.post(`/api/receipts/${id}/bank-in`)).body!.message).toBe('Only cash and cheque receipts wait to be banked in.');
    // The seeded methods keep their words (from their options) and cash still waits to be banked in.
    const cash = (await pay(agent, (await createOrder(agent, [{ productId: null, descriptionEn: 'Cash job 2', quantity: 100, unitPrice: 100 }])).id, 100, 'receipt', 'cash')).body!.receiptId as number;
    expect((await listed('action=bank-in')).find((r) => r.id === cash)).toMatchObject({ methodName: { nameEn: 'Cash', nameZh: '現金' }, action: 'bank-in' });
    // The filter of the list offers every method with its words.
    expect(((await agent.get('/api/receipts')).body!.options as { paymentMethods: Choice[] }).paymentMethods).toContainEqual({ value: 'octopus', ...octopus });

    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn(admin.email, admin.password);
    const csv = new TextDecoder().decode(await (await zh.rawGet('/api/receipts?format=csv&method=octopus')).arrayBuffer());
    expect(csv).toContain('八達通');
    expect(csv).not.toMatch(/sales\.method|octopus/);

    const report = (await agent.get('/api/reports/orders/receipt?date_from=2026-11-01&date_to=2026-11-30&method=octopus&per_page=1000')).body as { rows: { id: number; method: unknown }[]; byMethod: { method: string; nameEn: string; nameZh: string; count: number; awaitingBankIn: number }[] };
    expect(report.rows.map((r) => r.method)).toEqual([octopus]);
    expect(report.byMethod).toEqual([expect.objectContaining({ method: 'octopus', ...octopus, count: 1, awaitingBankIn: 0 })]);
    const all = (await agent.get('/api/reports/orders/receipt?date_from=2026-11-01&date_to=2026-11-30&per_page=1000')).body as typeof report;
    expect(all.byMethod.find((m) => m.method === 'cash')).toMatchObject({ nameEn: 'Cash', nameZh: '現金' });
    const exported = new TextDecoder().decode(await (await zh.rawGet('/api/reports/orders/receipt?date_from=2026-11-01&date_to=2026-11-30&method=octopus&format=csv')).arrayBuffer());
    expect(exported).toContain('八達通');
    expect(exported).not.toContain('code.method');
  });

  it('refuses a method that is not an active option, in the caller’s language; an inactive one keeps its words on old receipts', async () => {
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Refused method job', quantity: 100, unitPrice: 5_000 }]);
    const unknown = await pay(agent, order.id, 1_000, 'receipt', 'bitcoin');
    expect(unknown.status).toBe(422);
    expect(unknown.body!.errors).toEqual({ method: ['Choose one of the payment methods in the list.'] });
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn(admin.email, admin.password);
    expect((await pay(zh, order.id, 1_000, 'receipt', 'bitcoin')).body!.errors).toEqual({ method: ['請從清單中選擇付款方式。'] });
    expect((await pay(agent, order.id, 1_000, 'receipt', 'Cash')).status).toBe(422);

    const wechat = (await agent.post('/api/options/payment_method', { value: 'wechat_pay', labelEn: 'WeChat Pay', labelZh: '微信支付' })).body!.option as { id: number; version: number };
    const first = await pay(agent, order.id, 1_000, 'receipt', 'wechat_pay');
    expect(first.status).toBe(201);
    expect((await agent.put(`/api/options/payment_method/${wechat.id}`, { value: 'wechat_pay', labelEn: 'WeChat Pay', labelZh: '微信支付', active: false, version: wechat.version })).status).toBe(200);
    expect((await orderOptions(order.id)).paymentMethods.map((m) => m.value)).not.toContain('wechat_pay');
    expect((await pay(agent, order.id, 1_000, 'receipt', 'wechat_pay')).body!.errors).toEqual({ method: ['Choose one of the payment methods in the list.'] });
    expect((await agent.get(`/api/receipts/${first.body!.receiptId as number}`)).body!.receipt).toMatchObject({ method: 'wechat_pay', methodName: { nameEn: 'WeChat Pay', nameZh: '微信支付' } });
  });

  it('a database whose list has no payment method at all takes the four built-in ones', async () => {
    const saved = await server.db.selectFrom('options').selectAll().where('key', '=', 'payment_method').execute();
    await server.db.deleteFrom('options').where('key', '=', 'payment_method').execute();
    try {
      const order = await createOrder(agent, [{ productId: null, descriptionEn: 'No list job', quantity: 100, unitPrice: 3_000 }]);
      expect((await orderOptions(order.id)).paymentMethods.map((m) => m.value)).toEqual(['cash', 'cheque', 'bank_transfer', 'fps']);
      expect((await pay(agent, order.id, 1_000, 'receipt', 'fps')).status).toBe(201);
      expect((await pay(agent, order.id, 1_000, 'receipt', 'octopus')).status).toBe(422);
    } finally {
      await server.db.insertInto('options').values(saved.map(({ id: _id, ...row }) => row)).execute();
    }
  });
});

/** A CSV download as its bytes and its rows of cells, read as a spreadsheet would. */
async function csvOf(a: TestAgent, path: string) {
  const response = await a.rawGet(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/csv');
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n', skipEmptyLines: true }).data;
  return { bytes, disposition: response.headers.get('content-disposition'), header: header!, rows };
}

describe('CSV exports of quotations and receipts', () => {
  const QUOTATION_HEADERS = {
    'zh-HK': ['編號', '類別', '日期', '有效期至', '客戶（中文）', '客戶（英文）', '狀態', '總額（港元）', '營業員'],
    en: ['Number', 'Kind', 'Date', 'Valid until', 'Client (Chinese)', 'Client (English)', 'Status', 'Total (HKD)', 'Salesperson'],
  };
  const RECEIPT_HEADERS = {
    'zh-HK': ['編號', '類別', '日期', '發票', '客戶（中文）', '客戶（英文）', '付款方式', '參考編號', '金額（港元）', '已存入銀行', '經手人'],
    en: ['Number', 'Kind', 'Date', 'Invoice', 'Client (Chinese)', 'Client (English)', 'Method', 'Reference', 'Amount (HKD)', 'Banked in', 'Recorded by'],
  };

  it('exports the filtered quotations, UTF-8 with a byte-order mark, headers in the caller’s language', async () => {
    const client = (await agent.post('/api/clients', { nameEn: 'Csvquote Trading', nameZh: '報價匯出貿易' })).body!.client as { id: number };
    const make = (kind: 'basic' | 'contract', unitPrice: number) =>
      agent
        .post('/api/quotations', {
          kind,
          date: '2026-11-23',
          clientId: client.id,
          validDays: 30,
          items: [{ productId: null, descriptionEn: 'Export job', quantity: 100, unitPrice }],
          ...(kind === 'contract' ? { contract: { periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'monthly' } } : {}),
        })
        .then((r) => r.body!.quotation as Quotation);
    const draft = await make('basic', 150_000);
    const sent = await make('basic', 99_999);
    await agent.post(`/api/quotations/${sent.id}/status`, { status: 'sent', version: sent.version });
    const contract = await make('contract', 200_000);
    const search = `q=${encodeURIComponent('報價匯出')}`;

    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn(admin.email, admin.password);
    const drafts = await csvOf(zh, `/api/quotations?format=csv&${search}&kind=basic&status=draft`);
    expect([...drafts.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(drafts.disposition).toBe('attachment; filename="quotations-2026-11-23.csv"');
    expect(drafts.header).toEqual(QUOTATION_HEADERS['zh-HK']);
    expect(drafts.rows).toEqual([[draft.number, '基本', '2026-11-23', '2026-12-22', '報價匯出貿易', 'Csvquote Trading', '草稿', '1500.00', '']]);

    const en = await csvOf(agent, `/api/quotations?format=csv&${search}&sort=total`);
    expect(en.header).toEqual(QUOTATION_HEADERS.en);
    expect(en.rows.map((r) => [r[0], r[1], r[6], r[7]])).toEqual([
      [sent.number, 'Basic', 'Sent', '999.99'],
      [draft.number, 'Basic', 'Draft', '1500.00'],
      [contract.number, 'Contract', 'Draft', '2000.00'],
    ]);
  });

  it('exports the filtered receipts and refunds, and the bank-in list on its own, headers in the caller’s language', async () => {
    const client = (await agent.post('/api/clients', { nameEn: 'Csvreceipt Trading', nameZh: '收據匯出貿易' })).body!.client as { id: number };
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Receipt export job', quantity: 100, unitPrice: 100_000 }], { clientId: client.id });
    const cheque = await agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cheque', amount: 60_000, reference: 'CHQ-CSV-1' });
    // A reference a spreadsheet would run as a formula is written as text.
    const fps = await agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'fps', amount: 20_000, reference: '=1+2' });
    const refund = await pay(agent, order.id, 10_000, 'refund', 'cash', 'Overcharged');
    const numberOf = (reply: typeof cheque) => (reply.body!.order as Order).receipts.find((r) => r.id === (reply.body!.receiptId as number))!.number;
    const search = `q=${encodeURIComponent('收據匯出')}`;
    const staff = admin.name;

    const receipts = await csvOf(agent, `/api/receipts?format=csv&${search}&kind=receipt&sort=amount`);
    expect([...receipts.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(receipts.disposition).toBe('attachment; filename="receipts-2026-11-23.csv"');
    expect(receipts.header).toEqual(RECEIPT_HEADERS.en);
    expect(receipts.rows).toEqual([
      [numberOf(fps), 'Receipt', '2026-11-23', order.number, '收據匯出貿易', 'Csvreceipt Trading', 'FPS', "'=1+2", '200.00', 'No', staff],
      [numberOf(cheque), 'Receipt', '2026-11-23', order.number, '收據匯出貿易', 'Csvreceipt Trading', 'Cheque', 'CHQ-CSV-1', '600.00', 'No', staff],
    ]);

    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn(admin.email, admin.password);
    const refunds = await csvOf(zh, `/api/receipts?format=csv&${search}&kind=refund`);
    expect(refunds.header).toEqual(RECEIPT_HEADERS['zh-HK']);
    // A refund counts negative, as a number (not neutralised like a formula).
    expect(refunds.rows).toEqual([[numberOf(refund), '退款', '2026-11-23', order.number, '收據匯出貿易', 'Csvreceipt Trading', '現金', '', '-100.00', '否', staff]]);

    // The bank-in reminder's export: only the cash and cheque receipts not yet banked in.
    const bankIn = await csvOf(zh, `/api/receipts?format=csv&${search}&action=bank-in`);
    expect([...bankIn.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bankIn.disposition).toBe('attachment; filename="bank-in-2026-11-23.csv"');
    expect(bankIn.header).toEqual(RECEIPT_HEADERS['zh-HK']);
    expect(bankIn.rows.map((r) => [r[0], r[1], r[6], r[8], r[9]])).toEqual([[numberOf(cheque), '收據', '支票', '600.00', '否']]);
    expect((await agent.post(`/api/receipts/${cheque.body!.receiptId as number}/bank-in`)).status).toBe(200);
    expect((await csvOf(zh, `/api/receipts?format=csv&${search}&action=bank-in`)).rows).toEqual([]);
  });
});

describe('reminders with filters and sort', () => {
  const overdue = async (a: TestAgent, path: string) => (await a.get(path)).body! as { items: (Order & { dueDate: string; overdue: boolean })[]; total: number; outstandingTotal: number };

  it('/api/orders?status=reminder_outstanding combines with branch_id, salesperson_id and a sort', async () => {
    const branch = ((await agent.post('/api/branches', { nameZh: '荃灣分店', nameEn: 'Tsuen Wan Branch', companyId: 1 })).body!.branch as { id: number }).id;
    const people = ((await agent.get('/api/orders/create')).body!.options as { salespeople: { id: number; name: string }[] }).salespeople;
    const sam = people.find((p) => p.name === sales.name)!.id;
    const ada = people.find((p) => p.name === admin.name)!.id;
    const job = (unitPrice: number) => [{ productId: null, descriptionEn: 'Reminder job', quantity: 100, unitPrice }];
    const a = await createOrder(agent, job(30_000), { date: '2026-09-01', dueDate: '2026-10-01', branchId: branch, salespersonId: sam });
    const b = await createOrder(agent, job(50_000), { date: '2026-09-01', dueDate: '2026-09-15', branchId: branch, salespersonId: sam });
    await pay(agent, b.id, 10_000);
    const c = await createOrder(agent, job(70_000), { date: '2026-09-01', dueDate: '2026-10-20', branchId: branch, salespersonId: ada });
    const notDue = await createOrder(agent, job(90_000), { date: '2026-11-20', branchId: branch, salespersonId: sam });
    const paid = await createOrder(agent, job(20_000), { date: '2026-09-01', dueDate: '2026-10-01', branchId: branch, salespersonId: sam });
    await pay(agent, paid.id, 20_000);
    const elsewhere = await createOrder(agent, job(60_000), { date: '2026-09-01', dueDate: '2026-10-01', salespersonId: sam });

    const inBranch = await overdue(agent, `/api/orders?status=reminder_outstanding&branch_id=${branch}&per_page=100`);
    expect(inBranch.items.map((o) => o.id).sort((x, y) => x - y)).toEqual([a.id, b.id, c.id]);
    expect([inBranch.total, inBranch.outstandingTotal]).toEqual([3, 30_000 + 40_000 + 70_000]);
    expect(inBranch.items.every((o) => o.overdue)).toBe(true);

    const samsInBranch = await overdue(agent, `/api/orders?status=reminder_outstanding&branch_id=${branch}&salesperson_id=${sam}&per_page=100`);
    expect(samsInBranch.items.map((o) => o.id).sort((x, y) => x - y)).toEqual([a.id, b.id]);
    expect([samsInBranch.total, samsInBranch.outstandingTotal]).toEqual([2, 70_000]);

    const sams = (await overdue(agent, `/api/orders?status=reminder_outstanding&salesperson_id=${sam}&per_page=100`)).items.map((o) => o.id);
    expect(sams).toEqual(expect.arrayContaining([a.id, b.id, elsewhere.id]));
    for (const left of [c.id, notDue.id, paid.id]) expect(sams).not.toContain(left);

    const ids = async (sort: string) => (await overdue(agent, `/api/orders?status=reminder_outstanding&branch_id=${branch}&sort=${sort}`)).items.map((o) => o.id);
    expect(await ids('-outstanding')).toEqual([c.id, b.id, a.id]);
    expect(await ids('outstanding')).toEqual([a.id, b.id, c.id]);
    expect(await ids('due')).toEqual([b.id, a.id, c.id]);
    expect(await ids('-due')).toEqual([c.id, a.id, b.id]);
    const firstPage = await overdue(agent, `/api/orders?status=reminder_outstanding&branch_id=${branch}&sort=-outstanding&per_page=2`);
    expect([firstPage.items.map((o) => o.id), firstPage.total, firstPage.outstandingTotal]).toEqual([[c.id, b.id], 3, 140_000]);
  });

  it('/api/receipts?action=bank-in filters by staff_id and branch_id and sorts', async () => {
    const branch = ((await agent.post('/api/branches', { nameZh: '葵涌分店', nameEn: 'Kwai Chung Branch', companyId: 1 })).body!.branch as { id: number }).id;
    const s = new TestAgent(server);
    await s.signIn(sales.email, sales.password);
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Bank-in job', quantity: 100, unitPrice: 100_000 }], { branchId: branch });
    const id = async (reply: Promise<Awaited<ReturnType<typeof pay>>>) => {
      const r = await reply;
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body!.receiptId as number;
    };
    const adaCash = await id(pay(agent, order.id, 10_000, 'receipt', 'cash'));
    const samCheque = await id(pay(s, order.id, 25_000, 'receipt', 'cheque'));
    const samCash = await id(pay(s, order.id, 5_000, 'receipt', 'cash'));
    const samFps = await id(pay(s, order.id, 7_000, 'receipt', 'fps'));
    const adaBanked = await id(pay(agent, order.id, 20_000, 'receipt', 'cheque'));
    expect((await agent.post(`/api/receipts/${adaBanked}/bank-in`)).status).toBe(200);
    const staff = ((await agent.get('/api/receipts')).body!.options as { staff: { id: number; name: string }[] }).staff;
    const sam = staff.find((p) => p.name === sales.name)!.id;
    const ada = staff.find((p) => p.name === admin.name)!.id;

    type Row = { id: number; action: string | null; staff: string; amount: number };
    const list = async (query: string) => (await agent.get(`/api/receipts?action=bank-in&branch_id=${branch}&${query}`)).body! as { items: Row[]; total: number; netAmount: number };
    const samsAsc = await list(`staff_id=${sam}&sort=amount`);
    expect(samsAsc.items.map((r) => r.id)).toEqual([samCash, samCheque]);
    expect(samsAsc.items.every((r) => r.action === 'bank-in' && r.staff === sales.name)).toBe(true);
    expect([samsAsc.total, samsAsc.netAmount]).toEqual([2, 30_000]);
    expect((await list(`staff_id=${sam}&sort=-amount`)).items.map((r) => r.id)).toEqual([samCheque, samCash]);
    expect((await list(`staff_id=${ada}`)).items.map((r) => r.id)).toEqual([adaCash]);
    const all = await list('sort=-amount');
    expect(all.items.map((r) => r.id)).toEqual([samCheque, adaCash, samCash]);
    expect([all.total, all.netAmount]).toEqual([3, 40_000]);
    expect(all.items.map((r) => r.id)).not.toContain(samFps);
    expect((await list('sort=number')).items.map((r) => r.id)).toEqual([adaCash, samCheque, samCash]);
  });
});

describe('HKID never on documents', () => {
  const HKID = 'K987654(5)';
  const expectNoHkid = (what: string, body: unknown) => {
    const json = JSON.stringify(body);
    expect(json, what).not.toMatch(/hkid/i);
    expect(json, what).not.toContain('987654');
    expect(json, what).not.toContain('K987');
  };

  it('the data the print views read — quotation, invoice with its receipts and refunds, one receipt or refund — carry no HKID field and not its digits', async () => {
    const created = await agent.post('/api/clients', { nameZh: '身分證測試', nameEn: 'Identity Test', hkid: HKID, contacts: [{ name: '測試先生', phones: ['9123 4567'] }] });
    expect(created.status).toBe(201);
    const client = created.body!.client as { id: number; hkidMasked: string };
    expect(client.hkidMasked).toBe('K987***(*)');
    expect((await agent.post(`/api/clients/${client.id}/hkid/reveal`)).body).toEqual({ hkid: HKID });

    const line = [{ productId: null, descriptionEn: 'Identity job', quantity: 100, unitPrice: 50_000 }];
    const quotation = (await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId: client.id, validDays: 30, items: line })).body!.quotation as Quotation;
    const order = await createOrder(agent, line, { clientId: client.id });
    const receiptId = (await pay(agent, order.id, 30_000, 'receipt', 'cash')).body!.receiptId as number;
    const refundId = (await pay(agent, order.id, 5_000, 'refund', 'cash', 'Overpaid')).body!.receiptId as number;

    const documents = {
      quotation: await agent.get(`/api/quotations/${quotation.id}`),
      contract: await agent.get(`/api/quotations/${quotation.id}?tab=contract`),
      invoice: await agent.get(`/api/orders/${order.id}`),
      receipt: await agent.get(`/api/receipts/${receiptId}`),
      refund: await agent.get(`/api/receipts/${refundId}`),
    };
    for (const [what, reply] of Object.entries(documents)) {
      expect(reply.status, what).toBe(200);
      expectNoHkid(what, reply.body);
    }
    // They do carry the client, as the print shows it: both names.
    const names = { nameZh: '身分證測試', nameEn: 'Identity Test' };
    expect(documents.quotation.body!.quotation).toMatchObject({ client: names });
    expect(documents.invoice.body!.order).toMatchObject({ client: names, receipts: [{ id: receiptId }, { id: refundId }] });
    expect(documents.receipt.body!.receipt).toMatchObject({ client: names });
    expect(documents.refund.body!.receipt).toMatchObject({ kind: 'refund', client: names });

    // Nor do the lists and their CSV files.
    const q = `q=${encodeURIComponent('身分證測試')}`;
    for (const path of ['/api/quotations', '/api/orders', '/api/receipts']) {
      const listed = await agent.get(`${path}?${q}`);
      expect((listed.body!.items as unknown[]).length, path).toBeGreaterThan(0);
      expectNoHkid(path, listed.body);
      const csv = new TextDecoder().decode(await (await agent.rawGet(`${path}?${q}&format=csv`)).arrayBuffer());
      expect(csv).toContain('身分證測試');
      expectNoHkid(`${path} CSV`, csv);
    }
  });
});

describe('order attachments', () => {
  it('refuses 5 MB and one byte with 413 and the spec’s message in either language, storing nothing; exactly 5 MB is taken', async () => {
    const order = await createOrder(agent, [{ productId: null, descriptionEn: 'Big file job', quantity: 100, unitPrice: 100 }]);
    const header = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
    const file = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(header);
      return bytes;
    };
    const upload = (a: TestAgent, body: Uint8Array) =>
      a.raw('POST', `/api/orders/${order.id}/attachments`, body, { 'X-XSRF-TOKEN': a.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'application/pdf', 'X-File-Name': 'site-plan.pdf' });
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn(admin.email, admin.password);
    const before = server.files.size;

    const en = await upload(agent, file(5 * 1024 * 1024 + 1));
    expect(en.status).toBe(413);
    expect(en.body?.message).toBe('Error! File Size is over limit 5MB. Please upload again.');
    const chinese = await upload(zh, file(5 * 1024 * 1024 + 1));
    expect(chinese.status).toBe(413);
    expect(chinese.body?.message).toBe('錯誤！檔案大小超過 5MB 上限，請重新上載。');
    expect(server.files.size).toBe(before);
    expect((await agent.get(`/api/orders/${order.id}`)).body!.attachments).toEqual([]);

    expect((await upload(agent, file(5 * 1024 * 1024))).status).toBe(201);
    expect(((await agent.get(`/api/orders/${order.id}`)).body!.attachments as { name: string }[]).map((a) => a.name)).toEqual(['site-plan.pdf']);
  });
});

describe('document numbers of companies without their own prefix', () => {
  it('share the Settings → Codes sequence, so no number is handed out twice, even at the same moment', async () => {
    const other = (await agent.post('/api/companies', { nameZh: '新界清潔有限公司', nameEn: 'New Territories Cleaning Ltd' })).body!.company as { id: number; invoicePrefix: string };
    expect(other.invoicePrefix).toBe('');
    const branch = ((await agent.post('/api/branches', { nameZh: '元朗分店', nameEn: 'Yuen Long Branch', companyId: other.id })).body!.branch as { id: number }).id;
    const line = [{ productId: null, descriptionEn: 'Shared prefix', quantity: 100, unitPrice: 1_000 }];
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, items: line, ...(i % 2 === 0 ? { branchId: branch } : {}) })));
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(201));
    const numbers = replies.map((r) => (r.body!.order as Order).number);
    expect(numbers.every((n) => /^INV-2026-\d{5}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(6);
    // One sequence: the six numbers are consecutive.
    const values = numbers.map((n) => Number(n.slice(-5))).sort((x, y) => x - y);
    expect(values).toEqual(Array.from({ length: 6 }, (_, i) => values[0]! + i));
  });
});

describe('the invoice list’s owing filter', () => {
  /** Every page of a list, and its reported count and sum owed. */
  const wholeList = async (query: string) => {
    const first = (await agent.get(`/api/orders?${query}&per_page=100`)).body!;
    const items = [...(first.items as Order[])];
    for (let page = 2; page <= Math.ceil(Number(first.total) / 100); page++) items.push(...((await agent.get(`/api/orders?${query}&per_page=100&page=${page}`)).body!.items as Order[]));
    return { items, total: Number(first.total), outstandingTotal: Number(first.outstandingTotal) };
  };

  it('lists every invoice with money owed — unpaid or part paid, due or not, never void or paid — and the sum owed', async () => {
    const line = (unitPrice: number) => [{ productId: null, descriptionEn: 'Owing check', quantity: 100, unitPrice }];
    const unpaid = await createOrder(agent, line(20_000));
    const part = await createOrder(agent, line(30_000), { date: '2026-09-01', dueDate: '2026-10-01' });
    await pay(agent, part.id, 12_500);
    const paid = await createOrder(agent, line(40_000));
    await pay(agent, paid.id, 40_000);
    const toVoid = await createOrder(agent, line(50_000));
    expect((await agent.post(`/api/orders/${toVoid.id}/void`, { reason: 'Duplicate', version: toVoid.version })).status).toBe(200);

    const owing = await wholeList('status=owing');
    const ids = owing.items.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([unpaid.id, part.id]));
    expect(ids).not.toContain(paid.id);
    expect(ids).not.toContain(toVoid.id);
    expect(owing.items.every((o) => o.outstanding > 0 && (o.status === 'outstanding' || o.status === 'partial'))).toBe(true);
    expect(owing.items.find((o) => o.id === part.id)!.outstanding).toBe(17_500);
    // The same as a plain reading of the table: not void and paid below the total.
    const rows = await server.db.selectFrom('orders').select(['id', 'total', 'paid', 'voided']).execute();
    const expected = rows.filter((r) => !r.voided && r.paid < r.total);
    expect(ids.sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    expect(owing.total).toBe(expected.length);
    expect(owing.outstandingTotal).toBe(expected.reduce((s, r) => s + r.total - r.paid, 0));
    // Owing is exactly unpaid and part paid together.
    const [outstanding, partial] = await Promise.all([wholeList('status=outstanding'), wholeList('status=partial')]);
    expect(owing.total).toBe(outstanding.total + partial.total);
    expect(owing.outstandingTotal).toBe(outstanding.outstandingTotal + partial.outstandingTotal);
    // It combines with the other filters like any status.
    const sept = await wholeList('status=owing&date_from=2026-09-01&date_to=2026-09-01');
    expect(sept.items.map((o) => o.id)).toContain(part.id);
    expect(sept.items.every((o) => o.outstanding > 0)).toBe(true);
  });
});
