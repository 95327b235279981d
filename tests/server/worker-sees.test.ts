import { beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, type Permission } from '../../domain/auth/permissions';
import { DEMO_ROLES } from '../../server/db/seed';
import { ENDPOINTS } from './endpoints';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/*
 * A worker sees what the job needs and no more, enforced by the server (issue 31 item 21): their own
 * visits with the visit's client's contacts and the products without prices; no prices anywhere,
 * no other client's contacts or addresses, no finance tabs.
 */

const { admin, worker } = DEMO;
const server = serverForTests();
let me: TestAgent;
let office: TestAgent;
beforeAll(async () => {
  me = await signedInAgent(server, worker);
  office = await signedInAgent(server, admin);
});

/** Every key of a JSON value, at any depth, with its path ("report.productsUsed.0.unitPrice"). */
function keysOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, `${path}${i}.`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [`${path}${k}`, ...keysOf(v, `${path}${k}.`)]);
}

/** A key that names money: a price, a total, an amount paid or owed, a balance, a discount, a cost. */
const MONEY = /(price|total|paid|amount|balance|discount|cost|owed|outstanding|revenue|deposit|subtotal)$/i;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date());
const inDays = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The worker's own visits of the next two weeks (appointment id and day). */
async function myVisits(): Promise<{ appointmentId: number; date: string; client: { nameEn: string } | null }[]> {
  const reply = await me.get(`/api/appointments?start=${inDays(-14)}&end=${inDays(14)}`);
  expect(reply.status).toBe(200);
  return (reply.body!.events as { appointmentId: number; date: string; client: { nameEn: string } | null }[]);
}

describe('what the demo worker holds', () => {
  it('is their visits and their own files: no client list, no product catalogue, no sales or finance', () => {
    expect([...DEMO_ROLES.worker].sort()).toEqual(['appointment_edit', 'appointment_view', 'dashboard_view', 'file_view_own']);
  });
});

describe('no prices reach a worker', () => {
  it('in any reply they may read: every GET endpoint of their role, and each of their visits’ tabs', async () => {
    const holder = { isAdmin: false, role: { permissions: DEMO_ROLES.worker } };
    // The OpenAPI document describes every reply's fields (a schema, no data): left out.
    const readable = ENDPOINTS.filter(([method, path, need]) => method === 'GET' && path !== '/api/openapi.json' && (need === 'user' || need === 'session' || (need !== 'public' && (Array.isArray(need) ? need : [need]).every((p: Permission) => hasPermission(holder, p)))));
    const visits = await myVisits();
    expect(visits.length, 'the demo worker has visits').toBeGreaterThan(0);
    const paths = [
      ...readable.map(([, path]) => path),
      ...visits.flatMap((v) => ['appointment', 'report'].map((tab) => `/api/appointments/${v.appointmentId}?tab=${tab}&date=${v.date}`)),
      `/api/appointments?start=${inDays(-14)}&end=${inDays(14)}`,
    ];
    const money: string[] = [];
    let read = 0;
    for (const path of paths) {
      const reply = await me.get(path);
      if (reply.status !== 200 || reply.body === undefined) continue;
      read++;
      // A list's page count ("total" beside "items") is not money.
      for (const key of keysOf(reply.body).filter((k) => k !== 'total')) if (MONEY.test(key)) money.push(`${path}: ${key}`);
    }
    expect(read).toBeGreaterThan(visits.length * 2);
    expect(money).toEqual([]);
  });

  it('while the office sees them in the same replies (the check finds money where there is some)', async () => {
    const reply = await office.get('/api/products');
    expect(keysOf(reply.body).some((k) => MONEY.test(k))).toBe(true);
  });

  it('refuses the product catalogue (with its prices) and a visit’s invoice tab', async () => {
    const [visit] = await myVisits();
    expect((await me.get('/api/products')).status).toBe(403);
    expect((await me.get('/api/products/1')).status).toBe(403);
    expect((await me.get(`/api/appointments/${visit!.appointmentId}?tab=invoice&date=${visit!.date}`)).status).toBe(403);
    // The products a report may list still come with the report tab: names, units, active ingredients.
    const report = await me.get(`/api/appointments/${visit!.appointmentId}?tab=report&date=${visit!.date}`);
    expect((report.body!.products as unknown[]).length).toBeGreaterThan(0);
  });
});

describe("no other client's contacts reach a worker", () => {
  it('gives the visit’s own client’s contacts with the visit, and refuses the clients’ screens', async () => {
    const [visit] = await myVisits();
    const screen = await me.get(`/api/appointments/${visit!.appointmentId}?tab=appointment&date=${visit!.date}`);
    expect((screen.body!.field as { contacts: unknown[] }).contacts.length).toBeGreaterThan(0);
    const clientId = (screen.body!.appointment as { clientId: number }).clientId;
    expect((await me.get('/api/clients')).status).toBe(403);
    expect((await me.get(`/api/clients/${clientId}`)).status).toBe(403);
    expect((await me.get(`/api/clients/${clientId}?tab=appointment`)).status).toBe(403);
  });

  it("finds in the appointment form's client search only the clients of their own visits, by name or by phone", async () => {
    // A client the worker has no visit with, made by the office.
    const stranger = await office.post('/api/clients', {
      nameEn: 'Stranger Holdings',
      nameZh: '陌生控股',
      contacts: [{ name: 'Ms Stranger', phones: ['6987 1234'], email: '' }],
      addresses: [{ label: 'Office', address: '觀塘道 1 號', areaId: null }],
    });
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(201);
    const mine = new Set((await myVisits()).map((v) => v.client?.nameEn));
    expect(mine.has('Stranger Holdings')).toBe(false);
    const found = ((await me.get('/api/appointments/clients?q=')).body!.items as { nameEn: string }[]).map((c) => c.nameEn);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((name) => !mine.has(name))).toEqual([]);
    // By name or by the stranger's phone number (it would tell whose number it is, and where they live): nothing.
    for (const q of ['Stranger', '69871234']) {
      expect((await me.get(`/api/appointments/clients?q=${q}`)).body!.items, q).toEqual([]);
      expect(((await office.get(`/api/appointments/clients?q=${q}`)).body!.items as { nameEn: string }[]).map((c) => c.nameEn), q).toEqual(['Stranger Holdings']);
    }
  });
});

describe('tabs of money (quotations, invoices, the statement)', () => {
  it('are refused to a user who may see clients but not those records', async () => {
    const role = await office.post('/api/roles', { name: 'Front desk', permissions: ['client_view', 'appointment_view'] });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const roleId = (role.body!.role as { id: number }).id;
    const made = await office.post('/api/users', { name: 'Front Desk', email: 'desk@example.com', language: 'en', roleId, branchId: 1, isAdmin: false, active: true, password: 'Desk12345', password_confirmation: 'Desk12345' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const desk = await signedInAgent(server, { email: 'desk@example.com', password: 'Desk12345' });
    for (const tab of ['basic', 'appointment', 'attachment']) expect((await desk.get(`/api/clients/1?tab=${tab}`)).status, tab).toBe(200);
    for (const tab of ['quotation', 'order', 'statement']) expect((await desk.get(`/api/clients/1?tab=${tab}`)).status, tab).toBe(403);
    for (const tab of ['quotation', 'order', 'statement']) expect((await office.get(`/api/clients/1?tab=${tab}`)).status, tab).toBe(200);
  });
});
