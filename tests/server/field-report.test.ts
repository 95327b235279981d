import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdfText';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/*
 * The worker's report in the field (issue 22): the pests found and areas treated, the products used
 * with their active ingredient, photos tagged before / after, the worker's signature credited to the
 * worker who signs; the visit's field data (contacts, planned products, the last visit's findings)
 * for the worker of the visit only; and the PDF that prints it all.
 */

const server = serverForTests();
let admin: TestAgent;
let worker: TestAgent;
let workerId: number;
let workerName: string;
let clientId: number;
let productId: number;
let orderId: number;

function png(size: number, rgb: [number, number, number]): Uint8Array {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) image.data.set([...rgb, 255], i * 4);
  return new Uint8Array(PNG.sync.write(image));
}

const headers = (who: TestAgent, more: Record<string, string> = {}) => ({ 'X-XSRF-TOKEN': who.cookies.get('XSRF-TOKEN')!, ...more });
const photo = (who: TestAgent, base: string, query: string, name: string) => who.raw('POST', `${base}/photos${query}`, png(40, [250, 200, 0]), headers(who, { 'Content-Type': 'image/png', 'X-File-Name': name }));
const sign = (who: TestAgent, base: string, signer: 'client' | 'worker', query = '') => who.raw('PUT', `${base}/signatures/${signer}${query}`, png(30, [10, 120, 10]), headers(who, { 'Content-Type': 'image/png' }));

async function appointment(date: string, workerIds: number[], order: number | null = null): Promise<number> {
  const made = await admin.post('/api/appointments', { clientId, orderId: order, address: '灣仔道 8 號', areaId: 2, workerIds, date, startTime: '10:00', endTime: '11:00', recurrence: { freq: 'once' }, end: { kind: 'never' }, notes: 'Check the kitchen' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body!.appointment as { id: number }).id;
}

beforeAll(async () => {
  admin = await signedInAgent(server, DEMO.admin);
  worker = await signedInAgent(server, DEMO.worker);
  const me = await server.db.selectFrom('users').select(['id', 'name']).where('email', '=', DEMO.worker.email).executeTakeFirstOrThrow();
  [workerId, workerName] = [me.id, me.name];
  // An order with a product line: its client is the visit's, its products are what the visit plans.
  const line = await server.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['orders.id as orderId', 'orders.client_id as clientId', 'order_items.product_id as productId'])
    .where('order_items.product_id', 'is not', null)
    .where('orders.voided', '=', false)
    .orderBy('orders.id')
    .executeTakeFirstOrThrow();
  [orderId, clientId, productId] = [line.orderId, line.clientId, line.productId!];
  await server.db.updateTable('products').set({ active_ingredient: 'Fipronil 0.05%' }).where('id', '=', productId).execute();
  await server.db.deleteFrom('client_contacts').where('client_id', '=', clientId).execute();
  await server.db.insertInto('client_contacts').values({ client_id: clientId, name: 'Mr Chan', title: 'Manager', phones: JSON.stringify(['9123 4567']), is_primary: true }).execute();
});

describe("a visit's field data", () => {
  it('gives the worker of the visit the contacts, the planned products with their active ingredient and the last visit found', async () => {
    // Days after the seeded ones, so the client's last reported visit is this test's.
    const earlier = await appointment('2027-03-01', [workerId]);
    expect((await admin.put(`/api/appointments/${earlier}/visits/2027-03-01/report`, { workDone: 'Gel applied', findings: 'Droppings under the sink', pestsFound: 'Cockroaches', productsUsed: [], clientSigner: '', version: 0 })).status).toBe(200);
    const id = await appointment('2027-03-02', [workerId], orderId);

    const screen = await worker.get(`/api/appointments/${id}?tab=appointment&date=2027-03-02`);
    expect(screen.status, JSON.stringify(screen.body)).toBe(200);
    const field = screen.body!.field as { contacts: unknown[]; plannedProducts: { activeIngredient: string }[]; lastVisit: unknown };
    expect(field.contacts).toEqual([{ name: 'Mr Chan', title: 'Manager', phones: ['9123 4567'] }]);
    expect(field.plannedProducts.some((p) => p.activeIngredient === 'Fipronil 0.05%')).toBe(true);
    expect(field.lastVisit).toEqual({ date: '2027-03-01', findings: 'Droppings under the sink', workDone: 'Gel applied', pestsFound: 'Cockroaches', areasTreated: '' });
    // The invoice tab is not the worker's (issue 31 item 21); the report tab carries it, with the products' active ingredients.
    expect((await worker.get(`/api/appointments/${id}?tab=invoice&date=2027-03-02`)).status).toBe(403);
    const report = await worker.get(`/api/appointments/${id}?tab=report&date=2027-03-02`);
    expect((report.body!.products as { id: number; activeIngredient: string }[]).find((p) => p.id === productId)?.activeIngredient).toBe('Fipronil 0.05%');
  });

  it('is refused (404) to a worker who does not work the visit', async () => {
    const id = await appointment('2026-11-25', [1]);
    expect((await worker.get(`/api/appointments/${id}?tab=appointment&date=2026-11-25`)).status).toBe(404);
  });
});

