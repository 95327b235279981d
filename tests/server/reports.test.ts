import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { commission, type CommissionBasis } from '../../domain/commission/commission';
import { addDays } from '../../domain/time/dates';
import { seedLarge } from '../../server/db/seedLarge';
import { DEMO, serverForTests, signedInAgent, TestAgent, type TestServer } from './harness';

/**
 * The reports against an independent computation: a fixed, seeded data set (server/db/seedLarge.ts
 * with a small count) on top of the demo data, read back as plain rows and added up here in
 * TypeScript — and, for commission, by the domain's own `commission()` — then compared with what
 * each report's SQL says.
 */

const { admin, sales, worker } = DEMO;

const server = serverForTests();
let agent: TestAgent;

type OrderRow = { id: number; number: string; date: string; due_date: string; client_id: number; branch_id: number | null; salesperson_id: number | null; type: string; subtotal: number; discount: number; total: number; paid: number; voided: boolean };
type ItemRow = { id: number; order_id: number; product_id: number | null; quantity: number; line_total: number; sort_order: number };
type ReceiptRow = { id: number; order_id: number; kind: 'receipt' | 'refund'; date: string; method: string; amount: number; banked_in: boolean; created_by: number | null };
let orders: OrderRow[];
let items: ItemRow[];
let receipts: ReceiptRow[];
let products: { id: number; category_id: number | null; unit: string; commission_rate_bp: number | null }[];
let categories: { id: number; parent_id: number | null; commission_rate_bp: number | null }[];
let users: { id: number; name: string; commission_rate_bp: number | null }[];

const FROM = '2026-01-01';
const TO = '2026-10-31';
const inRange = (date: string, from = FROM, to = TO) => date >= from && date <= to;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Products with their own commission rates (a third of them, some at 0%), and one order so large
 * that an order's base × a line's amount passes 2^53: HK$18.8M and HK$1.2M of lines at half price,
 * the first line's share exactly …471.5 cents, its product paying 100% and the other's 0%, so a
 * share computed in floating point shows a cent off in the commission.
 */
async function productRatesAndALargeOrder(db: TestServer['db']) {
  await sql`update products set commission_rate_bp = (id % 5) * 300 where id % 3 = 0`.execute(db);
  const product = async (code: string, rate: number) =>
    (await db.insertInto('products').values({ code, name_en: code, name_zh: code, unit: 'visit', unit_price: 0, commission_rate_bp: rate }).returning('id').executeTakeFirstOrThrow()).id;
  const [full, none] = [await product('BIG-100', 10_000), await product('BIG-0', 0)];
  const template = (await sql<{ client_id: number; branch_id: number | null; salesperson_id: number }>`select client_id, branch_id, salesperson_id from orders where salesperson_id is not null and not voided order by id limit 1`.execute(db)).rows[0]!;
  const [a, b] = [1_876_542_943, 123_456_789];
  const total = (a + b) / 2;
  const order = (
    await sql<{ id: number }>`insert into orders (number, date, client_id, branch_id, salesperson_id, discount_rate_bp, subtotal, discount, total, type, due_date, paid)
      values ('O-BIG-1', '2026-05-15', ${template.client_id}, ${template.branch_id}, ${template.salesperson_id}, 5000, ${a + b}, ${a + b - total}, ${total}, 'new_order', '2026-06-14', ${total}) returning id`.execute(db)
  ).rows[0]!.id;
  await sql`insert into order_items (order_id, product_id, quantity, unit_price, line_total, sort_order)
    values (${order}, ${full}, 100, ${a}, ${a}, 1), (${order}, ${none}, 100, ${b}, ${b}, 2)`.execute(db);
}

beforeAll(async () => {
  await seedLarge(server.db, { clients: 150, orders: 900, items: 2_700, appointments: 120, seed: 4242, today: '2026-11-23', years: 2 });
  agent = await signedInAgent(server, admin);
  const { db } = server;
  await productRatesAndALargeOrder(db);
  orders = (await sql<OrderRow>`select id, number, date::text as date, due_date::text as due_date, client_id, branch_id, salesperson_id, type, subtotal, discount, total, paid, voided from orders order by id`.execute(db)).rows;
  items = await db.selectFrom('order_items').select(['id', 'order_id', 'product_id', 'quantity', 'line_total', 'sort_order']).orderBy('id').execute();
  receipts = (await sql<ReceiptRow>`select id, order_id, kind, date::text as date, method, amount, banked_in, created_by from receipts order by id`.execute(db)).rows;
  products = await db.selectFrom('products').select(['id', 'category_id', 'unit', 'commission_rate_bp']).execute();
  categories = await db.selectFrom('product_categories').select(['id', 'parent_id', 'commission_rate_bp']).execute();
  users = await db.selectFrom('users').select(['id', 'name', 'commission_rate_bp']).execute();
}, 60_000);

