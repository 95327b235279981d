import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DashboardReply } from '../../contract/dashboard';
import { ReportOptionsReply, ReportPageReply } from '../../contract/reports';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/*
 * Every reply of the report and dashboard endpoints, from the real server on the seeded database,
 * read by the wire contract the browser decodes with (contract/reports.ts, contract/dashboard.ts):
 * a field renamed, dropped or retyped on either side fails here.
 */

const server = serverForTests();
const agents: Record<string, TestAgent> = {};

beforeAll(async () => {
  for (const role of ['admin', 'sales', 'worker'] as const) agents[role] = await signedInAgent(server, DEMO[role]);
});

/** The reply's body read by `schema`, failing with the mismatches and the status. */
function read<S extends z.ZodMiniType>(schema: S, reply: { status: number; body: unknown }, status = 200): z.output<S> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const parsed = z.safeParse(schema, reply.body);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  return parsed.data!;
}

/** About a year around today (the appointment reports take at most 366 days), so every report has rows on the seeded data. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const YEAR = `date_from=${day(-180)}&date_to=${day(180)}`;

const PAGES = [
  '/api/reports/orders/order',
  '/api/reports/orders/order?status=void',
  '/api/reports/orders/items',
  ...['month', 'type', 'salesperson', 'branch', 'client'].map((g) => `/api/reports/orders/order-analysis?group_by=${g}`),
  '/api/reports/orders/receipt',
  '/api/reports/orders/commission?basis=total',
  '/api/reports/orders/commission?basis=received',
  ...['with_orders', 'owing', 'all'].map((a) => `/api/reports/clients/client?activity=${a}`),
  '/api/reports/products/product',
  '/api/reports/appointments/appointment',
  '/api/reports/appointments/completed-report',
];

describe('the report and dashboard replies match the wire contract', () => {
  it('every report page, with rows, for admin', async () => {
    for (const path of PAGES) {
      const page = read(ReportPageReply, await agents.admin!.get(`${path}${path.includes('?') ? '&' : '?'}${YEAR}`));
      expect(page.columns.length, path).toBeGreaterThan(0);
      if (!path.includes('status=void')) expect(page.rows.length, path).toBeGreaterThan(0);
    }
    // An empty range and filters with names behind them.
    const options = read(ReportOptionsReply, await agents.admin!.get('/api/reports/options'));
    const filtered = `branch_id=${options.branches[0]!.id}&salesperson_id=${options.staff[0]!.id}&product_id=${options.products[0]!.id}&category_id=${options.categories[0]!.id}&area_id=${options.areas[0]!.id}`;
    for (const path of PAGES) read(ReportPageReply, await agents.admin!.get(`${path}${path.includes('?') ? '&' : '?'}${filtered}`));
    expect(read(ReportPageReply, await agents.admin!.get('/api/reports/orders/order?date_from=1990-01-01&date_to=1990-01-31')).rows).toEqual([]);
  });

  it('the filter choices and the dashboard for each role', async () => {
    for (const role of ['admin', 'sales', 'worker']) {
      const agent = agents[role]!;
      const board = read(DashboardReply, await agent.get('/api/dashboard/show'));
      expect(board.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const options = await agent.get('/api/reports/options');
      if (options.status === 200) read(ReportOptionsReply, options);
      const appointments = await agent.get(`/api/reports/appointments/appointment?${YEAR}`);
      if (appointments.status === 200) read(ReportPageReply, appointments);
    }
  });
});
