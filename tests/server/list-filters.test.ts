import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedLarge } from '../../server/db/seedLarge';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/**
 * Every filter of the lists leaves rows out, not only in: on a seeded data set, each filter's
 * answer is compared with the rows the database says match it, and those must be fewer than all
 * (a seeded row the filter must exclude exists). Switching a filter off in the server (the list
 * then answers with every row) fails its case here.
 */

const { admin } = DEMO;
const server = serverForTests();
let agent: TestAgent;

beforeAll(async () => {
  await seedLarge(server.db, { clients: 60, orders: 240, items: 500, appointments: 10, seed: 3535, today: '2026-11-23', years: 1 });
  const { db } = server;
  // Sources and tags on some of the clients, a product made inactive: values a filter can tell apart.
  await sql`update clients set source = case when id % 3 = 0 then 'website' when id % 3 = 1 then 'referral' else null end`.execute(db);
  await sql`update clients set tags = '["VIP"]'::jsonb where id % 4 = 0`.execute(db);
  await sql`update products set active = false where id = (select min(id) from products)`.execute(db);
  agent = await signedInAgent(server, admin);
}, 300_000);

/** The ids the database says match, and how many rows the table has in all. */
async function truth(table: string, where: ReturnType<typeof sql>): Promise<{ ids: number[]; all: number }> {
  const ids = (await sql<{ id: number }>`select id from ${sql.table(table)} where ${where}`.execute(server.db)).rows.map((r) => r.id);
  const all = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(server.db)).rows[0]!.n);
  return { ids, all };
}