type Report = { rows: Record<string, unknown>[]; totals: Record<string, number>; count: number; charts?: Record<string, { key: string; [k: string]: unknown }[]> } & Record<string, unknown>;
const report = async (path: string, a = agent): Promise<Report> => {
  const reply = await a.get(path);
  expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body as unknown as Report;
};

describe('the order report', () => {
  it('lists the orders of the range with totals that leave void orders out', async () => {
    const scope = orders.filter((o) => inRange(o.date));
    const live = scope.filter((o) => !o.voided);
    const r = await report(`/api/reports/orders/order?date_from=${FROM}&date_to=${TO}&per_page=1000`);
    expect(r.count).toBe(scope.length);
    expect(r.rows).toHaveLength(scope.length);
    expect(r.totals).toEqual({
      count: scope.length,
      subtotal: sum(live.map((o) => o.subtotal)),
      discount: sum(live.map((o) => o.discount)),
      total: sum(live.map((o) => o.total)),
      paid: sum(live.map((o) => o.paid)),
      outstanding: sum(live.map((o) => Math.max(0, o.total - o.paid))),
    });
    expect(r.voided).toEqual({ count: scope.length - live.length, total: sum(scope.filter((o) => o.voided).map((o) => o.total)) });
    expect(scope.length - live.length).toBeGreaterThan(0);
  });

  it('filters by status, type, branch and salesperson, sorts and pages on the server', async () => {
    const overdue = orders.filter((o) => inRange(o.date) && !o.voided && o.paid < o.total && o.due_date < '2026-11-23');
    expect((await report(`/api/reports/orders/order?date_from=${FROM}&date_to=${TO}&status=overdue`)).count).toBe(overdue.length);
    const partial = orders.filter((o) => inRange(o.date) && !o.voided && o.paid > 0 && o.paid < o.total);
    expect((await report(`/api/reports/orders/order?date_from=${FROM}&date_to=${TO}&status=partial`)).count).toBe(partial.length);
    const sample = orders.find((o) => inRange(o.date) && o.salesperson_id !== null && o.branch_id !== null)!;
    const match = orders.filter((o) => inRange(o.date) && o.type === sample.type && o.branch_id === sample.branch_id && o.salesperson_id === sample.salesperson_id);
    const filtered = await report(`/api/reports/orders/order?date_from=${FROM}&date_to=${TO}&type=${sample.type}&branch_id=${sample.branch_id}&salesperson_id=${sample.salesperson_id}`);
    expect(filtered.count).toBe(match.length);
    const page = await report(`/api/reports/orders/order?date_from=${FROM}&date_to=${TO}&sort=-total&per_page=5&page=2`);
    const expected = orders
      .filter((o) => inRange(o.date))
      // A void order counts as zero (issue 18), in its row and in the sort.
      .sort((a, b) => (b.voided ? 0 : b.total) - (a.voided ? 0 : a.total) || b.id - a.id)
      .slice(5, 10)
      .map((o) => o.number);
    expect(page.rows.map((row) => row.number)).toEqual(expected);
  });
});

describe('the order items report', () => {
  it('sums the lines of the orders in range, void orders left out, a category with its sub-categories', async () => {
    const live = new Set(orders.filter((o) => inRange(o.date) && !o.voided).map((o) => o.id));
    const lines = items.filter((i) => live.has(i.order_id));
    const r = await report(`/api/reports/orders/items?date_from=${FROM}&date_to=${TO}&per_page=3`);
    // Quantities of different units are not added together (issue 18): one sum per unit.
    const unitOf = (i: ItemRow) => products.find((p) => p.id === i.product_id)?.unit ?? 'none';
    const units = [...new Set(lines.map(unitOf))].sort();
    expect(r.totals).toEqual({ count: lines.length, lineTotal: sum(lines.map((i) => i.line_total)), quantityByUnit: units.map((unit) => ({ unit, quantity: sum(lines.filter((i) => unitOf(i) === unit).map((i) => i.quantity)) })) });
    expect(r.rows).toHaveLength(3);
    const top = categories.find((k) => k.parent_id === null && categories.some((c) => c.parent_id === k.id))!;
    const family = new Set(categories.filter((k) => k.id === top.id || k.parent_id === top.id).map((k) => k.id));
    const inFamily = lines.filter((i) => family.has(products.find((p) => p.id === i.product_id)?.category_id ?? -1));
    const byCategory = await report(`/api/reports/orders/items?date_from=${FROM}&date_to=${TO}&category_id=${top.id}`);
    expect(byCategory.totals.lineTotal).toBe(sum(inFamily.map((i) => i.line_total)));
    expect(inFamily.length).toBeGreaterThan(0);
  });
});

