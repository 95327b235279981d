import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedLarge } from '../../server/db/seedLarge';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/**
 * Every report's exported file adds up: for each column the totals row fills in, the sum of that
 * column over the rows equals the totals row (issue 18: void orders count zero in every money
 * column, so the totals row is the sum of what is listed).
 */

const { admin } = DEMO;
const server = serverForTests();
let agent: TestAgent;

const RANGE = 'date_from=2026-01-01&date_to=2026-10-31';

beforeAll(async () => {
  await seedLarge(server.db, { clients: 120, orders: 600, items: 1_800, appointments: 120, seed: 777, today: '2026-11-23', years: 2 });
  agent = await signedInAgent(server, admin);
}, 60_000);

/** The exported CSV as header, rows and totals row. */
async function exported(path: string): Promise<{ header: string[]; rows: string[][]; totals: string[] }> {
  const response = await agent.rawGet(`${path}&format=csv&headers=en`);
  expect(response.status, path).toBe(200);
  const parsed = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [header = [], ...rest] = parsed.data;
  const totals = rest.pop() ?? [];
  expect(totals[0]).toBe('Total');
  return { header, rows: rest, totals };
}

const REPORTS = [
  `/api/reports/orders/order?${RANGE}`,
  `/api/reports/orders/items?${RANGE}`,
  `/api/reports/orders/order-analysis?${RANGE}&group_by=month`,
  `/api/reports/orders/order-analysis?${RANGE}&group_by=salesperson`,
  `/api/reports/orders/receipt?${RANGE}`,
  `/api/reports/orders/commission?${RANGE}`,
  `/api/reports/clients/client?${RANGE}`,
  `/api/reports/products/product?${RANGE}`,
  `/api/reports/appointments/appointment?date_from=2026-01-01&date_to=2026-12-31`,
  `/api/reports/appointments/completed-report?date_from=2025-01-01&date_to=2026-12-31`,
];

describe('every report’s totals row is the sum of its columns', () => {
  for (const path of REPORTS) {
    it(path.replace(/\?.*/, '') + (path.includes('group_by') ? ` (${path.replace(/.*group_by=/, '')})` : ''), async () => {
      const { header, rows, totals } = await exported(path);
      expect(rows.length, path).toBeGreaterThan(0);
      let checked = 0;
      totals.forEach((cell, index) => {
        if (index === 0 || cell === '' || !/^-?\d+(\.\d+)?$/.test(cell)) return;
        const column = rows.map((r) => r[index] ?? '');
        // Shares (percentages) and rates are not added up; a column of them has a totals cell of 100 or none.
        if (/share|rate|average/i.test(header[index] ?? '')) return;
        const decimals = Math.max(...[cell, ...column].map((v) => (v.includes('.') ? v.split('.')[1]!.length : 0)));
        const scale = 10 ** decimals;
        const sum = column.reduce((total, v) => total + (v === '' ? 0 : Math.round(Number(v) * scale)), 0);
        expect(sum / scale, `${path}: column ${header[index]}`).toBe(Math.round(Number(cell) * scale) / scale);
        checked += 1;
      });
      expect(checked, path).toBeGreaterThan(0);
    });
  }
});

describe('the appointment report’s hours', () => {
  it('counts an all-day visit as no hours, apart from the timed ones, on screen and in the export', async () => {
    const day = '2028-02-15';
    const make = (overrides: Record<string, unknown>) =>
      agent.post('/api/appointments', { clientId: 1, address: '灣仔道 1 號', areaId: 2, workerIds: [1], date: day, startTime: '10:00', endTime: '11:30', recurrence: { freq: 'once' }, notes: '', ...overrides });
    expect((await make({})).status).toBe(201);
    expect((await make({ allDay: true })).status).toBe(201);
    const path = `/api/reports/appointments/appointment?date_from=${day}&date_to=${day}`;
    const reply = await agent.get(path);
    expect(reply.status).toBe(200);
    const body = reply.body as { totals: { count: number; hours: number; allDay: number }; rows: { allDay: boolean; hours: number | null }[] };
    expect(body.totals).toEqual({ count: 2, hours: 90, allDay: 1 });
    expect(body.rows.find((r) => r.allDay)!.hours).toBeNull();
    const { header, rows, totals } = await exported(path);
    const hours = header.indexOf('Hours');
    expect(rows.map((r) => r[hours]).sort()).toEqual(['', '1.50']);
    expect(totals[hours]).toBe('1.50');
  });
});

describe('quantities of different units', () => {
  for (const path of [`/api/reports/orders/items?${RANGE}`, `/api/reports/products/product?${RANGE}`]) {
    it(`${path.replace(/\?.*/, '')} shows each row’s unit and totals per unit, never one sum of mixed units`, async () => {
      const reply = await agent.get(`${path}&per_page=50000`);
      const body = reply.body as { rows: { unit: string | null; quantity: number }[]; totals: Record<string, unknown> & { quantityByUnit: { unit: string; quantity: number }[] } };
      const units = new Set(body.rows.map((r) => r.unit ?? 'none'));
      expect(units.size).toBeGreaterThan(1);
      expect(body.totals).not.toHaveProperty('quantity');
      const expected = [...units].sort().map((unit) => ({ unit, quantity: body.rows.filter((r) => (r.unit ?? 'none') === unit).reduce((s, r) => s + r.quantity, 0) }));
      expect(body.totals.quantityByUnit).toEqual(expected);
      const { header, rows, totals } = await exported(path);
      const unit = header.indexOf('Unit');
      expect(unit).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r[unit]))).toContain('sq ft');
      expect(totals[header.indexOf('Quantity')]).toBe('');
    });
  }
  it('gives the quantity total when the rows share one unit', async () => {
    const reply = await agent.get(`/api/reports/orders/items?${RANGE}&product_id=1`);
    const body = reply.body as { rows: { unit: string }[]; totals: { quantity?: number; quantityByUnit: { unit: string; quantity: number }[] } };
    expect(body.totals.quantityByUnit).toHaveLength(1);
    expect(body.totals.quantity).toBe(body.totals.quantityByUnit[0]!.quantity);
  });
});
