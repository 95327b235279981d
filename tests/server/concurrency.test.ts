import { beforeAll, describe, expect, it } from 'vitest';
import { databaseConflict } from '../../server/http/errors';
import { DEMO, type Reply, serverForTests, signedInAgent, TestAgent } from './harness';
import { dbFingerprint } from './snapshot';

/**
 * Requests that arrive at the same moment. The app handles them concurrently (each awaits the
 * database in turn), so two edits from the same version race each other for real; the database's
 * guarantees (a version in the UPDATE's WHERE, a row lock, a check constraint, a sequence row) decide
 * who wins. scripts/soak.ts runs the database-level cases again on a real PostgreSQL server with a
 * pool of connections, where the statements truly run in parallel.
 */

const { admin, sales } = DEMO;

const server = serverForTests();
let a: TestAgent;
let b: TestAgent;
beforeAll(async () => {
  a = await signedInAgent(server, admin);
  b = await signedInAgent(server, sales);
});

const CONFLICT = 'Someone else changed this record while you were editing. Your changes are kept; review them and save again.';

/**
 * Sends two edits made from the same version at once; exactly one may win. Returns the winner's index.
 */
async function race(first: () => Promise<Reply>, second: () => Promise<Reply>): Promise<0 | 1> {
  const replies = await Promise.all([first(), second()]);
  const statuses = replies.map((r) => r.status);
  expect([...statuses].sort(), JSON.stringify(replies.map((r) => r.body))).toEqual([200, 409]);
  const loser = replies.find((r) => r.status === 409)!;
  expect(loser.body!.message).toBe(CONFLICT);
  return statuses[0] === 200 ? 0 : 1;
}

const updates = (entityType: string, id: number) =>
  server.db.selectFrom('audits').select('action').where('entity_type', '=', entityType).where('entity_id', '=', String(id)).where('action', '=', 'update').execute();