describe('the order analysis', () => {
  it('groups by month, type and salesperson in the database, as a plain count would', async () => {
    const live = orders.filter((o) => inRange(o.date) && !o.voided);
    const r = await report(`/api/reports/orders/order-analysis?date_from=${FROM}&date_to=${TO}`);
    const months = [...new Set(live.map((o) => o.date.slice(0, 7)))].sort();
    expect(r.rows.map((row) => row.month)).toEqual(months);
    for (const row of r.rows) {
      const mine = live.filter((o) => o.date.startsWith(String(row.month)));
      expect(row.orders).toBe(mine.length);
      expect(row.total).toBe(sum(mine.map((o) => o.total)));
      expect(row.paid).toBe(sum(mine.map((o) => o.paid)));
    }
    expect(r.totals.total).toBe(sum(live.map((o) => o.total)));
    expect(r.charts!.byMonth!.map((m) => m.key)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']);
    for (const point of r.charts!.byMonth!) expect([point.total, point.orders], point.key).toEqual([sum(live.filter((o) => o.date.startsWith(point.key)).map((o) => o.total)), live.filter((o) => o.date.startsWith(point.key)).length]);
    for (const point of r.charts!.byType!) expect(point.total).toBe(sum(live.filter((o) => o.type === point.key).map((o) => o.total)));
    for (const point of r.charts!.bySalesperson!) expect(point.total).toBe(sum(live.filter((o) => String(o.salesperson_id ?? '') === point.key).map((o) => o.total)));
    const byClient = await report(`/api/reports/orders/order-analysis?date_from=${FROM}&date_to=${TO}&group_by=client&sort=-total&per_page=3`);
    expect(byClient.count).toBe(new Set(live.map((o) => o.client_id)).size);
    const perClient = new Map<number, number>();
    for (const o of live) perClient.set(o.client_id, (perClient.get(o.client_id) ?? 0) + o.total);
    expect(byClient.rows.map((row) => row.total)).toEqual([...perClient.values()].sort((a, b) => b - a).slice(0, 3));
  });
});

describe('the receipt report', () => {
  it('adds receipts and takes refunds away for the month, by method too', async () => {
    const month = receipts.filter((r) => inRange(r.date, '2026-06-01', '2026-06-30'));
    const r = await report('/api/reports/orders/receipt?date_from=2026-06-01&date_to=2026-06-30&per_page=1000');
    const received = sum(month.filter((x) => x.kind === 'receipt').map((x) => x.amount));
    const refunded = sum(month.filter((x) => x.kind === 'refund').map((x) => x.amount));
    expect(r.totals).toEqual({ count: month.length, receipts: received, refunds: refunded, amount: received - refunded });
    expect(sum(r.rows.map((row) => Number(row.amount)))).toBe(received - refunded);
    const cash = await report('/api/reports/orders/receipt?date_from=2026-06-01&date_to=2026-06-30&method=cash');
    expect(cash.count).toBe(month.filter((x) => x.method === 'cash').length);
    const byMethod = r.byMethod as { method: string; net: number }[];
    expect(sum(byMethod.map((m) => m.net))).toBe(received - refunded);
  });
});

describe('the commission report', () => {
  /** The domain's commission on one order (`productRates: false`: as if products had no rates of their own). */
  function orderCommission(o: OrderRow, basis: CommissionBasis, productRates = true) {
    const effective = new Map<number, number>();
    for (const k of categories) {
      const rate = k.commission_rate_bp ?? categories.find((p) => p.id === k.parent_id)?.commission_rate_bp ?? null;
      if (rate !== null) effective.set(k.id, rate);
    }
    const lines = items
      .filter((i) => i.order_id === o.id)
      .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)
      .map((i) => {
        const product = products.find((p) => p.id === i.product_id);
        return { amount: i.line_total, categoryId: product?.category_id ?? null, productRate: productRates ? (product?.commission_rate_bp ?? null) : null };
      });
    const userRate = users.find((u) => u.id === o.salesperson_id)?.commission_rate_bp ?? null;
    return commission({ lines, orderTotal: o.total, received: o.paid, voided: o.voided, userRate, categoryRates: effective, basis });
  }

  /** The domain's commission per order, added up per salesperson. */
  function expected(basis: CommissionBasis, productRates = true) {
    const out = new Map<number | null, { orders: number; total: number; commission: number }>();
    for (const o of orders.filter((x) => inRange(x.date) && !x.voided)) {
      const earned = orderCommission(o, basis, productRates);
      const entry = out.get(o.salesperson_id) ?? { orders: 0, total: 0, commission: 0 };
      out.set(o.salesperson_id, { orders: entry.orders + 1, total: entry.total + o.total, commission: entry.commission + earned });
    }
    return out;
  }

  for (const basis of ['total', 'received'] as const) {
    it(`equals the domain's commission() for every salesperson, on the ${basis} basis`, async () => {
      const r = await report(`/api/reports/orders/commission?date_from=${FROM}&date_to=${TO}&basis=${basis}&per_page=100`);
      const want = expected(basis);
      expect(r.rows).toHaveLength(want.size);
      for (const row of r.rows) {
        const mine = want.get((row.salespersonId as number | null) ?? null)!;
        expect({ orders: row.orders, total: row.total, commission: row.commission }).toEqual(mine);
      }
      expect(r.totals.commission).toBe(sum([...want.values()].map((v) => v.commission)));
      expect(r.totals.commission).toBeGreaterThan(0);
      // The products' own rates change the figures (they come before the category's and the salesperson's).
      expect(sum([...expected(basis, false).values()].map((v) => v.commission))).not.toBe(r.totals.commission);
    });
  }

  it('pays a product’s own rate, exactly, on an order whose base × line amount passes 2^53', async () => {
    const big = orders.find((o) => o.number === 'O-BIG-1')!;
    const r = await report(`/api/reports/orders/commission?date_from=${big.date}&date_to=${big.date}&salesperson_id=${big.salesperson_id}`);
    const sameDay = orders.filter((o) => o.date === big.date && o.salesperson_id === big.salesperson_id && !o.voided);
    expect(r.totals.commission).toBe(sum(sameDay.map((o) => orderCommission(o, 'total'))));
    // Of that, the large order's: half of 1,876,542,943 cents at 100% is …471.5, rounded up.
    expect(orderCommission(big, 'total')).toBe(938_271_472);
    expect(r.totals.commission! - sum(sameDay.filter((o) => o !== big).map((o) => orderCommission(o, 'total')))).toBe(938_271_472);
  });

  it('exports the same commission as the domain’s, the products’ own rates included', async () => {
    const response = await agent.rawGet(`/api/reports/orders/commission?date_from=${FROM}&date_to=${TO}&format=csv&headers=en`);
    expect(response.status).toBe(200);
    const [header, ...rest] = (await response.text()).replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));
    const [who, earned] = [header!.indexOf('Salesperson'), header!.indexOf('Commission (HKD)')];
    const want = expected('total');
    expect(rest).toHaveLength(want.size + 1);
    const idOf = new Map(users.map((u) => [u.name, u.id]));
    for (const row of rest.slice(0, -1)) expect(row[earned], row[who]).toBe((want.get(idOf.get(row[who]!) ?? null)!.commission / 100).toFixed(2));
    expect(rest.at(-1)![earned]).toBe((sum([...want.values()].map((v) => v.commission)) / 100).toFixed(2));
  });

  it('charts each month’s commission as the domain’s for the orders dated in it, every month of the range shown', async () => {
    const r = await report(`/api/reports/orders/commission?date_from=${FROM}&date_to=${TO}&basis=total`);
    const live = orders.filter((o) => inRange(o.date) && !o.voided);
    const byMonth = r.charts!.byMonth! as { key: string; commission: number }[];
    expect(byMonth.map((m) => m.key)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']);
    for (const point of byMonth) expect(point.commission, point.key).toBe(sum(live.filter((o) => o.date.startsWith(point.key)).map((o) => orderCommission(o, 'total'))));
    expect(sum(byMonth.map((m) => m.commission))).toBe(r.totals.commission);
    expect(byMonth.filter((m) => m.commission > 0).length).toBeGreaterThan(1);
  });

  it('pays on received amounts no more than on totals, and sorts by commission', async () => {
    const total = await report(`/api/reports/orders/commission?date_from=${FROM}&date_to=${TO}&basis=total`);
    const received = await report(`/api/reports/orders/commission?date_from=${FROM}&date_to=${TO}&basis=received`);
    expect(received.totals.commission).toBeLessThan(total.totals.commission!);
    const values = total.rows.map((row) => Number(row.commission));
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });
});

