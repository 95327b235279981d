import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentPdf } from '../../server/documents/pdf';
import { pdfFontNames, pdfPictures, pdfText } from '../support/pdfText';
import { DEMO, signedInAgent, signedInServer, type TestAgent } from './harness';

/*
 * The PDFs the server makes, read back as a reader would (pdfjs-dist): their text in each language,
 * the font embedded as a subset (a small file, a "ABCDEF+" name), the invoice's FPS QR code decoded
 * from the picture in the PDF (jsQR), the company's logo and chop drawn, the service report's
 * photos and signatures; the permission of each document's view, and the download's headers.
 */

const { server, agent } = signedInServer(DEMO.admin);

/** A small PNG of `size`×`size` pixels of one colour (a logo, a chop, a photo, a signature). */
function png(size: number, rgb: [number, number, number]): Uint8Array {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) image.data.set([...rgb, 255], i * 4);
  return new Uint8Array(PNG.sync.write(image));
}

const upload = (path: string, bytes: Uint8Array) => agent.raw('PUT', path, bytes, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'image/png' });

let branchId: number;
let clientId: number;
let orderId: number;
let orderNumber: string;

/** The PDF at an address: its status, headers and bytes (each address made once: PDFs take CPU time). */
const made = new Map<string, ReturnType<typeof fetchPdf>>();
const pdfAt = (path: string) => made.get(path) ?? made.set(path, fetchPdf(path)).get(path)!;
async function fetchPdf(path: string) {
  const reply = await agent.rawGet(path);
  return { status: reply.status, type: reply.headers.get('content-type'), disposition: reply.headers.get('content-disposition'), bytes: new Uint8Array(await reply.arrayBuffer()) };
}