/** The list with the filter: its count equals the matching rows, which are fewer than all, and its page holds only them. */
async function expectFilter(path: string, filter: string, table: string, where: ReturnType<typeof sql>) {
  const { ids, all } = await truth(table, where);
  expect(ids.length, `${path}?${filter}: some rows match`).toBeGreaterThan(0);
  expect(ids.length, `${path}?${filter}: some rows do not match`).toBeLessThan(all);
  const reply = await agent.get(`${path}?${filter}&per_page=100`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const body = reply.body as { items: { id: number }[]; total: number };
  expect(body.total, `${path}?${filter}`).toBe(ids.length);
  const matching = new Set(ids);
  expect(body.items.filter((item) => !matching.has(item.id)).map((item) => item.id), `${path}?${filter}`).toEqual([]);
  expect(body.items.length).toBe(Math.min(100, ids.length));
}

/** A value of a column that some rows of the table have and others do not. */
async function someValue(table: string, column: string): Promise<string | number> {
  const row = (await sql<{ v: string | number }>`select ${sql.ref(column)} as v from ${sql.table(table)} where ${sql.ref(column)} is not null group by 1 order by count(*) desc, 1 limit 1`.execute(server.db)).rows[0];
  return row!.v;
}

type Case = { name: string; filter: () => Promise<[query: string, table: string, where: ReturnType<typeof sql>]> };

/** One case per filter, so each fails on its own when its filter is switched off. */
const CASES: Record<string, Case[]> = {
  clients: [
    { name: 'area_id', filter: async () => { const area = await someValue('client_addresses', 'area_id'); return [`area_id=${area}`, 'clients', sql`exists (select 1 from client_addresses a where a.client_id = clients.id and a.area_id = ${area})`]; } },
    { name: 'branch_id', filter: async () => { const branch = await someValue('clients', 'branch_id'); return [`branch_id=${branch}`, 'clients', sql`branch_id = ${branch}`]; } },
    { name: 'tag', filter: () => Promise.resolve(['tag=VIP', 'clients', sql`tags @> '["VIP"]'::jsonb`]) },
    { name: 'source', filter: () => Promise.resolve(['source=website', 'clients', sql`source = 'website'`]) },
  ],
  orders: [
    { name: 'date_from', filter: () => Promise.resolve(['date_from=2026-06-01', 'orders', sql`date >= '2026-06-01'`]) },
    { name: 'date_to', filter: () => Promise.resolve(['date_to=2026-06-30', 'orders', sql`date <= '2026-06-30'`]) },
    { name: 'branch_id', filter: async () => { const branch = await someValue('orders', 'branch_id'); return [`branch_id=${branch}`, 'orders', sql`branch_id = ${branch}`]; } },
    { name: 'client_id', filter: async () => { const client = await someValue('orders', 'client_id'); return [`client_id=${client}`, 'orders', sql`client_id = ${client}`]; } },
    { name: 'salesperson_id', filter: async () => { const who = await someValue('orders', 'salesperson_id'); return [`salesperson_id=${who}`, 'orders', sql`salesperson_id = ${who}`]; } },
    { name: 'type', filter: async () => { const type = await someValue('orders', 'type'); return [`type=${type}`, 'orders', sql`type = ${type}`]; } },
  ],
  receipts: [
    { name: 'date_from', filter: () => Promise.resolve(['date_from=2026-06-01', 'receipts', sql`date >= '2026-06-01'`]) },
    { name: 'date_to', filter: () => Promise.resolve(['date_to=2026-06-30', 'receipts', sql`date <= '2026-06-30'`]) },
    { name: 'branch_id', filter: async () => { const branch = await someValue('orders', 'branch_id'); return [`branch_id=${branch}`, 'receipts', sql`order_id in (select id from orders where branch_id = ${branch})`]; } },
    { name: 'kind', filter: () => Promise.resolve(['kind=refund', 'receipts', sql`kind = 'refund'`]) },
    { name: 'method', filter: async () => { const method = await someValue('receipts', 'method'); return [`method=${method}`, 'receipts', sql`method = ${method}`]; } },
    { name: 'staff_id', filter: async () => { const staff = await someValue('receipts', 'created_by'); return [`staff_id=${staff}`, 'receipts', sql`created_by = ${staff}`]; } },
    { name: 'order_id', filter: async () => { const order = await someValue('receipts', 'order_id'); return [`order_id=${order}`, 'receipts', sql`order_id = ${order}`]; } },
  ],
  quotations: [
    { name: 'date_from', filter: async () => { const d = await middleDate(); return [`date_from=${d}`, 'quotations', sql`date >= ${d}::date`]; } },
    { name: 'date_to', filter: async () => { const d = await middleDate(); return [`date_to=${d}`, 'quotations', sql`date <= ${d}::date`]; } },
    { name: 'client_id', filter: async () => { const client = await someValue('quotations', 'client_id'); return [`client_id=${client}`, 'quotations', sql`client_id = ${client}`]; } },
    { name: 'kind', filter: async () => { const kind = await someValue('quotations', 'kind'); return [`kind=${kind}`, 'quotations', sql`kind = ${kind}`]; } },
  ],
  products: [
    { name: 'category_id', filter: async () => { const top = await topCategory(); return [`category_id=${top}`, 'products', sql`category_id in (select id from product_categories where id = ${top} or parent_id = ${top})`]; } },
    { name: 'active=0', filter: () => Promise.resolve(['active=0', 'products', sql`not active`]) },
    { name: 'active=1', filter: () => Promise.resolve(['active=1', 'products', sql`active`]) },
  ],
};

/** The middle one of the quotations' dates. */
async function middleDate(): Promise<string> {
  const dates = (await sql<{ d: string }>`select distinct date::text as d from quotations order by 1`.execute(server.db)).rows.map((r) => r.d);
  return dates[Math.floor(dates.length / 2)]!;
}

/** A top-level category with products. */
async function topCategory(): Promise<number> {
  return (await sql<{ id: number }>`select c.id from product_categories c where c.parent_id is null and exists (select 1 from products p where p.category_id = c.id) order by c.id limit 1`.execute(server.db)).rows[0]!.id;
}

for (const [list, cases] of Object.entries(CASES)) {
  describe(`/api/${list}`, () => {
    for (const { name, filter } of cases) {
      it(`${name} leaves out the rows that do not match`, async () => {
        const [query, table, where] = await filter();
        await expectFilter(`/api/${list}`, query, table, where);
      });
    }
  });
}

/**
 * The order and receipt reports' filters the same way, over a year: rows of the range that match,
 * fewer than all the rows of the range.
 */
const [FROM, TO] = ['2025-12-01', '2026-11-30'];

async function expectReportFilter(path: string, filter: string, table: string, where: ReturnType<typeof sql>) {
  const inRange = sql`${sql.ref(`${table}.date`)} between ${FROM}::date and ${TO}::date`;
  const { ids } = await truth(table, sql`${inRange} and ${where}`);
  const { ids: all } = await truth(table, inRange);
  expect(ids.length, `${path}?${filter}: some rows match`).toBeGreaterThan(0);
  expect(ids.length, `${path}?${filter}: some rows do not match`).toBeLessThan(all.length);
  const reply = await agent.get(`${path}?date_from=${FROM}&date_to=${TO}&${filter}&per_page=5000`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const body = reply.body as { rows: { id: number }[]; count: number };
  expect(body.count, `${path}?${filter}`).toBe(ids.length);
  expect(body.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
}

const REPORT_CASES: Record<string, Case[]> = {
  'reports/orders/order': [
    { name: 'branch_id', filter: async () => { const branch = await someValue('orders', 'branch_id'); return [`branch_id=${branch}`, 'orders', sql`branch_id = ${branch}`]; } },
    { name: 'client_id', filter: async () => { const client = await someValue('orders', 'client_id'); return [`client_id=${client}`, 'orders', sql`client_id = ${client}`]; } },
    { name: 'salesperson_id', filter: async () => { const who = await someValue('orders', 'salesperson_id'); return [`salesperson_id=${who}`, 'orders', sql`salesperson_id = ${who}`]; } },
    { name: 'type', filter: async () => { const type = await someValue('orders', 'type'); return [`type=${type}`, 'orders', sql`type = ${type}`]; } },
  ],
  'reports/orders/receipt': [
    { name: 'branch_id', filter: async () => { const branch = await someValue('orders', 'branch_id'); return [`branch_id=${branch}`, 'receipts', sql`order_id in (select id from orders where branch_id = ${branch})`]; } },
    { name: 'kind', filter: () => Promise.resolve(['kind=refund', 'receipts', sql`kind = 'refund'`]) },
    { name: 'method', filter: async () => { const method = await someValue('receipts', 'method'); return [`method=${method}`, 'receipts', sql`method = ${method}`]; } },
    { name: 'staff_id', filter: async () => { const staff = await someValue('receipts', 'created_by'); return [`staff_id=${staff}`, 'receipts', sql`created_by = ${staff}`]; } },
    { name: 'client_id', filter: async () => { const client = await someValue('orders', 'client_id'); return [`client_id=${client}`, 'receipts', sql`order_id in (select id from orders where client_id = ${client})`]; } },
    { name: 'banked', filter: () => Promise.resolve(['banked=no', 'receipts', sql`not banked_in`]) },
  ],
};

for (const [report, cases] of Object.entries(REPORT_CASES)) {
  describe(`/api/${report}`, () => {
    for (const { name, filter } of cases) {
      it(`${name} leaves out the rows that do not match`, async () => {
        const [query, table, where] = await filter();
        await expectReportFilter(`/api/${report}`, query, table, where);
      });
    }
  });
}