describe('the client and product reports', () => {
  it('sums each client’s orders in range', async () => {
    const live = orders.filter((o) => inRange(o.date) && !o.voided);
    const r = await report(`/api/reports/clients/client?date_from=${FROM}&date_to=${TO}&per_page=1000`);
    expect(r.count).toBe(new Set(live.map((o) => o.client_id)).size);
    expect(r.totals.total).toBe(sum(live.map((o) => o.total)));
    for (const row of r.rows.slice(0, 20)) {
      const mine = live.filter((o) => o.client_id === row.id);
      expect([row.orders, row.total, row.outstanding]).toEqual([mine.length, sum(mine.map((o) => o.total)), sum(mine.map((o) => Math.max(0, o.total - o.paid)))]);
    }
    const owing = await report(`/api/reports/clients/client?date_from=${FROM}&date_to=${TO}&activity=owing`);
    const owingClients = new Set(live.filter((o) => o.total > o.paid).map((o) => o.client_id));
    expect(owing.count).toBe(owingClients.size);
  });

  it('sums each product’s lines, with the lines without a product as one row', async () => {
    const live = new Set(orders.filter((o) => inRange(o.date) && !o.voided).map((o) => o.id));
    const lines = items.filter((i) => live.has(i.order_id));
    const r = await report(`/api/reports/products/product?date_from=${FROM}&date_to=${TO}&per_page=100`);
    expect(r.count).toBe(new Set(lines.map((i) => i.product_id)).size);
    for (const row of r.rows) {
      const mine = lines.filter((i) => i.product_id === row.id);
      expect([row.quantity, row.amount, row.orders]).toEqual([sum(mine.map((i) => i.quantity)), sum(mine.map((i) => i.line_total)), new Set(mine.map((i) => i.order_id)).size]);
    }
    expect(r.totals.amount).toBe(sum(lines.map((i) => i.line_total)));
    expect(sum(r.rows.map((row) => Number(row.share)))).toBeGreaterThan(9_990);
  });
});

