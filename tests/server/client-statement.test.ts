import { beforeAll, describe, expect, it } from 'vitest';
import { ClientPage } from '../../contract/clients';
import { DEMO, signedInServer, TestAgent } from './harness';

/** GET /api/clients/:id?tab=statement: a client's statement of account, from the records made here through the API. */
const { server, agent } = signedInServer(DEMO.admin);
let clientId: number;
const invoices: Record<string, { id: number; number: string; version: number }> = {};

async function invoice(key: string, date: string, cents: number) {
  const reply = await agent.post('/api/orders', { type: 'new_order', date, clientId, items: [{ productId: null, descriptionEn: `Job ${key}`, quantity: 100, unitPrice: cents }] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  invoices[key] = reply.body!.order as { id: number; number: string; version: number };
}

async function pay(key: string, kind: 'receipt' | 'refund', date: string, amount: number) {
  const reply = await agent.post(`/api/orders/${invoices[key]!.id}/receipts`, { kind, date, method: 'cash', amount, reason: kind === 'refund' ? 'Overpaid' : '' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
}

const statementOf = async (query: string, as: TestAgent = agent) => {
  const reply = await as.get(`/api/clients/${clientId}?tab=statement${query}`);
  return { status: reply.status, body: reply.status === 200 ? ClientPage.parse(reply.body) : reply.body };
};

beforeAll(async () => {
  const created = await agent.post('/api/clients', { nameEn: 'Statement Client Ltd', nameZh: '結單客戶', contacts: [], addresses: [] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clientId = (created.body!.client as { id: number }).id;
  await invoice('old', '2026-08-01', 400_00); // due 30 days later by the default terms
  await invoice('sept', '2026-09-15', 300_00);
  await invoice('oct', '2026-10-10', 200_00);
  await invoice('void', '2026-10-12', 999_00);
  await pay('old', 'receipt', '2026-08-20', 100_00);
  await pay('sept', 'receipt', '2026-10-05', 300_00);
  await pay('sept', 'refund', '2026-10-20', 50_00);
  await pay('void', 'receipt', '2026-10-13', 999_00);
  await pay('void', 'refund', '2026-10-14', 999_00);
  const current = (await agent.get(`/api/orders/${invoices.void!.id}`)).body!.order as { version: number };
  expect((await agent.post(`/api/orders/${invoices.void!.id}/void`, { reason: 'Duplicate', version: current.version })).status).toBe(200);
});

describe("a client's statement of account", () => {
  it('carries the opening balance, lists the period with a running balance, and ages what is owed at its end (a voided invoice counts zero)', async () => {
    const { status, body } = await statementOf('&from=2026-10-01&to=2026-10-31');
    expect(status).toBe(200);
    const s = (body as ClientPage).statement!;
    expect(s.opening).toBe(600_00); // 400 + 300 - 100
    expect(s.entries.map((e) => [e.kind, e.date, e.debit, e.credit, e.balance])).toEqual([
      ['receipt', '2026-10-05', 0, 300_00, 300_00],
      ['invoice', '2026-10-10', 200_00, 0, 500_00],
      ['refund', '2026-10-20', 50_00, 0, 550_00],
    ]);
    expect(s.entries[0]!.invoiceNumber).toBe(invoices.sept!.number);
    expect(s.closing).toBe(550_00);
    expect(Object.values(s.ageing).reduce((a, b) => a + b, 0)).toBe(s.closing);
    expect(s.open.map((o) => [o.number, o.outstanding])).toEqual([
      [invoices.old!.number, 300_00],
      [invoices.sept!.number, 50_00],
      [invoices.oct!.number, 200_00],
    ]);
    expect(s.entries.some((e) => e.number === invoices.void!.number)).toBe(false);
  });

  it('covers the last three months to today when no period is asked for', async () => {
    const { body } = await statementOf('');
    const s = (body as ClientPage).statement!;
    expect(s.to > s.from).toBe(true);
    expect(s.from.endsWith('-01')).toBe(true);
    expect(s.closing).toBe(550_00);
  });

  it('refuses a period that runs backwards, with the message on its first day', async () => {
    const { status, body } = await statementOf('&from=2026-10-31&to=2026-10-01');
    expect(status).toBe(422);
    expect((body as { errors: Record<string, string[]> }).errors.from).toEqual(["The statement's first day must be on or before its last day."]);
    expect((await statementOf('&from=2026-13-01&to=2026-10-01')).status).toBe(422);
  });

  it('refuses the statement (403, none of it) to a user who may see the client but not its invoices, and to the demo worker', async () => {
    const admin = new TestAgent(server, 'en');
    expect((await admin.signIn(DEMO.admin.email, DEMO.admin.password)).status).toBe(200);
    const role = await admin.post('/api/roles', { name: 'Clients only', permissions: ['client_view'] });
    const desk = { email: 'clients-only@example.com', password: 'ClientsOnly1' };
    expect((await admin.post('/api/users', { name: 'Clients Only', ...desk, language: 'en', roleId: (role.body!.role as { id: number }).id, branchId: 1, isAdmin: false, active: true, password_confirmation: desk.password })).status).toBe(201);
    for (const who of [desk, DEMO.worker]) {
      const agent = new TestAgent(server, 'en');
      expect((await agent.signIn(who.email, who.password)).status).toBe(200);
      const { status, body } = await statementOf('&from=2026-10-01&to=2026-10-31', agent);
      expect(status, who.email).toBe(403);
      expect((body as Partial<ClientPage> | undefined)?.statement).toBeUndefined();
    }
  });
});
