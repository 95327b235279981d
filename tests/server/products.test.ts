import { describe, expect, it } from 'vitest';
import { DEMO, signedInServer, TestAgent } from './harness';

const { admin, worker } = DEMO;

const app = signedInServer(admin);

type Product = { id: number; code: string; nameZh: string; unitPrice: number; version: number; categoryId: number | null; active: boolean };
type Category = { id: number; nameEn: string; nameZh: string; children: Category[]; productCount: number; version: number };
const del = (a: TestAgent, path: string) => a.request('DELETE', path, undefined, { 'X-XSRF-TOKEN': a.cookies.get('XSRF-TOKEN')! });

describe('products', () => {
  it('lists with search by code or either name, a category with its sub-categories, and pages', async () => {
    const tree = (await app.agent.get('/api/product-categories')).list as Category[];
    const pest = tree.find((c) => c.nameEn === 'Pest control')!;
    expect(pest.children.map((c) => c.nameZh)).toEqual(['白蟻', '蟑螂', '鼠患']);
    const inPest = (await app.agent.get(`/api/products?category_id=${pest.id}`)).body as { items: Product[]; total: number };
    expect(inPest.items.map((p) => p.code).sort()).toEqual(['CR-GEL', 'RD-TRAP', 'TM-BAIT', 'TM-INSP']);
    expect(((await app.agent.get(`/api/products?q=${encodeURIComponent('白蟻')}`)).body?.items as Product[]).map((p) => p.code)).toEqual(['TM-BAIT', 'TM-INSP']);
    expect(((await app.agent.get('/api/products?q=tm-')).body?.items as Product[]).map((p) => p.code)).toEqual(['TM-BAIT', 'TM-INSP']);
    const page = (await app.agent.get('/api/products?per_page=3&page=3&sort=-price')).body as { items: Product[]; total: number };
    expect(page.total).toBe(8);
    expect(page.items).toHaveLength(2);
  });

  it('sorts by code, name or unit price, either way round, on the server', async () => {
    const list = async (sort: string) => ((await app.agent.get(`/api/products?sort=${sort}&per_page=100`)).body?.items as (Product & { unitPrice: number })[]);
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
    expect((await app.agent.get('/api/products?sort=cost')).status).toBe(422);
  });

  it('creates, edits with a version (409 when stale), and audits the price change', async () => {
    const created = await app.agent.post('/api/products', { code: 'BB-01', nameZh: '床蝨處理', unit: 'visit', unitPrice: 120_050, commissionRateBp: 550 });
    expect(created.status).toBe(201);
    const p = created.body?.product as Product;
    const edit = { code: 'BB-01', nameZh: '床蝨處理', unit: 'visit', unitPrice: 125_000, commissionRateBp: 550, version: p.version };
    expect((await app.agent.put(`/api/products/${p.id}`, edit)).status).toBe(200);
    const log = await app.server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'product').where('action', '=', 'update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.changes).toEqual({ unitPrice: { from: 120_050, to: 125_000 } });
    expect((await app.agent.put(`/api/products/${p.id}`, { ...edit, unitPrice: 1 })).status).toBe(409);
  });

  it('answers 422 per field: a name in either language, a unique code, a known unit, a whole number of cents', async () => {
    const reply = await app.agent.post('/api/products', { code: 'TM-INSP', nameZh: '', nameEn: '', unit: 'visit', unitPrice: 100 });
    expect(reply.body?.errors).toEqual({
      nameEn: ['Enter the English or the Chinese name.'],
      nameZh: ['Enter the English or the Chinese name.'],
      code: ['Another product already has this code.'],
    });
    const shape = await app.agent.post('/api/products', { code: 'bad code!', nameZh: 'x', unit: 'litre', unitPrice: 12.5 });
    expect(Object.keys(shape.body?.errors as object).sort()).toEqual(['code', 'unit', 'unitPrice']);
  });

  it('lets a worker neither look (the catalogue has prices: issue 31 item 21) nor change', async () => {
    const w = new TestAgent(app.server);
    await w.signIn(worker.email, worker.password);
    expect((await w.get('/api/products')).status).toBe(403);
    expect((await w.post('/api/products', { code: 'X1', nameZh: 'x', unit: 'visit', unitPrice: 1 })).status).toBe(403);
    expect((await del(w, '/api/products/1')).status).toBe(403);
  });

  it('filters by status: active=1 lists only active products, active=0 only inactive ones', async () => {
    const created = await app.agent.post('/api/products', { code: 'OLD-01', nameZh: '舊服務', unit: 'visit', unitPrice: 10_000, active: false });
    expect(created.status).toBe(201);
    const codes = async (query: string) => ((await app.agent.get(`/api/products?per_page=100${query}`)).body?.items as Product[]).map((p) => p.code);
    const inactive = (await app.agent.get('/api/products?active=0&per_page=100')).body as { items: Product[]; total: number };
    expect(inactive.items.map((p) => p.code)).toEqual(['OLD-01']);
    expect(inactive.total).toBe(1);
    expect(inactive.items[0]!.active).toBe(false);
    const active = await codes('&active=1');
    expect(active).not.toContain('OLD-01');
    expect(active).toContain('TM-INSP');
    expect((await codes('')).sort()).toEqual([...active, 'OLD-01'].sort());
    expect((await app.agent.get('/api/products?active=yes')).status).toBe(422);
  });

  it('deletes an unused product (audited; then gone)', async () => {
    const p = (await app.agent.post('/api/products', { code: 'GONE-01', nameZh: '待刪除', nameEn: 'To delete', unit: 'item', unitPrice: 500 })).body?.product as Product;
    expect((await del(app.agent, `/api/products/${p.id}`)).status).toBe(204);
    expect((await app.agent.get(`/api/products/${p.id}`)).status).toBe(404);
    expect((await app.agent.get('/api/products?q=GONE-01')).body?.total).toBe(0);
    const log = await app.server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'product').where('action', '=', 'delete').where('entity_id', '=', String(p.id)).executeTakeFirstOrThrow();
    expect(log.changes).toEqual({ code: 'GONE-01', nameEn: 'To delete', nameZh: '待刪除' });
    expect((await del(app.agent, `/api/products/${p.id}`)).status).toBe(404);
  });

  it('refuses to delete a product that a quotation line or an order line uses, with a clear message, and keeps it', async () => {
    const zh = new TestAgent(app.server, 'zh-HK');
    expect((await zh.signIn(admin.email, admin.password)).status).toBe(200);
    const line = (productId: number) => ({ productId, quantity: 100, unitPrice: 10_000 });
    const documents = {
      quotation: (productId: number) => app.agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId: 1, validDays: 30, items: [line(productId)] }),
      order: (productId: number) => app.agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId: 1, items: [line(productId)] }),
    };
    for (const [kind, create] of Object.entries(documents)) {
      const p = (await app.agent.post('/api/products', { code: `USED-${kind}`, nameZh: `已用於${kind}`, unit: 'visit', unitPrice: 10_000 })).body?.product as Product;
      const document = await create(p.id);
      expect(document.status, JSON.stringify(document.body)).toBe(201);
      const refused = await del(app.agent, `/api/products/${p.id}`);
      expect(refused.status).toBe(422);
      expect(refused.body?.message).toBe('This product is used in quotations or invoices and cannot be deleted. Deactivate it instead.');
      expect((await del(zh, `/api/products/${p.id}`)).body?.message).toBe('此產品已用於報價單或發票，不能刪除。請改為停用。');
      expect((await app.agent.get(`/api/products/${p.id}`)).status).toBe(200);
      // Deactivating it instead is allowed.
      expect((await app.agent.put(`/api/products/${p.id}`, { code: p.code, nameZh: p.nameZh, unit: 'visit', unitPrice: 10_000, active: false, version: p.version })).status).toBe(200);
    }
  });
});