describe('the appointment reports', () => {
  it('counts the visits the calendar shows for the same days, by status', async () => {
    const from = '2026-09-01';
    const to = '2026-11-30';
    const calendar = await agent.get(`/api/appointments?start=${from}&end=2026-12-01`);
    const events = calendar.body!.events as { status: string; appointmentId: number }[];
    const r = await report(`/api/reports/appointments/appointment?date_from=${from}&date_to=${to}&per_page=1000`);
    expect(r.count).toBe(events.length);
    expect(r.count).toBeGreaterThan(20);
    for (const s of r.byStatus as { status: string; count: number }[]) expect(s.count).toBe(events.filter((e) => e.status === s.status).length);
    const ended = await report(`/api/reports/appointments/appointment?date_from=${from}&date_to=${to}&status=ended`);
    expect(ended.count).toBe(events.filter((e) => e.status === 'ended').length);
  });

  it('shows a worker without appointment_view_all only their own visits, as the calendar does', async () => {
    const { db } = server;
    // Give the worker's role report_view for this test.
    const role = await db.selectFrom('roles').select('id').where('name', '=', 'worker').executeTakeFirstOrThrow();
    await db.insertInto('role_permissions').values({ role_id: role.id, permission: 'report_view' }).execute();
    const own = new TestAgent(server);
    await own.signIn(worker.email, worker.password);
    const calendar = await own.get('/api/appointments?start=2026-11-01&end=2026-12-01');
    const r = await report('/api/reports/appointments/appointment?date_from=2026-11-01&date_to=2026-11-30', own);
    expect(r.count).toBe((calendar.body!.events as unknown[]).length);
    expect(r.seesAll).toBe(false);
    await db.deleteFrom('role_permissions').where('role_id', '=', role.id).where('permission', '=', 'report_view').execute();
  });

  it('lists the completed reports of the range from the visits table', async () => {
    const visits = (
      await sql<{ status: string; date: string; signed: boolean }>`select status, date::text as date, client_signature is not null and worker_signature is not null as signed
        from appointment_visits where reported_at is not null or status in ('ended', 'pending_recheck', 'auditing', 'audited')`.execute(server.db)
    ).rows.filter((v) => inRange(v.date));
    const r = await report(`/api/reports/appointments/completed-report?date_from=${FROM}&date_to=${TO}`);
    expect(r.count).toBe(visits.length);
    expect(r.signed).toBe(visits.filter((v) => v.signed).length);
    const audited = await report(`/api/reports/appointments/completed-report?date_from=${FROM}&date_to=${TO}&status=audited`);
    expect(audited.count).toBe(visits.filter((v) => v.status === 'audited').length);
  });
});