describe('two edits of the same record from the same version', () => {
  it('client: one wins, the other gets 409, and the stored client (with its contacts) is the winner’s', async () => {
    const created = await a.post('/api/clients', { nameZh: '陳大文', contacts: [{ name: '陳大文', phones: ['9123 4567'] }] });
    const client = created.body!.client as { id: number; version: number };
    const edit = (name: string) => ({ nameZh: name, nameEn: '', tags: [name], contacts: [{ name, phones: ['9123 4567'] }], addresses: [{ address: `${name} 1 號`, areaId: 1 }], version: client.version });
    const edits = [edit('甲'), edit('乙')];
    const winner = await race(() => a.put(`/api/clients/${client.id}`, edits[0]), () => b.put(`/api/clients/${client.id}`, edits[1]));
    const stored = (await a.get(`/api/clients/${client.id}`)).body!.client as { nameZh: string; tags: string[]; contacts: { name: string }[]; addresses: { address: string }[]; version: number };
    const won = edits[winner]!.nameZh;
    expect(stored).toMatchObject({ nameZh: won, tags: [won], version: client.version + 1 });
    expect(stored.contacts.map((c) => c.name)).toEqual([won]);
    expect(stored.addresses.map((x) => x.address)).toEqual([`${won} 1 號`]);
    expect(await updates('client', client.id)).toHaveLength(1);
  });

  it('product: the stored price is the winner’s', async () => {
    const body = { code: 'RACE-1', nameEn: 'Race', nameZh: '競賽', unit: 'item', unitPrice: 10_000 };
    const created = await a.post('/api/products', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body!.product as { id: number; version: number };
    const prices = [20_000, 30_000];
    const winner = await race(
      () => a.put(`/api/products/${product.id}`, { ...body, unitPrice: prices[0], version: product.version }),
      () => a.put(`/api/products/${product.id}`, { ...body, unitPrice: prices[1], version: product.version }),
    );
    expect(((await a.get(`/api/products/${product.id}`)).body!.product as { unitPrice: number }).unitPrice).toBe(prices[winner]);
    expect(await updates('product', product.id)).toHaveLength(1);
  });

  it('quotation and order: the stored lines and total are the winner’s', async () => {
    for (const kind of ['quotations', 'orders'] as const) {
      const base = kind === 'quotations' ? { kind: 'basic', validDays: 30 } : { type: 'new_order' };
      const line = (price: number) => [{ productId: null, descriptionEn: `Line at ${price}`, quantity: 100, unitPrice: price }];
      const body = { ...base, date: '2026-11-23', clientId: 1, items: line(10_000) };
      const created = await a.post(`/api/${kind}`, body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const doc = (created.body!.quotation ?? created.body!.order) as { id: number; version: number };
      const prices = [40_000, 50_000];
      const winner = await race(
        () => a.put(`/api/${kind}/${doc.id}`, { ...body, items: line(prices[0]!), version: doc.version }),
        () => b.put(`/api/${kind}/${doc.id}`, { ...body, items: line(prices[1]!), version: doc.version }),
      );
      const stored = (await a.get(`/api/${kind}/${doc.id}`)).body!;
      const saved = (stored.quotation ?? stored.order) as { total: number; items: { unitPrice: number; descriptionEn: string }[] };
      expect(saved.total).toBe(prices[winner]);
      expect(saved.items.map((i) => [i.unitPrice, i.descriptionEn])).toEqual([[prices[winner], `Line at ${prices[winner]}`]]);
      expect(await updates(kind === 'quotations' ? 'quotation' : 'order', doc.id)).toHaveLength(1);
    }
  });

  it('appointment: the stored time and workers are the winner’s', async () => {
    const form = { clientId: 1, address: '灣仔道 1 號', date: '2031-03-03', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } };
    const created = await a.post('/api/appointments', { ...form, workerIds: [1], startTime: '09:00', endTime: '10:00' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body!.appointment as { id: number }).id;
    const edits = [
      { ...form, workerIds: [2], startTime: '11:00', endTime: '12:00' },
      { ...form, workerIds: [3], startTime: '14:00', endTime: '15:00' },
    ];
    const put = (agent: TestAgent, edit: (typeof edits)[number]) => agent.put(`/api/appointments/${id}`, { ...edit, version: 1, occurrence: '2031-03-03', scope: 'one' });
    const winner = await race(() => put(a, edits[0]!), () => put(b, edits[1]!));
    const stored = (await a.get(`/api/appointments/${id}?tab=appointment`)).body!.appointment as { startTime: string; workerIds: number[]; version: number };
    expect(stored).toMatchObject({ startTime: edits[winner]!.startTime, workerIds: edits[winner]!.workerIds, version: 2 });
    expect(await updates('appointment', id)).toHaveLength(1);
  });

  it('a visit’s status and report, even before the visit has a row of its own (ten visits each)', async () => {
    // Weekly visits with no row yet: both edits see version 0, one makes the row; only one may win.
    const created = await a.post('/api/appointments', { clientId: 1, address: '灣仔道 1 號', workerIds: [1], date: '2031-04-07', startTime: '09:00', endTime: '10:00', recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 20 } });
    const id = (created.body!.appointment as { id: number }).id;
    const days = Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2031, 3, 7 + 7 * i)).toISOString().slice(0, 10));
    for (const day of days.slice(0, 10)) {
      const base = `/api/appointments/${id}/visits/${day}`;
      const winner = await race(() => a.post(`${base}/status`, { status: 'on_hold', version: 0 }), () => b.post(`${base}/status`, { status: 'canceled', version: 0 }));
      const visit = (await a.get(`/api/appointments/${id}?tab=appointment&date=${day}`)).body!.occurrence as { status: string; visitVersion: number };
      expect(visit).toMatchObject({ status: ['on_hold', 'canceled'][winner], visitVersion: 2 });
    }
    const words = ['Sprayed the kitchen', 'Baited the store room'];
    for (const day of days.slice(10)) {
      const base = `/api/appointments/${id}/visits/${day}`;
      const winner = await race(() => a.put(`${base}/report`, { workDone: words[0], version: 0 }), () => b.put(`${base}/report`, { workDone: words[1], version: 0 }));
      const report = (await a.get(`/api/appointments/${id}?tab=report&date=${day}`)).body!.report as { workDone: string; version: number };
      expect(report).toMatchObject({ workDone: words[winner], version: 2 });
    }
  });

  it('user: the stored account is the winner’s', async () => {
    const user = (await a.get('/api/users/3')).body!.user as Record<string, unknown> & { version: number };
    const names = ['Wing Wong A', 'Wing Wong B'];
    const winner = await race(() => a.put('/api/users/3', { ...user, name: names[0] }), () => a.put('/api/users/3', { ...user, name: names[1] }));
    expect(((await a.get('/api/users/3')).body!.user as { name: string }).name).toBe(names[winner]);
    expect(await updates('user', 3)).toHaveLength(1);
  });

  it('settings (codes): the stored prefix is the winner’s', async () => {
    const codes = (await a.get('/api/settings')).body!.codes as { key: string; value: string; version: number }[];
    const invoice = codes.find((x) => x.key === 'invoice_prefix')!;
    const prefixes = ['INVA', 'INVB'];
    const put = (prefix: string) => a.put('/api/settings', { values: { invoice_prefix: prefix }, versions: { invoice_prefix: invoice.version } });
    const winner = await race(() => put(prefixes[0]!), () => put(prefixes[1]!));
    const after = ((await a.get('/api/settings')).body!.codes as typeof codes).find((x) => x.key === 'invoice_prefix')!;
    expect(after).toMatchObject({ value: prefixes[winner], version: invoice.version + 1 });
    await a.put('/api/settings', { values: { invoice_prefix: invoice.value }, versions: { invoice_prefix: after.version } });
  });

  it('settings: a save of several codes with one of them stale changes none of them', async () => {
    const codes = (await a.get('/api/settings')).body!.codes as { key: string; value: string; version: number }[];
    const quotation = codes.find((x) => x.key === 'quotation_prefix')!;
    const receipt = codes.find((x) => x.key === 'receipt_prefix')!;
    const before = await dbFingerprint(server.db);
    const reply = await a.put('/api/settings', { values: { quotation_prefix: 'QQ', receipt_prefix: 'RR' }, versions: { quotation_prefix: quotation.version, receipt_prefix: receipt.version + 5 } });
    expect(reply.status).toBe(409);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });
});