describe('product categories', () => {
  it('keeps two levels, and refuses to delete a category that still has products or sub-categories', async () => {
    const tree = (await app.agent.get('/api/product-categories')).list as Category[];
    const pest = tree.find((c) => c.nameEn === 'Pest control')!;
    const termites = pest.children[0]!;
    const sub = await app.agent.post('/api/product-categories', { nameZh: '蚊患', nameEn: 'Mosquitoes', parentId: pest.id });
    expect(sub.status).toBe(201);
    const subId = (sub.body?.category as { id: number }).id;
    expect((await app.agent.post('/api/product-categories', { nameZh: '孫類別', parentId: subId })).body?.errors).toEqual({
      parentId: ['Choose a top-level category (sub-categories cannot have sub-categories).'],
    });
    expect((await del(app.agent, `/api/product-categories/${pest.id}`)).body?.message).toBe('This category still has sub-categories or products. Move them first.');
    expect((await del(app.agent, `/api/product-categories/${termites.id}`)).status).toBe(422);
    expect((await del(app.agent, `/api/product-categories/${subId}`)).status).toBe(204);
  });

  it('edits a category with its version: saved and audited, a stale edit refused (409), a bad parent refused (422)', async () => {
    const tree = (await app.agent.get('/api/product-categories')).list as Category[];
    const pest = tree.find((c) => c.nameEn === 'Pest control')!;
    const created = (await app.agent.post('/api/product-categories', { nameZh: '雀鳥', nameEn: 'Birds', parentId: pest.id, commissionRateBp: 500 })).body?.category as Category & { parentId: number | null };
    const edit = { nameZh: '雀鳥防治', nameEn: 'Bird control', parentId: pest.id, commissionRateBp: 750, sortOrder: 4, version: created.version };
    const saved = await app.agent.put(`/api/product-categories/${created.id}`, edit);
    expect(saved.status).toBe(200);
    expect(saved.body?.category).toMatchObject({ id: created.id, nameZh: '雀鳥防治', nameEn: 'Bird control', commissionRateBp: 750, sortOrder: 4, version: created.version + 1 });
    const log = await app.server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'product_category').where('action', '=', 'update').where('entity_id', '=', String(created.id)).executeTakeFirstOrThrow();
    expect(log.changes).toEqual({ nameZh: { from: '雀鳥', to: '雀鳥防治' }, nameEn: { from: 'Birds', to: 'Bird control' }, commissionRateBp: { from: 500, to: 750 }, sortOrder: { from: 0, to: 4 } });

    const stale = await app.agent.put(`/api/product-categories/${created.id}`, { ...edit, nameZh: '遲了' });
    expect(stale.status).toBe(409);
    expect(stale.body?.message).toBe('Someone else changed this record while you were editing. Your changes are kept; review them and save again.');
    const now = ((await app.agent.get(`/api/product-categories/${created.id}`)).body?.category as Category).nameZh;
    expect(now).toBe('雀鳥防治');

    const sub = tree.find((c) => c.nameEn === 'Pest control')!.children[0]!;
    const underSub = await app.agent.put(`/api/product-categories/${created.id}`, { ...edit, parentId: sub.id, version: created.version + 1 });
    expect(underSub.status).toBe(422);
    expect(underSub.body?.errors).toEqual({ parentId: ['Choose a top-level category (sub-categories cannot have sub-categories).'] });
    const noName = await app.agent.put(`/api/product-categories/${created.id}`, { ...edit, nameZh: '', nameEn: '', version: created.version + 1 });
    expect(Object.keys(noName.body?.errors as object).sort()).toEqual(['nameEn', 'nameZh']);
    expect((await app.agent.put('/api/product-categories/999999', edit)).status).toBe(404);

    const w = new TestAgent(app.server);
    await w.signIn(worker.email, worker.password);
    expect((await w.put(`/api/product-categories/${created.id}`, { ...edit, version: created.version + 1 })).status).toBe(403);
  });
});