describe('the client search of the product, appointment and completed-report reports', () => {
  it('keeps only the records of the clients whose English or Chinese name holds the words', async () => {
    const clients = await server.db.selectFrom('clients').select(['id', 'name_en', 'name_zh']).execute();
    const live = orders.filter((o) => inRange(o.date) && !o.voided);
    // A client with orders in range, searched by part of its Chinese name (as staff type it).
    const chosen = clients.find((cl) => cl.name_zh.length >= 2 && live.some((o) => o.client_id === cl.id))!;
    const q = chosen.name_zh.slice(0, 2);
    const matching = new Set(clients.filter((cl) => cl.name_zh.includes(q) || cl.name_en.toLowerCase().includes(q.toLowerCase())).map((cl) => cl.id));
    expect(matching.size).toBeLessThan(clients.length);
    const ordersOf = new Set(live.filter((o) => matching.has(o.client_id)).map((o) => o.id));
    const products = await report(`/api/reports/products/product?date_from=${FROM}&date_to=${TO}&q=${encodeURIComponent(q)}&per_page=100`);
    expect(products.totals.amount).toBe(sum(items.filter((i) => ordersOf.has(i.order_id)).map((i) => i.line_total)));
    expect(products.filterNames).toBeDefined();

    const from = '2026-09-01';
    const to = '2026-11-30';
    const events = (await agent.get(`/api/appointments?start=${from}&end=2026-12-01`)).body!.events as { appointmentId: number }[];
    const appointmentClients = new Map((await server.db.selectFrom('appointments').select(['id', 'client_id']).execute()).map((a) => [a.id, a.client_id]));
    const visitClient = (e: { appointmentId: number }) => appointmentClients.get(e.appointmentId) ?? -1;
    const named = events.find((e) => matching.has(visitClient(e))) ?? events[0]!;
    const byName = clients.find((cl) => cl.id === visitClient(named))!;
    const q2 = byName.name_en;
    const matching2 = new Set(clients.filter((cl) => cl.name_en.toLowerCase().includes(q2.toLowerCase()) || cl.name_zh.includes(q2)).map((cl) => cl.id));
    const visits = await report(`/api/reports/appointments/appointment?date_from=${from}&date_to=${to}&q=${encodeURIComponent(q2)}&per_page=1000`);
    expect(visits.count).toBe(events.filter((e) => matching2.has(visitClient(e))).length);
    expect(visits.count).toBeGreaterThan(0);
    expect(visits.count).toBeLessThan(events.length);

    const reported = (
      await sql<{ client_id: number; date: string }>`select a.client_id, v.date::text as date from appointment_visits v join appointments a on a.id = v.appointment_id
        where v.reported_at is not null or v.status in ('ended', 'pending_recheck', 'auditing', 'audited')`.execute(server.db)
    ).rows.filter((v) => inRange(v.date));
    const withReport = clients.find((cl) => reported.some((v) => v.client_id === cl.id))!;
    const matching3 = new Set(clients.filter((cl) => cl.name_en.toLowerCase().includes(withReport.name_en.toLowerCase()) || cl.name_zh.includes(withReport.name_en)).map((cl) => cl.id));
    const done = await report(`/api/reports/appointments/completed-report?date_from=${FROM}&date_to=${TO}&q=${encodeURIComponent(withReport.name_en)}`);
    expect(done.count).toBe(reported.filter((v) => matching3.has(v.client_id)).length);
    expect(done.count).toBeGreaterThan(0);
  });
});