/** The text with its runs of spaces made one (pdfjs splits a line into pieces). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  clientId = ((await agent.get('/api/clients')).body!.items as { id: number }[])[0]!.id;
  const company = await agent.post('/api/companies', {
    nameZh: '灣仔清潔有限公司',
    nameEn: 'Wan Chai Cleaning Ltd',
    addressZh: '香港灣仔告士打道 1 號',
    addressEn: '1 Gloucester Road, Wan Chai',
    fpsType: 'mobile',
    fpsValue: '9123 4567',
    bankName: 'HSBC',
    bankAccountName: 'Wan Chai Cleaning Ltd',
    bankAccountNumber: '123-456789-001',
  });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const companyId = (company.body!.company as { id: number }).id;
  expect((await upload(`/api/companies/${companyId}/logo`, png(64, [200, 30, 30]))).status).toBe(200);
  expect((await upload(`/api/companies/${companyId}/chop`, png(64, [30, 30, 200]))).status).toBe(200);
  branchId = ((await agent.post('/api/branches', { nameZh: '灣仔分店', nameEn: 'Wan Chai Branch', companyId })).body!.branch as { id: number }).id;
  const order = await agent.post('/api/orders', {
    type: 'new_order',
    date: '2026-11-23',
    clientId,
    branchId,
    items: [
      { productId: null, descriptionEn: 'Termite inspection', descriptionZh: '白蟻視察', quantity: 150, unitPrice: 80_000 },
      { productId: null, descriptionEn: 'Bait station', descriptionZh: '餌站', quantity: 200, unitPrice: 12_345 },
    ],
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  ({ id: orderId, number: orderNumber } = order.body!.order as { id: number; number: string });
  expect((await agent.post(`/api/orders/${orderId}/receipts`, { kind: 'receipt', date: '2026-11-24', method: 'cash', amount: 20_000, reason: '' })).status).toBe(201);
});

describe('the invoice as a PDF', () => {
  it('is an A4 PDF download named by its number, in Chinese and English side by side: client, lines, totals, payment', async () => {
    const pdf = await pdfAt(`/api/orders/${orderId}/pdf?language=both`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="${orderNumber}.pdf"`);
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    const text = flat(await pdfText(pdf.bytes));
    const client = (await agent.get(`/api/clients/${clientId}`)).body!.client as { nameZh: string; nameEn: string };
    for (const words of ['發票 INVOICE', orderNumber, client.nameZh, client.nameEn, '白蟻視察', 'Termite inspection', '餌站', 'Bait station', '灣仔清潔有限公司', 'Wan Chai Cleaning Ltd']) expect(text).toContain(words);
    // 1.5 × 800.00 + 2 × 123.45 = 1,446.90; 200.00 paid by the receipt.
    expect(text).toContain('小計 Subtotal HK$1,446.90');
    expect(text).toContain('總額 Total HK$1,446.90');
    expect(text).toContain('已付 Paid HK$200.00');
    expect(text).toContain('尚欠 Balance due HK$1,246.90');
    expect(text).toContain('以轉數快付款 Pay by FPS');
    expect(text).toContain('+852-91234567');
    expect(text).toContain('123-456789-001');
  });

  it('embeds Noto Sans HK as a subset of the glyphs used: a small file', async () => {
    const pdf = await pdfAt(`/api/orders/${orderId}/pdf?language=both`);
    const fonts = pdfFontNames(pdf.bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const name of fonts) expect(name).toMatch(/^[A-Z]{6}\+NotoSansHK-(Regular|Bold)$/);
    // The whole font files are ~7 MB each; the PDF with the logo, chop and QR code stays small.
    expect(pdf.bytes.length).toBeLessThan(400_000);
  });

  it('prints in one language only when asked, and in the user’s language when not', async () => {
    const en = flat(await pdfText((await pdfAt(`/api/orders/${orderId}/pdf?language=en`)).bytes));
    expect(en).toContain('INVOICE');
    expect(en).toContain('Balance due HK$1,246.90');
    expect(en).not.toContain('發票');
    expect(en).not.toContain('白蟻視察');
    const zh = flat(await pdfText((await pdfAt(`/api/orders/${orderId}/pdf?language=zh-HK`)).bytes));
    expect(zh).toContain('發票');
    expect(zh).toContain('尚欠 HK$1,246.90');
    expect(zh).not.toContain('INVOICE');
    // The agent reads English (Accept-Language); a Chinese reader's default is Chinese.
    expect(flat(await pdfText((await pdfAt(`/api/orders/${orderId}/pdf`)).bytes))).toContain('INVOICE');
    const zhAgent = await signedInAgent(server, DEMO.admin, 'zh-HK');
    const reply = await zhAgent.rawGet(`/api/orders/${orderId}/pdf`);
    expect(flat(await pdfText(new Uint8Array(await reply.arrayBuffer())))).toContain('發票');
  });

  it('carries the FPS QR code of the balance due: decoded from the PDF, it pays the company’s FPS mobile with the invoice number as reference', async () => {
    const pdf = await pdfAt(`/api/orders/${orderId}/pdf?language=en`);
    const decoded = (await pdfPictures(pdf.bytes)).map((p) => jsQR(p.rgba, p.width, p.height)?.data).filter((d): d is string => d !== undefined);
    expect(decoded).toHaveLength(1);
    const payload = decoded[0]!;
    // The same text as the invoice's own QR code image (checked field by field in fps-qr.test.ts).
    const image = PNG.sync.read(Buffer.from(await (await agent.rawGet(`/api/orders/${orderId}/fps-qr.png`)).arrayBuffer()));
    expect(payload).toBe(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)!.data);
    expect(payload).toContain('hk.com.hkicl');
    expect(payload).toContain('+852-91234567');
    expect(payload).toContain('5407' + '1246.90');
    expect(payload).toContain(orderNumber);
  });

  it('draws the company’s logo and chop', async () => {
    const pictures = await pdfPictures((await pdfAt(`/api/orders/${orderId}/pdf?language=en`)).bytes);
    const colours = pictures.map((p) => [...p.rgba.slice(0, 3)].join(','));
    expect(colours).toContain('200,30,30');
    expect(colours).toContain('30,30,200');
  });
});

describe('the quotation, receipt and refund as PDFs', () => {
  it('prints a quotation with its lines, total and validity', async () => {
    const made = await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', validDays: 30, clientId, branchId, items: [{ productId: null, descriptionEn: 'Mosquito fogging', descriptionZh: '滅蚊噴霧', quantity: 100, unitPrice: 55_000 }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const quotation = made.body!.quotation as { id: number; number: string };
    const pdf = await pdfAt(`/api/quotations/${quotation.id}/pdf?language=both`);
    expect([pdf.status, pdf.disposition]).toEqual([200, `attachment; filename="${quotation.number}.pdf"`]);
    const text = flat(await pdfText(pdf.bytes));
    for (const words of ['報價單 QUOTATION', quotation.number, '滅蚊噴霧', 'Mosquito fogging', '總額 Total HK$550.00', '有效期至 Valid until 2026年12月22日 22 Dec 2026']) expect(text).toContain(words);
  });

  it('prints a receipt and a refund with the amount and the invoice they belong to', async () => {
    const refund = await agent.post(`/api/orders/${orderId}/receipts`, { kind: 'refund', date: '2026-11-25', method: 'cash', amount: 5_000, reason: 'Overcharged' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const receipts = ((await agent.get(`/api/orders/${orderId}`)).body!.order as { receipts: { id: number; kind: string; number: string }[] }).receipts;
    for (const [kind, title, amount] of [
      ['receipt', 'RECEIPT', 'Amount received HK$200.00'],
      ['refund', 'REFUND', 'Amount refunded HK$50.00'],
    ] as const) {
      const r = receipts.find((x) => x.kind === kind)!;
      const pdf = await pdfAt(`/api/receipts/${r.id}/pdf?language=en`);
      expect(pdf.status).toBe(200);
      const text = flat(await pdfText(pdf.bytes));
      for (const words of [title, r.number, orderNumber, amount]) expect(text).toContain(words);
    }
  });
});

describe('the service report as a PDF', () => {
  it('prints the visit, the work, the products, the photos and both signatures', async () => {
    const made = await agent.post('/api/appointments', { clientId, address: '灣仔道 1 號', areaId: 2, workerIds: [1], date: '2026-11-20', startTime: '10:00', endTime: '11:30', recurrence: { freq: 'once' }, end: { kind: 'never' }, notes: '' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body!.appointment as { id: number }).id;
    const base = `/api/appointments/${id}/visits/2026-11-20`;
    expect((await agent.rawGet(`${base}/report.pdf`)).status).toBe(404);
    expect((await agent.put(`${base}/report`, { workDone: 'Bait stations installed', findings: 'Droppings behind the fridge', productsUsed: [{ productId: 1, quantity: 150, note: 'kitchen' }], clientSigner: 'Mr Chan', version: 0 })).status).toBe(200);
    for (const who of ['client', 'worker']) expect((await upload(`${base}/signatures/${who}`, png(40, [10, 120, 10]))).status).toBe(200);
    const photo = await agent.raw('POST', `${base}/photos`, png(80, [250, 200, 0]), { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'image/png', 'X-File-Name': 'kitchen.png' });
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);

    const pdf = await pdfAt(`${base}/report.pdf?language=both`);
    expect([pdf.status, pdf.type, pdf.disposition]).toEqual([200, 'application/pdf', `attachment; filename="service-report-${id}-2026-11-20.pdf"`]);
    const text = flat(await pdfText(pdf.bytes));
    for (const words of ['Bait stations installed', 'Droppings behind the fridge', 'kitchen', 'Mr Chan', '2026年11月20日 20 Nov 2026 10:00–11:30', '灣仔道 1 號']) expect(text).toContain(words);
    const colours = (await pdfPictures(pdf.bytes)).map((p) => [...p.rgba.slice(0, 3)].join(','));
    expect(colours.filter((c) => c === '10,120,10')).toHaveLength(2);
    expect(colours).toContain('250,200,0');
  });
});

describe('the photos a service report PDF holds', () => {
  it('are those the asking staff member may see (their file scope), as on the screen', async () => {
    const workerId = (await server.db.selectFrom('users').select('id').where('email', '=', DEMO.worker.email).executeTakeFirstOrThrow()).id;
    const made = await agent.post('/api/appointments', { clientId, address: '灣仔道 1 號', areaId: 2, workerIds: [workerId], date: '2026-11-21', startTime: '10:00', endTime: '11:00', recurrence: { freq: 'once' }, end: { kind: 'never' }, notes: '' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const base = `/api/appointments/${(made.body!.appointment as { id: number }).id}/visits/2026-11-21`;
    expect((await agent.put(`${base}/report`, { workDone: 'Inspected', findings: '', productsUsed: [], clientSigner: '', version: 0 })).status).toBe(200);
    const worker = await signedInAgent(server, DEMO.worker);
    const photo = (who: TestAgent, rgb: [number, number, number]) => who.raw('POST', `${base}/photos`, png(60, rgb), { 'X-XSRF-TOKEN': who.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'image/png', 'X-File-Name': 'site.png' });
    expect((await photo(agent, [250, 200, 0])).status).toBe(201);
    expect((await photo(worker, [0, 90, 250])).status).toBe(201);
    const coloursFor = async (who: TestAgent) => {
      const reply = await who.rawGet(`${base}/report.pdf?language=en`);
      expect(reply.status).toBe(200);
      return (await pdfPictures(new Uint8Array(await reply.arrayBuffer()))).map((p) => [...p.rgba.slice(0, 3)].join(','));
    };
    // The worker sees their own uploads only (file_view_own); the administrator sees every photo.
    const workers = await coloursFor(worker);
    expect(workers).toContain('0,90,250');
    expect(workers).not.toContain('250,200,0');
    expect(await coloursFor(agent)).toEqual(expect.arrayContaining(['0,90,250', '250,200,0']));
  });
});

describe('who may have a PDF', () => {
  it('needs the document’s view permission; an unknown document is 404', async () => {
    const worker = await signedInAgent(server, DEMO.worker);
    expect((await worker.rawGet(`/api/orders/${orderId}/pdf`)).status).toBe(403);
    expect((await agent.rawGet('/api/orders/999999/pdf')).status).toBe(404);
    expect((await agent.get(`/api/orders/${orderId}/pdf?language=fr`)).status).toBe(422);
  });

  it('is refused, said in the caller’s language, where the host has no fonts (the in-page demo)', async () => {
    const made = await documentPdf({ db: server.db, files: server.files, now: server.clock.now }, { kind: 'invoice', id: orderId }, 'en');
    expect(made.isErr() && made.error).toEqual({ code: 'pdfUnavailable' });
  });
});
