import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import { startTestServer, TestAgent, type TestServer } from './harness';

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
const worker = DEMO_USERS.find((u) => u.role === 'worker')!;

let server: TestServer;
let agent: TestAgent;
beforeAll(async () => {
  server = await startTestServer();
  agent = new TestAgent(server);
  expect((await agent.signIn(admin.email, admin.password)).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

type Product = { id: number; code: string; nameZh: string; unitPrice: number; version: number; categoryId: number | null };
type Category = { id: number; nameEn: string; nameZh: string; children: Category[]; productCount: number; version: number };
const del = (a: TestAgent, path: string) => a.request('DELETE', path, undefined, { 'X-XSRF-TOKEN': a.cookies.get('XSRF-TOKEN')! });

describe('products', () => {
  it('lists with search by code or either name, a category with its sub-categories, and pages', async () => {
    const tree = (await agent.get('/api/product-categories')).list as Category[];
    const pest = tree.find((c) => c.nameEn === 'Pest control')!;
    expect(pest.children.map((c) => c.nameZh)).toEqual(['白蟻', '蟑螂', '鼠患']);
    const inPest = (await agent.get(`/api/products?category_id=${pest.id}`)).body as { items: Product[]; total: number };
    expect(inPest.items.map((p) => p.code).sort()).toEqual(['CR-GEL', 'RD-TRAP', 'TM-BAIT', 'TM-INSP']);
    expect(((await agent.get(`/api/products?q=${encodeURIComponent('白蟻')}`)).body?.items as Product[]).map((p) => p.code)).toEqual(['TM-BAIT', 'TM-INSP']);
    expect(((await agent.get('/api/products?q=tm-')).body?.items as Product[]).map((p) => p.code)).toEqual(['TM-BAIT', 'TM-INSP']);
    const page = (await agent.get('/api/products?per_page=3&page=3&sort=-price')).body as { items: Product[]; total: number };
    expect(page.total).toBe(8);
    expect(page.items).toHaveLength(2);
  });

  it('sorts by code, name or unit price, either way round, on the server', async () => {
    const list = async (sort: string) => ((await agent.get(`/api/products?sort=${sort}&per_page=100`)).body?.items as (Product & { unitPrice: number })[]);
    const prices = (await list('price')).map((p) => p.unitPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(prices).size).toBeGreaterThan(1);
    expect((await list('-price')).map((p) => p.unitPrice)).toEqual([...prices].reverse());
    const codes = (await list('code')).map((p) => p.code);
    expect(codes).toEqual([...codes].sort());
    expect((await list('-code')).map((p) => p.code)).toEqual([...codes].reverse());
    const names = (await list('name')).map((p) => p.nameZh);
    expect((await list('-name')).map((p) => p.nameZh)).toEqual([...names].reverse());
    expect(names).not.toEqual((await list('code')).map((p) => p.nameZh));
    expect((await agent.get('/api/products?sort=cost')).status).toBe(422);
  });

  it('creates, edits with a version (409 when stale), and audits the price change', async () => {
    const created = await agent.post('/api/products', { code: 'BB-01', nameZh: '床蝨處理', unit: 'visit', unitPrice: 120_050, commissionRateBp: 550 });
    expect(created.status).toBe(201);
    const p = created.body?.product as Product;
    const edit = { code: 'BB-01', nameZh: '床蝨處理', unit: 'visit', unitPrice: 125_000, commissionRateBp: 550, version: p.version };
    expect((await agent.put(`/api/products/${p.id}`, edit)).status).toBe(200);
    const log = await server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'product').where('action', '=', 'update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.changes).toEqual({ unitPrice: { from: 120_050, to: 125_000 } });
    expect((await agent.put(`/api/products/${p.id}`, { ...edit, unitPrice: 1 })).status).toBe(409);
  });

  it('answers 422 per field: a name in either language, a unique code, a known unit, a whole number of cents', async () => {
    const reply = await agent.post('/api/products', { code: 'TM-INSP', nameZh: '', nameEn: '', unit: 'visit', unitPrice: 100 });
    expect(reply.body?.errors).toEqual({
      nameEn: ['Enter the English or the Chinese name.'],
      nameZh: ['Enter the English or the Chinese name.'],
      code: ['Another product already has this code.'],
    });
    const shape = await agent.post('/api/products', { code: 'bad code!', nameZh: 'x', unit: 'litre', unitPrice: 12.5 });
    expect(Object.keys(shape.body?.errors as object).sort()).toEqual(['code', 'unit', 'unitPrice']);
  });

  it('lets a worker look but not change', async () => {
    const w = new TestAgent(server);
    await w.signIn(worker.email, worker.password);
    expect((await w.get('/api/products')).status).toBe(200);
    expect((await w.post('/api/products', { code: 'X1', nameZh: 'x', unit: 'visit', unitPrice: 1 })).status).toBe(403);
    expect((await del(w, '/api/products/1')).status).toBe(403);
  });
});

describe('product categories', () => {
  it('keeps two levels, and refuses to delete a category that still has products or sub-categories', async () => {
    const tree = (await agent.get('/api/product-categories')).list as Category[];
    const pest = tree.find((c) => c.nameEn === 'Pest control')!;
    const termites = pest.children[0]!;
    const sub = await agent.post('/api/product-categories', { nameZh: '蚊患', nameEn: 'Mosquitoes', parentId: pest.id });
    expect(sub.status).toBe(201);
    const subId = (sub.body?.category as { id: number }).id;
    expect((await agent.post('/api/product-categories', { nameZh: '孫類別', parentId: subId })).body?.errors).toEqual({
      parentId: ['Choose a top-level category (sub-categories cannot have sub-categories).'],
    });
    expect((await del(agent, `/api/product-categories/${pest.id}`)).body?.message).toBe('This category still has sub-categories or products. Move them first.');
    expect((await del(agent, `/api/product-categories/${termites.id}`)).status).toBe(422);
    expect((await del(agent, `/api/product-categories/${subId}`)).status).toBe(204);
  });
});
