import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { quotationDocument, type QuotationRecord } from '../../domain/documents/printable';
import { renderPrintable } from '../../server/documents/render';
import { PackagedFontSource } from '../../server/node/documentFonts';
import { pdfText } from '../support/pdfText';
import { DEMO, signedInServer } from './harness';

/*
 * No English-format date in a Chinese document (issue 31, item 23): the quotation (its validity, its
 * contract's period and the customer's online acceptance), the invoice (date and due date), the
 * receipt, the refund, the service report (the visit and when each side signed) and the statement
 * of account (its period and every line's date), made as PDFs in Chinese and read back with
 * pdfjs-dist, write each date 2026年11月23日 — never 23 Nov 2026, 11/23/2026, 2026-11-23 or "3:04 pm".
 * The same documents in English write 23 Nov 2026.
 */

const { agent } = signedInServer(DEMO.admin);

/** A date written the English way (a month or weekday name, am/pm), a numeric one, or ISO's. */
const FOREIGN_DATE = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?\s+\d|\b\d{1,2}\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)|\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|\b[ap]\.?m\.?\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/i;

const flat = (text: string) => text.replace(/\s+/g, ' ');
const textOf = async (path: string) => {
  const reply = await agent.rawGet(path);
  expect(reply.status, path).toBe(200);
  return flat(await pdfText(new Uint8Array(await reply.arrayBuffer())));
};
const png = (rgb: [number, number, number]) => {
  const image = new PNG({ width: 20, height: 20 });
  for (let i = 0; i < 400; i++) image.data.set([...rgb, 255], i * 4);
  return new Uint8Array(PNG.sync.write(image));
};

/** The addresses of each kind of document, made once. */
const paths: Record<string, string> = {};

beforeAll(async () => {
  const clients = (await agent.get('/api/clients')).body!.items as { id: number }[];
  const clientId = clients[0]!.id;
  const quotation = await agent.post('/api/quotations', {
    kind: 'contract',
    date: '2026-11-23',
    validDays: 30,
    clientId,
    items: [{ productId: null, descriptionEn: 'Termite baiting', descriptionZh: '白蟻餌站', quantity: 100, unitPrice: 50_000 }],
    contract: { periodStart: '2027-01-01', periodEnd: '2027-12-31', frequency: 'quarterly' },
  });
  expect(quotation.status, JSON.stringify(quotation.body)).toBe(201);
  paths.quotation = `/api/quotations/${(quotation.body!.quotation as { id: number }).id}/pdf`;

  const order = await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, items: [{ productId: null, descriptionEn: 'Inspection', descriptionZh: '視察', quantity: 100, unitPrice: 80_000 }] });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const orderId = (order.body!.order as { id: number }).id;
  paths.invoice = `/api/orders/${orderId}/pdf`;
  for (const [kind, date, amount, reason] of [
    ['receipt', '2026-11-24', 50_000, ''],
    ['refund', '2026-11-25', 10_000, 'Overcharged'],
  ] as const) {
    const paid = await agent.post(`/api/orders/${orderId}/receipts`, { kind, date, method: 'cash', amount, reason });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    paths[kind] = `/api/receipts/${paid.body!.receiptId as number}/pdf`;
  }

  const visit = await agent.post('/api/appointments', { clientId, address: '灣仔道 1 號', areaId: 2, workerIds: [1], date: '2026-11-20', startTime: '10:00', endTime: '11:30', recurrence: { freq: 'once' }, end: { kind: 'never' }, notes: '' });
  expect(visit.status, JSON.stringify(visit.body)).toBe(201);
  const base = `/api/appointments/${(visit.body!.appointment as { id: number }).id}/visits/2026-11-20`;
  expect((await agent.put(`${base}/report`, { workDone: 'Bait stations installed', findings: '', productsUsed: [], clientSigner: 'Mr Chan', version: 0 })).status).toBe(200);
  for (const who of ['client', 'worker']) expect((await agent.raw('PUT', `${base}/signatures/${who}`, png([10, 120, 10]), { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'image/png' })).status).toBe(200);
  paths.serviceReport = `${base}/report.pdf`;

  paths.statement = `/api/clients/${clientId}/statement/pdf?from=2026-11-01&to=2026-11-30&`;
});

const ask = (kind: string, language: string) => `${paths[kind]}${paths[kind]!.endsWith('&') ? '' : '?'}language=${language}`;

describe('dates in Chinese documents', () => {
  it.each([
    ['quotation', ['2026年11月23日', '2026年12月22日', '2027年1月1日 – 2027年12月31日']],
    ['invoice', ['2026年11月23日']],
    ['receipt', ['2026年11月24日']],
    ['refund', ['2026年11月25日']],
    ['serviceReport', ['2026年11月20日 10:00–11:30']],
    ['statement', ['2026年11月1日 – 2026年11月30日', '2026年11月23日']],
  ] as const)('the %s writes every date the Chinese way, none the English way', async (kind, dates) => {
    const text = await textOf(ask(kind, 'zh-HK'));
    for (const date of dates) expect(text).toContain(date);
    expect(FOREIGN_DATE.exec(text)?.[0] ?? null, text).toBeNull();
  });

  it('the service report writes when each side signed in Hong Kong time, the Chinese way', async () => {
    const text = await textOf(ask('serviceReport', 'zh-HK'));
    expect(text).toMatch(/Mr Chan \d{4}年\d{1,2}月\d{1,2}日 [上下]午\d{1,2}:\d{2}/);
  });

  it('a quotation accepted online prints when, the Chinese way in Chinese and the English way in English', async () => {
    const record: QuotationRecord = {
      number: 'QUO-2026-00001',
      date: '2026-11-23',
      validUntil: '2026-12-22',
      letterhead: null,
      client: null,
      items: [],
      subtotal: 0,
      discountRateBp: 0,
      discount: 0,
      total: 0,
      terms: [],
      notes: '',
      salesperson: null,
      contract: null,
      customerResponse: { outcome: 'accepted', name: 'Chan Tai Man', at: '2026-11-24T07:04:00.000Z', signature: null },
    };
    const fonts = await new PackagedFontSource().load();
    const pictures = { logo: null, chop: null, qr: null };
    const zh = flat(await pdfText(await renderPrintable(quotationDocument(record), 'zh-HK', pictures, fonts)));
    expect(zh).toContain('Chan Tai Man · 2026年11月24日 下午3:04');
    expect(FOREIGN_DATE.exec(zh)?.[0] ?? null, zh).toBeNull();
    const en = flat(await pdfText(await renderPrintable(quotationDocument(record), 'en', pictures, fonts)));
    expect(en).toContain('Chan Tai Man · 24 Nov 2026, 3:04 pm');
    expect(en).not.toMatch(/\d年/);
  });
});

describe('dates in English documents', () => {
  it('are written the English way: 23 Nov 2026', async () => {
    const text = await textOf(ask('invoice', 'en'));
    expect(text).toContain('23 Nov 2026');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|\d年/);
  });
});