describe("the worker's completed report", () => {
  it('keeps pests, areas, tagged photos and both signers, and the PDF prints them with the active ingredient', async () => {
    const id = await appointment('2026-11-23', [workerId]);
    const base = `/api/appointments/${id}/visits/2026-11-23`;
    const saved = await worker.put(`${base}/report`, {
      workDone: 'Bait stations installed',
      findings: 'Droppings behind the fridge',
      pestsFound: 'German cockroaches',
      areasTreated: 'Kitchen, store room',
      productsUsed: [{ productId, quantity: 150, note: 'kitchen' }],
      clientSigner: 'Mrs Wong',
      version: 0,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const report = saved.body!.report as { pestsFound: string; areasTreated: string; productsUsed: { activeIngredient: string }[] };
    expect([report.pestsFound, report.areasTreated, report.productsUsed[0]!.activeIngredient]).toEqual(['German cockroaches', 'Kitchen, store room', 'Fipronil 0.05%']);

    const before = await photo(worker, base, '?tag=before', 'sink-before.png');
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect((await photo(worker, base, '?tag=after', 'sink-after.png')).status).toBe(201);
    expect((await photo(worker, base, '?tag=later', 'x.png')).status).toBe(422);
    expect((await sign(worker, base, 'client')).status).toBe(200);
    const signed = await sign(worker, base, 'worker', `?signer=${workerId}`);
    expect(signed.status).toBe(200);
    const final = signed.body!.report as { photos: { name: string; tag: string | null }[]; workerSigner: string; workerSignerId: number };
    expect(final.photos.map((p) => [p.name, p.tag]).sort()).toEqual([
      ['sink-after.png', 'after'],
      ['sink-before.png', 'before'],
    ]);
    expect([final.workerSigner, final.workerSignerId]).toEqual([workerName, workerId]);

    const audits = await server.db.selectFrom('audits').select(['changes']).where('entity_type', '=', 'appointment_report').where('entity_id', '=', String(id)).where('action', '=', 'update').execute();
    expect(JSON.stringify(audits.map((a) => a.changes))).toContain('German cockroaches');

    const pdf = await admin.rawGet(`${base}/report.pdf?language=en`);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const words of ['Pests found', 'German cockroaches', 'Areas treated', 'Kitchen, store room', 'Active ingredient: Fipronil 0.05%', 'Before · sink-before.png', 'After · sink-after.png', 'Mrs Wong', workerName]) {
      expect(text).toContain(words);
    }
    const zh = (await pdfText(new Uint8Array(await (await admin.rawGet(`${base}/report.pdf?language=zh-HK`)).arrayBuffer()))).replace(/\s+/g, ' ');
    for (const words of ['所見害蟲', '有效成分: Fipronil 0.05%', '工作前 · sink-before.png', '工作後 · sink-after.png']) expect(zh).toContain(words);

    // A save that does not send pests and areas (an older client) leaves them as they are.
    const version = (signed.body!.report as { version: number }).version;
    const kept = await admin.put(`${base}/report`, { workDone: 'Bait stations installed', findings: 'Checked by the office', productsUsed: [], clientSigner: 'Mrs Wong', version });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body!.report).toMatchObject({ findings: 'Checked by the office', pestsFound: 'German cockroaches', areasTreated: 'Kitchen, store room' });
  });

  it('refuses a worker who does not work the visit', async () => {
    const id = await appointment('2026-11-26', [1]);
    const base = `/api/appointments/${id}/visits/2026-11-26`;
    expect((await worker.put(`${base}/report`, { workDone: 'x', version: 0 })).status).toBe(404);
    expect((await photo(worker, base, '?tag=before', 'a.png')).status).toBe(404);
  });
});

describe("a product's active ingredient", () => {
  it('is kept by the product form (create, edit), audited, and goes with the product to the report', async () => {
    const created = await admin.post('/api/products', { code: 'ANT-GEL', nameZh: '螞蟻膠餌', unit: 'visit', unitPrice: 50_000, activeIngredient: ' Indoxacarb 0.05% ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body!.product as { id: number; version: number; activeIngredient: string };
    expect(product.activeIngredient).toBe('Indoxacarb 0.05%');
    const edited = await admin.put(`/api/products/${product.id}`, { code: 'ANT-GEL', nameZh: '螞蟻膠餌', unit: 'visit', unitPrice: 50_000, activeIngredient: 'Indoxacarb 0.1%', version: product.version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const audit = await server.db.selectFrom('audits').select('changes').where('entity_type', '=', 'product').where('entity_id', '=', String(product.id)).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(audit.changes).toEqual({ activeIngredient: { from: 'Indoxacarb 0.05%', to: 'Indoxacarb 0.1%' } });
    expect((await admin.put(`/api/products/${product.id}`, { code: 'ANT-GEL', nameZh: '螞蟻膠餌', unit: 'visit', unitPrice: 50_000, activeIngredient: 'x'.repeat(201), version: product.version + 1 })).status).toBe(422);
    const screen = await admin.get(`/api/products/${product.id}`);
    expect((screen.body!.product as { activeIngredient: string }).activeIngredient).toBe('Indoxacarb 0.1%');
  });
});