describe('receipts recorded at the same moment on one order', () => {
  it('never add up to more than the order’s total; the refused ones get the spec’s message', async () => {
    const created = await a.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId: 1, items: [{ productId: null, descriptionEn: 'Treatment', quantity: 100, unitPrice: 100_000 }] });
    const order = created.body!.order as { id: number; total: number };
    expect(order.total).toBe(100_000);
    // 30 receipts of between $300 and $900 (together far more than the $1,000 total), all at once.
    const amounts = Array.from({ length: 30 }, (_, i) => 30_000 + ((i * 7_919) % 60_001));
    const replies = await Promise.all(amounts.map((amount, i) => (i % 2 ? a : b).post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cash', amount })));
    const accepted = amounts.filter((_, i) => replies[i]!.status === 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 422 && /^Total Receipt Amount must be equal or below Total Amount\./.test(r.body!.message as string)), JSON.stringify(refused.map((r) => [r.status, r.body]))).toBe(true);
    const sum = accepted.reduce((s, x) => s + x, 0);
    expect(sum).toBeLessThanOrEqual(order.total);
    expect(accepted.length).toBeGreaterThan(0);
    const stored = await server.db.selectFrom('receipts').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount').as('total')]).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect([Number(stored.n), Number(stored.total)]).toEqual([accepted.length, sum]);
    const paid = await server.db.selectFrom('orders').select('paid').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(paid.paid).toBe(sum);
  });

  it('are refused by the database itself if the application’s check were ever skipped', async () => {
    const created = await a.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId: 1, items: [{ productId: null, descriptionEn: 'Treatment', quantity: 100, unitPrice: 50_000 }] });
    const id = (created.body!.order as { id: number }).id;
    await expect(server.db.updateTable('orders').set({ paid: 50_001 }).where('id', '=', id).execute()).rejects.toThrow(/orders_paid_within_total/);
  });
});

describe('document numbers created at the same moment', () => {
  it('are each handed out once, in an unbroken run, for quotations and orders alike', async () => {
    const line = [{ productId: null, descriptionEn: 'Survey', quantity: 100, unitPrice: 10_000 }];
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).post(i % 4 < 2 ? '/api/quotations' : '/api/orders', { ...(i % 4 < 2 ? { kind: 'basic', validDays: 30 } : { type: 'new_order' }), date: '2027-02-01', clientId: 1, items: line }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(40).fill(201));
    for (const [key, prefix] of [['quotation', 'Q'], ['order', 'INV']] as const) {
      const numbers = replies.map((r) => (r.body![key] as { number: string } | undefined)?.number).filter((n): n is string => n !== undefined);
      expect(numbers).toHaveLength(20);
      expect(new Set(numbers).size).toBe(20);
      const sequence = numbers.map((n) => Number(n.replace(`${prefix}-2027-`, ''))).sort((x, y) => x - y);
      expect(sequence).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
  });
});