describe('exports', () => {
  it('writes CSV with the totals row and headers in both languages when asked', async () => {
    const response = await agent.rawGet('/api/reports/orders/receipt?date_from=2026-06-01&date_to=2026-06-30&format=csv&headers=both');
    expect(response.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toContain('金額（港元） Amount (HKD)');
    const month = receipts.filter((r) => inRange(r.date, '2026-06-01', '2026-06-30'));
    expect(lines).toHaveLength(month.length + 2);
    const net = sum(month.map((r) => (r.kind === 'refund' ? -r.amount : r.amount)));
    expect(lines.at(-1)).toMatch(new RegExp(`^總計 Total,.*,${(net / 100).toFixed(2)},`));
  });

  it('writes an Excel workbook with the chosen header language', async () => {
    const response = await agent.rawGet(`/api/reports/orders/commission?date_from=${FROM}&date_to=${TO}&format=xlsx&headers=zh-HK`);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/commission-total-2026-11-23\.xlsx/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const xml = Object.entries(files)
      .filter(([file]) => file.endsWith('.xml'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(xml).toContain('佣金（港元）');
    expect(xml).toContain('總計');
    expect(xml).not.toContain('Commission (HKD)');
  });

  /** The workbook's first sheet as rows of cell texts (shared strings looked up, numbers as written). */
  const sheetRows = async (path: string): Promise<string[][]> => {
    const response = await agent.rawGet(path);
    expect(response.status, path).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const unescape = (v: string) => v.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
    const shared = [...strFromU8(files['xl/sharedStrings.xml']!).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => unescape([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
      [...row[1]!.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((cell) => {
        const value = /<v>([\s\S]*?)<\/v>/.exec(cell[2] ?? '')?.[1] ?? '';
        return /t="s"/.test(cell[1]!) ? shared[Number(value)]! : unescape(value);
      }),
    );
  };

  it('writes Excel headings in English, or in Chinese and English, as chosen, the totals row labelled the same way', async () => {
    const base = `/api/reports/orders/commission?date_from=${FROM}&date_to=${TO}&format=xlsx`;
    const en = await sheetRows(`${base}&headers=en`);
    expect(en[0]).toEqual(['Salesperson', 'Own rate (%)', 'Invoices', 'Total (HKD)', 'Commission base (HKD)', 'Commission (HKD)']);
    expect(en.at(-1)![0]).toBe('Total');
    const both = await sheetRows(`${base}&headers=both`);
    expect(both[0]).toEqual(['營業員 Salesperson', '個人佣金率（%） Own rate (%)', '發票數 Invoices', '總額（港元） Total (HKD)', '佣金基數（港元） Commission base (HKD)', '佣金（港元） Commission (HKD)']);
    expect(both.at(-1)![0]).toBe('總計 Total');
    // The same rows under either heading: one per salesperson of the JSON report, then the totals.
    const json = await report(`/api/reports/orders/commission?date_from=${FROM}&date_to=${TO}&per_page=1000`);
    expect(en).toHaveLength(json.rows.length + 2);
    expect(both.slice(1)).toEqual(en.slice(1).map((row, i) => (i === en.length - 2 ? ['總計 Total', ...row.slice(1)] : row)));
  });
});

describe('validation and permissions', () => {
  it('refuses a bad query with a message per field in the caller’s language', async () => {
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn(admin.email, admin.password);
    const backwards = await zh.get('/api/reports/orders/order?date_from=2026-05-01&date_to=2026-04-01');
    expect(backwards.status).toBe(422);
    expect((backwards.body!.errors as Record<string, string[]>).date_to).toEqual(['結束日期必須在開始日期當日或之後。']);
    const bad = await agent.get('/api/reports/orders/receipt?branch_id=abc&sort=nonsense&format=pdf');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body!.errors as object).sort()).toEqual(['branch_id', 'format', 'sort']);
    const long = await agent.get('/api/reports/appointments/appointment?date_from=2025-01-01&date_to=2026-06-30');
    expect((long.body!.errors as Record<string, string[]>).date_to).toEqual(['The appointment report covers at most 366 days at a time.']);
  });

  it('gives every row in one page up to the export limit (a result’s print view reads them so), and no more', async () => {
    const path = `/api/reports/orders/items?date_from=2024-01-01&date_to=${TO}&sort=-lineTotal`;
    const all = await report(`${path}&page=1&per_page=50000`);
    expect(all.count).toBeGreaterThan(1_000);
    expect(all.rows).toHaveLength(all.count);
    // The same rows, in the same order, as the pages of 1,000 the screen could have read one by one.
    const pages: Record<string, unknown>[] = [];
    for (let page = 1; page <= Math.ceil(all.count / 1_000); page++) pages.push(...(await report(`${path}&page=${page}&per_page=1000`)).rows);
    expect(all.rows).toEqual(pages);
    const tooMany = await agent.get(`${path}&per_page=50001`);
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body!.errors as object)).toEqual(['per_page']);
  });

  it('answers 403 to a user without report_view on every report', async () => {
    const own = new TestAgent(server);
    await own.signIn(worker.email, worker.password);
    for (const path of ['orders/order', 'orders/items', 'orders/order-analysis', 'orders/receipt', 'orders/commission', 'clients/client', 'products/product', 'appointments/appointment', 'appointments/completed-report']) {
      expect((await own.get(`/api/reports/${path}`)).status, path).toBe(403);
    }
  });
});

type DashboardCard = { count: number; amount: number; overdue: { count: number; amount: number }; today: number; week: number; from: string; months: { month: string; invoiced: number; received: number }[] };

describe('the dashboard', () => {
  it('shows each card only with the permission behind it', async () => {
    const own = new TestAgent(server);
    await own.signIn(worker.email, worker.password);
    const mine = (await own.get('/api/dashboard/show')).body!.cards as Record<string, unknown>;
    expect(Object.keys(mine)).toEqual(['appointments']);
    expect((mine.appointments as { own: boolean }).own).toBe(true);
    const seller = new TestAgent(server);
    await seller.signIn(sales.email, sales.password);
    const theirs = (await seller.get('/api/dashboard/show')).body!.cards as Record<string, unknown>;
    // customerResponses: customers' answers through quotations' links (issue 21), with quotation_view.
    expect(Object.keys(theirs).sort()).toEqual(['appointments', 'bankIn', 'customerResponses', 'expiringQuotations', 'outstanding', 'revenue']);
  });

  it('gives the same figures as the lists it links to', async () => {
    const cards = (await agent.get('/api/dashboard/show')).body!.cards as Record<string, DashboardCard>;
    // The outstanding card: everything owed → the invoice list's owing filter; of that, the overdue → the reminder.
    const owing = await agent.get('/api/orders?status=owing&per_page=1');
    expect([cards.outstanding!.count, cards.outstanding!.amount]).toEqual([owing.body!.total, owing.body!.outstandingTotal]);
    const overdue = await agent.get('/api/orders?status=reminder_outstanding&per_page=1');
    expect([cards.outstanding!.overdue.count, cards.outstanding!.overdue.amount]).toEqual([overdue.body!.total, overdue.body!.outstandingTotal]);
    const bankIn = await agent.get('/api/receipts?action=bank-in&per_page=1');
    expect([cards.bankIn!.count, cards.bankIn!.amount]).toEqual([bankIn.body!.total, bankIn.body!.netAmount]);
    const expiring = await agent.get('/api/quotations?expiring_within=7&per_page=1');
    expect(cards.expiringQuotations!.count).toBe(expiring.body!.total);
    const week = await agent.get('/api/appointments?start=2026-11-23&end=2026-11-30');
    const events = week.body!.events as { date: string }[];
    expect([cards.appointments!.today, cards.appointments!.week]).toEqual([events.filter((e) => e.date === '2026-11-23').length, events.length]);
    const months = cards.revenue!.months;
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.month).toBe('2026-11');
    const october = orders.filter((o) => o.date.startsWith('2026-10') && !o.voided);
    expect(months.find((m) => m.month === '2026-10')!.invoiced).toBe(sum(october.map((o) => o.total)));
  });

  it('adds up the same amounts as a plain sum over the rows', async () => {
    const day = '2026-11-23';
    // Sent quotations around the seven-day edge (the seeded data has none expiring), a draft and a past one.
    const { db } = server;
    const template = await db.selectFrom('quotations').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const quotation = (n: number, status: 'sent' | 'draft', date: string, validDays: number, total: number) =>
      sql`insert into quotations (number, date, client_id, branch_id, salesperson_id, subtotal, discount, total, terms, created_by, created_at, updated_at, kind, status, valid_days)
          values (${`Q-DASH-${n}`}, ${date}::date, ${template.client_id}, ${template.branch_id}, ${template.salesperson_id}, ${total}, 0, ${total}, '[]'::jsonb, ${template.created_by}, now(), now(), 'basic', ${status}, ${validDays})`.execute(db);
    await quotation(1, 'sent', addDays(day, -10), 11, 12_345); // valid until today
    await quotation(2, 'sent', day, 8, 67_800); // valid until today + 7
    await quotation(3, 'sent', day, 9, 99_900); // until today + 8: not yet
    await quotation(4, 'draft', day, 3, 50_000); // not sent
    await quotation(5, 'sent', addDays(day, -10), 10, 70_000); // expired yesterday
    const quotations = (await sql<{ status: string; date: string; valid_days: number; total: number }>`select status, date::text as date, valid_days, total from quotations`.execute(db)).rows;
    const expiring = quotations.filter((q) => q.status === 'sent' && addDays(q.date, q.valid_days - 1) >= day && addDays(q.date, q.valid_days - 1) <= addDays(day, 7));

    const cards = (await agent.get('/api/dashboard/show')).body!.cards as Record<string, DashboardCard>;
    expect([cards.expiringQuotations!.count, cards.expiringQuotations!.amount]).toEqual([expiring.length, sum(expiring.map((q) => q.total))]);
    expect(cards.expiringQuotations!.amount).toBeGreaterThanOrEqual(12_345 + 67_800);

    const owing = orders.filter((o) => !o.voided && o.paid < o.total);
    const overdue = owing.filter((o) => o.due_date < day);
    expect(cards.outstanding).toEqual({
      count: owing.length,
      amount: sum(owing.map((o) => o.total - o.paid)),
      overdue: { count: overdue.length, amount: sum(overdue.map((o) => o.total - o.paid)) },
    });
    expect(overdue.length).toBeGreaterThan(0);
    expect(owing.length).toBeGreaterThan(overdue.length);

    const waiting = receipts.filter((r) => r.kind === 'receipt' && !r.banked_in && (r.method === 'cash' || r.method === 'cheque'));
    expect(cards.bankIn).toEqual({ count: waiting.length, amount: sum(waiting.map((r) => r.amount)) });
    expect(waiting.length).toBeGreaterThan(0);

    const from = cards.revenue!.from;
    expect(from).toBe('2025-12-01');
    for (const m of cards.revenue!.months) {
      const inMonth = (date: string) => date.startsWith(m.month) && date >= from && date <= day;
      expect(m.invoiced, m.month).toBe(sum(orders.filter((o) => inMonth(o.date) && !o.voided).map((o) => o.total)));
      expect(m.received, m.month).toBe(sum(receipts.filter((r) => inMonth(r.date)).map((r) => (r.kind === 'refund' ? -r.amount : r.amount))));
    }
    expect(cards.revenue!.months.filter((m) => m.received !== 0).length).toBeGreaterThan(6);
  });
});
