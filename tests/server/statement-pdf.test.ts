import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { StatementPrintReply } from '../../contract/statements';
import { crc16CcittFalse } from '../../domain/payments/fps';
import { pdfPictures, pdfText } from '../support/pdfText';
import { DEMO, signedInAgent, signedInServer } from './harness';

/*
 * A client's statement of account as a PDF (GET /api/clients/{id}/statement/pdf), read back as a
 * reader would (pdfjs-dist): its text in each language (client, period, opening balance, lines with
 * the running balance, closing balance, ageing, invoices owed, letterhead), and its FPS QR code
 * decoded from the picture in the PDF (jsQR): the closing balance paid to the company's FPS
 * identifier, with the client code and statement date as reference; none when nothing is owed.
 */

const { server, agent } = signedInServer(DEMO.admin);
let clientId: number;
let paidUpId: number;
const numbers: string[] = [];

const flat = (text: string) => text.replace(/\s+/g, ' ');
const code = (id: number) => `C${String(id).padStart(6, '0')}`;

const made = new Map<string, Promise<{ status: number; type: string | null; disposition: string | null; bytes: Uint8Array }>>();
function pdfAt(path: string) {
  if (!made.has(path))
    made.set(
      path,
      agent.rawGet(path).then(async (reply) => ({ status: reply.status, type: reply.headers.get('content-type'), disposition: reply.headers.get('content-disposition'), bytes: new Uint8Array(await reply.arrayBuffer()) })),
    );
  return made.get(path)!;
}