describe('the last administrator', () => {
  it('survives two administrators demoting (or deactivating) each other at the same moment, round after round', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `admin-round${round}@example.com`;
      // Signed in afresh each round: deactivating an account signs it out everywhere.
      const first = new TestAgent(server);
      expect((await first.signIn(admin.email, admin.password)).status).toBe(200);
      const created = await first.post('/api/users', { name: `Second admin ${round}`, email, language: 'en', roleId: 1, branchId: 1, isAdmin: true, active: true, password: 'Admin2345', password_confirmation: 'Admin2345' });
      expect(created.status).toBe(201);
      const second = new TestAgent(server);
      expect((await second.signIn(email, 'Admin2345')).status).toBe(200);
      const self = (await first.get('/api/users/1')).body!.user as Record<string, unknown>;
      const other = created.body!.user as Record<string, unknown> & { id: number };
      const change = round % 2 ? { active: false } : { isAdmin: false };
      const replies = await Promise.all([first.put(`/api/users/${other.id}`, { ...other, ...change }), second.put('/api/users/1', { ...self, ...change })]);
      // The loser is refused: the last-administrator rule (422), or, when it was the one deactivated,
      // because it was signed out meanwhile (419/401).
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses[0], JSON.stringify(replies.map((r) => r.body))).toBe(200);
      expect([401, 419, 422]).toContain(statuses[1]);
      const admins = await server.db.selectFrom('users').select('id').where('is_admin', '=', true).where('active', '=', true).execute();
      expect(admins).toHaveLength(1);
      // Back to one administrator (the demo one) for the next round.
      await server.db.updateTable('users').set({ is_admin: false }).where('id', '!=', 1).execute();
      await server.db.updateTable('users').set({ is_admin: true, active: true }).where('id', '=', 1).execute();
    }
    // The demo administrator may have been deactivated (and so signed out) in a round: sign in again.
    a = new TestAgent(server);
    expect((await a.signIn(admin.email, admin.password)).status).toBe(200);
  });
});

describe('two records created with the same unique name at the same moment', () => {
  it('one is stored; the other is refused with a clear message, never a server error', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/api/areas', { nameEn: 'Race Course', nameZh: '馬場', region: 'kowloon' }],
      ['/api/roles', { name: 'Racer', permissions: ['client_view'] }],
      ['/api/products', { code: 'DUP-1', nameEn: 'Duplicate', unit: 'item', unitPrice: 100 }],
      ['/api/users', { name: 'Twin', email: 'twin@example.com', language: 'en', roleId: 3, branchId: 1, isAdmin: false, active: true, password: 'Twin12345', password_confirmation: 'Twin12345' }],
      ['/api/holidays', { date: '2027-08-08', nameEn: 'Race day', nameZh: '賽馬日' }],
    ];
    for (const [path, body] of cases) {
      const replies = await Promise.all([a.post(path, body), a.post(path, body)]);
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses[0], `${path}: ${JSON.stringify(replies.map((r) => r.body))}`).toBe(201);
      expect([409, 422], path).toContain(statuses[1]);
      expect(typeof replies.find((r) => r.status !== 201)!.body!.message).toBe('string');
    }
  });
});

describe('telling a lost race from a bug', () => {
  it('maps a taken unique key to "duplicate", a deadlock, serialization failure or vanished reference to "conflict", and nothing else', () => {
    const pgError = (code: string) => Object.assign(new Error('x'), { code });
    expect(databaseConflict(pgError('23505'))).toBe('duplicate');
    expect(databaseConflict(new Error('wrapped', { cause: pgError('40P01') }))).toBe('conflict');
    expect(['23503', '40001'].map((code) => databaseConflict(pgError(code)))).toEqual(['conflict', 'conflict']);
    expect(databaseConflict(pgError('23514'))).toBeNull();
    expect(databaseConflict(new TypeError('x is undefined'))).toBeNull();
  });
});