async function invoice(client: number, date: string, cents: number, branchId: number) {
  const reply = await agent.post('/api/orders', { type: 'new_order', date, clientId: client, branchId, items: [{ productId: null, descriptionEn: 'Pest control', descriptionZh: '滅蟲', quantity: 100, unitPrice: cents }] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const order = reply.body!.order as { id: number; number: string };
  numbers.push(order.number);
  return order;
}

beforeAll(async () => {
  const company = await agent.post('/api/companies', {
    nameZh: '結單清潔有限公司',
    nameEn: 'Statement Cleaning Ltd',
    addressZh: '香港中環皇后大道中 1 號',
    addressEn: "1 Queen's Road Central",
    fpsType: 'fpsId',
    fpsValue: '1234567',
    bankName: 'Hang Seng Bank',
    bankAccountName: 'Statement Cleaning Ltd',
    bankAccountNumber: '024-111111-001',
  });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const companyId = (company.body!.company as { id: number }).id;
  const branchId = ((await agent.post('/api/branches', { nameZh: '中環分店', nameEn: 'Central Branch', companyId })).body!.branch as { id: number }).id;
  const created = await agent.post('/api/clients', { nameEn: 'Owing Client Ltd', nameZh: '欠款客戶', branchId, contacts: [], addresses: [{ address: '中環德輔道中 8 號' }] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clientId = (created.body!.client as { id: number }).id;
  const paidUp = await agent.post('/api/clients', { nameEn: 'Paid Up Ltd', nameZh: '已清客戶', branchId, contacts: [], addresses: [] });
  paidUpId = (paidUp.body!.client as { id: number }).id;

  const old = await invoice(clientId, '2026-07-01', 500_00, branchId); // due 2026-07-31: 115 days overdue on 2026-11-23
  await invoice(clientId, '2026-10-15', 300_00, branchId);
  expect((await agent.post(`/api/orders/${old.id}/receipts`, { kind: 'receipt', date: '2026-09-20', method: 'cash', amount: 100_00, reason: '' })).status).toBe(201);
  const settled = await invoice(paidUpId, '2026-10-01', 80_00, branchId);
  expect((await agent.post(`/api/orders/${settled.id}/receipts`, { kind: 'receipt', date: '2026-10-02', method: 'cash', amount: 80_00, reason: '' })).status).toBe(201);
});

describe('the statement of account as a PDF', () => {
  it('is a download named by the client and date, in both languages: letterhead, client, period, balances, lines, ageing, invoices owed', async () => {
    const pdf = await pdfAt(`/api/clients/${clientId}/statement/pdf?from=2026-09-01&to=2026-11-23&language=both`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="statement-${code(clientId)}-2026-11-23.pdf"`);
    const text = flat(await pdfText(pdf.bytes));
    for (const words of [
      '結單 STATEMENT OF ACCOUNT',
      '結單清潔有限公司',
      'Statement Cleaning Ltd',
      '欠款客戶',
      'Owing Client Ltd',
      '中環德輔道中 8 號',
      `客戶編號 Client code ${code(clientId)}`,
      '期間 Period 2026年9月1日 – 2026年11月23日 1 Sept 2026 – 23 Nov 2026',
      // 500.00 owed before the period; a receipt of 100.00, then an invoice of 300.00.
      '期初結餘 Opening balance HK$500.00',
      '尚欠金額 Amount owed HK$700.00',
      '收據 Receipt',
      numbers[0]!,
      numbers[1]!,
      'HK$400.00',
      '欠款賬齡 Ageing of the amount owed',
      '逾期超過 90 日 Over 90 days overdue',
      '未到期 Not yet due',
      '未付發票 Invoices owed',
      '以轉數快付款 Pay by FPS',
      '1234567',
      '024-111111-001',
    ])
      expect(text).toContain(words);
  });

  it('prints in English or in Chinese alone', async () => {
    const en = flat(await pdfText((await pdfAt(`/api/clients/${clientId}/statement/pdf?from=2026-09-01&to=2026-11-23&language=en`)).bytes));
    for (const words of ['STATEMENT OF ACCOUNT', 'Opening balance HK$500.00', 'Amount owed HK$700.00', 'Not yet due', '1–30 days overdue', 'Over 90 days overdue', 'Days overdue']) expect(en).toContain(words);
    expect(en).not.toContain('結單');
    const zh = flat(await pdfText((await pdfAt(`/api/clients/${clientId}/statement/pdf?from=2026-09-01&to=2026-11-23&language=zh-HK`)).bytes));
    for (const words of ['結單', '期初結餘 HK$500.00', '尚欠金額 HK$700.00', '逾期日數']) expect(zh).toContain(words);
    expect(zh).not.toContain('STATEMENT OF ACCOUNT');
    // A Chinese reader's default language is Chinese.
    const zhAgent = await signedInAgent(server, DEMO.admin, 'zh-HK');
    const reply = await zhAgent.rawGet(`/api/clients/${clientId}/statement/pdf?from=2026-09-01&to=2026-11-23`);
    expect(flat(await pdfText(new Uint8Array(await reply.arrayBuffer())))).toContain('期初結餘');
  });

  it('carries the FPS QR code of the amount owed: decoded from the PDF, field by field, with the client code and statement date as reference', async () => {
    const pdf = await pdfAt(`/api/clients/${clientId}/statement/pdf?from=2026-09-01&to=2026-11-23&language=en`);
    const decoded = (await pdfPictures(pdf.bytes)).map((p) => jsQR(p.rgba, p.width, p.height)?.data).filter((d): d is string => d !== undefined);
    expect(decoded).toHaveLength(1);
    const payload = decoded[0]!;
    // EMVCo data objects: ID, 2-digit length, value.
    const fields = new Map<string, string>();
    for (let at = 0; at < payload.length; ) {
      const id = payload.slice(at, at + 2);
      const length = Number(payload.slice(at + 2, at + 4));
      fields.set(id, payload.slice(at + 4, at + 4 + length));
      at += 4 + length;
    }
    expect(fields.get('26')).toBe('0012hk.com.hkicl' + '02071234567');
    expect(fields.get('53')).toBe('344');
    expect(fields.get('54')).toBe('700.00');
    const reference = `${code(clientId)}-20261123`;
    expect(fields.get('62')).toBe(`05${String(reference.length).padStart(2, '0')}${reference}`);
    expect(fields.get('63')).toBe(crc16CcittFalse(payload.slice(0, -4)));
    // The same text as the statement's own QR code image (the print view's).
    const image = PNG.sync.read(Buffer.from(await (await agent.rawGet(`/api/clients/${clientId}/statement/fps-qr.png?from=2026-09-01&to=2026-11-23`)).arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)!.data).toBe(payload);
  });

  it('gives the print view the same record (GET …/statement/print): client, company, statement, QR code address', async () => {
    const reply = await agent.get(`/api/clients/${clientId}/statement/print?from=2026-09-01&to=2026-11-23`);
    expect(reply.status).toBe(200);
    const { print } = StatementPrintReply.parse(reply.body);
    expect(print).toMatchObject({ clientId, clientCode: code(clientId), client: { nameEn: 'Owing Client Ltd', address: '中環德輔道中 8 號' }, letterhead: { nameEn: 'Statement Cleaning Ltd' }, statement: { opening: 500_00, closing: 700_00 } });
    const qr = await agent.rawGet(print.fpsQrUrl!);
    expect([qr.status, qr.headers.get('content-type')]).toEqual([200, 'image/png']);
    const paidUp = StatementPrintReply.parse((await agent.get(`/api/clients/${paidUpId}/statement/print`)).body).print;
    expect(paidUp.fpsQrUrl).toBeNull();
    expect((await agent.get('/api/clients/99999/statement/print')).status).toBe(404);
  });

  it('has no FPS QR code and no payment block when nothing is owed', async () => {
    const pdf = await pdfAt(`/api/clients/${paidUpId}/statement/pdf?language=en`);
    expect(pdf.status).toBe(200);
    const text = flat(await pdfText(pdf.bytes));
    expect(text).toContain('Amount owed HK$0.00');
    expect(text).toContain('Nothing is owed.');
    expect(text).not.toContain('Pay by FPS');
    expect((await pdfPictures(pdf.bytes)).map((p) => jsQR(p.rgba, p.width, p.height)).filter(Boolean)).toHaveLength(0);
    const qr = await agent.rawGet(`/api/clients/${paidUpId}/statement/fps-qr.png`);
    expect(qr.status).toBe(404);
  });

  it('refuses a period that runs backwards and an unknown client, and is for those who may see invoices', async () => {
    expect((await agent.rawGet(`/api/clients/${clientId}/statement/pdf?from=2026-11-30&to=2026-11-01`)).status).toBe(422);
    expect((await agent.rawGet(`/api/clients/${clientId}/statement/pdf?from=2026-02-30`)).status).toBe(422);
    expect((await agent.rawGet('/api/clients/99999/statement/pdf')).status).toBe(404);
    const worker = await signedInAgent(server, DEMO.worker);
    expect((await worker.rawGet(`/api/clients/${clientId}/statement/pdf`)).status).toBe(403);
  });
});
