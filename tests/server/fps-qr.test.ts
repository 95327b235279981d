import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedInAgent, signedInServer } from './harness';

/*
 * The FPS QR code of an invoice, read back as a customer's banking app would: the PNG is decoded and
 * the QR code in it read (pngjs + jsQR), and its text checked field by field against the published
 * format, with a TLV reader and CRC written here from the specifications (EMVCo merchant-presented
 * QR; HKMA's Common QR Code Specification; HKICL's Payee-presented QR Code Specification for FPS),
 * not by calling the product's own payload function.
 */

const { server, agent } = signedInServer(DEMO.admin);

/** EMVCo data objects: 2-digit ID, 2-digit length, value; in order. */
function tlv(text: string): [id: string, value: string][] {
  const fields: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    expect(id, `ID at ${at}`).toMatch(/^\d{2}$/);
    expect(Number.isInteger(length), `length at ${at}`).toBe(true);
    fields.push([id, text.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  expect(at).toBe(text.length);
  return fields;
}

/** CRC-16/CCITT-FALSE: polynomial x^16 + x^12 + x^5 + 1 (0x1021), register preset to 0xFFFF, MSB first, no final XOR. */
function crc16(text: string): string {
  let register = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit--) {
      const feedback = ((register >> 15) & 1) ^ ((byte >> bit) & 1);
      register = (register << 1) & 0xffff;
      if (feedback) register ^= 0x1021;
    }
  }
  return register.toString(16).toUpperCase().padStart(4, '0');
}

/** The text of the QR code in a PNG. */
function readQr(png: Uint8Array): string {
  const image = PNG.sync.read(Buffer.from(png));
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  expect(code, 'a QR code in the image').not.toBeNull();
  return code!.data;
}

type Order = { id: number; number: string; total: number; outstanding: number; version: number; fpsQrUrl: string | null; letterhead: { payment: unknown } | null };

let branchId: number;
let companyId: number;
let clientId: number;

const newOrder = async (cents: number, branch: number | null = branchId): Promise<Order> => {
  const reply = await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId, branchId: branch, items: [{ productId: null, descriptionEn: 'Cleaning', quantity: 100, unitPrice: cents }] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body!.order as Order;
};
const pay = (orderId: number, amount: number) => agent.post(`/api/orders/${orderId}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cash', amount, reason: '' });
const qr = (orderId: number) => agent.rawGet(`/api/orders/${orderId}/fps-qr.png`);

beforeAll(async () => {
  clientId = ((await agent.get('/api/clients')).body!.items as { id: number }[])[0]!.id;
  const company = await agent.post('/api/companies', {
    nameZh: '灣仔清潔有限公司',
    nameEn: 'Wan Chai Cleaning Ltd',
    fpsType: 'mobile',
    fpsValue: '9123 4567',
    bankName: 'HSBC',
    bankAccountName: 'Wan Chai Cleaning Ltd',
    bankAccountNumber: '123-456789-001',
  });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  companyId = (company.body!.company as { id: number }).id;
  branchId = ((await agent.post('/api/branches', { nameZh: '灣仔分店', nameEn: 'Wan Chai Branch', companyId })).body!.branch as { id: number }).id;
});

describe('a company’s payment details (Settings → Companies)', () => {
  it('keeps the FPS mobile number as +852-XXXXXXXX and the bank account, and prints them on its invoices', async () => {
    const company = (await agent.get(`/api/companies/${companyId}`)).body!.company;
    expect(company).toMatchObject({ fpsType: 'mobile', fpsValue: '+852-91234567', bankName: 'HSBC', bankAccountName: 'Wan Chai Cleaning Ltd', bankAccountNumber: '123-456789-001' });
    const order = await newOrder(10_000);
    expect(order.letterhead!.payment).toEqual({ fps: { type: 'mobile', value: '+852-91234567' }, bankName: 'HSBC', accountName: 'Wan Chai Cleaning Ltd', accountNumber: '123-456789-001' });
  });

  it('refuses an FPS identifier that is not one, or a type without a value (and the other way), in the caller’s language', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ fpsType: 'fpsId', fpsValue: '123456' }, { fpsValue: ['An FPS ID is 7 to 9 digits.'] }],
      [{ fpsType: 'fpsId', fpsValue: '12345678a' }, { fpsValue: ['An FPS ID is 7 to 9 digits.'] }],
      [{ fpsType: 'mobile', fpsValue: '2123 4567' }, { fpsValue: ['Enter a Hong Kong mobile number (8 digits, optionally after +852).'] }],
      [{ fpsType: 'email', fpsValue: 'pay@nowhere' }, { fpsValue: ['Enter a valid e-mail address.'] }],
      [{ fpsType: 'email', fpsValue: '' }, { fpsValue: ['Enter the FPS identifier.'] }],
      [{ fpsValue: '1234567' }, { fpsType: ['Choose the kind of FPS identifier.'] }],
    ];
    for (const [fields, errors] of cases) {
      const reply = await agent.post('/api/companies', { nameEn: 'Wrong FPS Ltd', ...fields });
      expect([reply.status, reply.body!.errors]).toEqual([422, errors]);
    }
    expect((await agent.post('/api/companies', { nameEn: 'Wrong FPS Ltd', fpsType: 'cheque', fpsValue: '1234567' })).status).toBe(422);
    const zh = await signedInAgent(server, DEMO.admin, 'zh-HK');
    expect((await zh.post('/api/companies', { nameEn: 'Wrong FPS Ltd', fpsType: 'fpsId', fpsValue: '12' })).body!.errors).toEqual({ fpsValue: ['轉數快識別碼為 7 至 9 位數字。'] });
  });

  it('audits a change of FPS identifier and bank account', async () => {
    const company = (await agent.get(`/api/companies/${companyId}`)).body!.company as Record<string, unknown>;
    const saved = await agent.put(`/api/companies/${companyId}`, { ...company, fpsType: 'fpsId', fpsValue: '1234567', bankAccountNumber: '123-456789-002' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const audits = (await agent.get('/api/audits?entity_type=company')).body!.items as { changes: Record<string, unknown> }[];
    expect(audits[0]!.changes).toEqual({
      fpsType: { from: 'mobile', to: 'fpsId' },
      fpsValue: { from: '+852-91234567', to: '1234567' },
      bankAccountNumber: { from: '123-456789-001', to: '123-456789-002' },
    });
    // Back as it was, for the tests below.
    const now = (await agent.get(`/api/companies/${companyId}`)).body!.company as Record<string, unknown>;
    expect((await agent.put(`/api/companies/${companyId}`, { ...now, fpsType: 'mobile', fpsValue: '+852 9123 4567', bankAccountNumber: '123-456789-001' })).status).toBe(200);
  });
});

describe('the FPS QR code of an invoice', () => {
  it('is a PNG whose QR code pays the balance due to the company’s FPS identifier, the invoice number as reference, with a right CRC', async () => {
    const order = await newOrder(123_450);
    expect((await pay(order.id, 23_450)).status).toBe(201);
    // The invoice gives its QR code's address (what it pays and to whom in the query).
    const shown = (await agent.get(`/api/orders/${order.id}`)).body!.order as Order;
    expect(shown.fpsQrUrl).toBe(`/api/orders/${order.id}/fps-qr.png?amount=100000&to=mobile%3A%2B852-91234567`);
    const reply = await agent.rawGet(shown.fpsQrUrl!);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/png');
    const text = readQr(new Uint8Array(await reply.arrayBuffer()));

    const fields = tlv(text);
    expect(fields.map(([id]) => id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    const value = Object.fromEntries(fields);
    expect(value['00']).toBe('01'); // payload format indicator
    expect(value['01']).toBe('12'); // dynamic: the amount is given
    expect(tlv(value['26']!)).toEqual([
      ['00', 'hk.com.hkicl'],
      ['03', '+852-91234567'],
    ]);
    expect(value['52']).toBe('0000');
    expect(value['53']).toBe('344'); // HKD
    expect(value['54']).toBe('1000.00'); // 1,234.50 less 234.50 paid
    expect(value['58']).toBe('HK');
    expect(value['59']).toBe('Wan Chai Cleaning Ltd');
    expect(value['60']).toBe('HK');
    expect(tlv(value['62']!)).toEqual([['05', order.number]]);
    // The CRC covers everything before its value, its own ID and length ("6304") included.
    expect(text.slice(-8, -4)).toBe('6304');
    expect(value['63']).toBe(crc16(text.slice(0, -4)));
  });

  it('puts an FPS ID under 02 and an e-mail under 04', async () => {
    const company = (await agent.get(`/api/companies/${companyId}`)).body!.company as Record<string, unknown>;
    const order = await newOrder(5_000);
    for (const [type, typed, id, kept] of [
      ['fpsId', '１２３４５６７８９', '02', '123456789'],
      ['email', 'pay@wanchai.example.hk', '04', 'pay@wanchai.example.hk'],
    ] as const) {
      const now = (await agent.get(`/api/companies/${companyId}`)).body!.company as Record<string, unknown>;
      expect((await agent.put(`/api/companies/${companyId}`, { ...now, fpsType: type, fpsValue: typed })).status).toBe(200);
      const text = readQr(new Uint8Array(await (await qr(order.id)).arrayBuffer()));
      expect(tlv(Object.fromEntries(tlv(text))['26']!)).toEqual([
        ['00', 'hk.com.hkicl'],
        [id, kept],
      ]);
      expect(Object.fromEntries(tlv(text))['63']).toBe(crc16(text.slice(0, -4)));
    }
    const now = (await agent.get(`/api/companies/${companyId}`)).body!.company as Record<string, unknown>;
    expect((await agent.put(`/api/companies/${companyId}`, { ...now, fpsType: company.fpsType, fpsValue: company.fpsValue })).status).toBe(200);
  });

  it('is not there (404 with the reason) when the company has no FPS identifier, nothing is due, or the invoice is void', async () => {
    const companies = (await agent.get('/api/companies')).list as { id: number; fpsType: string | null }[];
    const withoutFps = await newOrder(10_000, null);
    expect(companies.find((c) => c.id === Math.min(...companies.map((x) => x.id)))!.fpsType).toBeNull();
    expect(withoutFps.fpsQrUrl).toBeNull();
    const none = await qr(withoutFps.id);
    expect([none.status, await none.json()]).toEqual([404, { message: 'The company has no FPS identifier, so this invoice has no FPS QR code. Set one under Settings → Companies.', reason: 'fpsNotSet' }]);

    const paid = await newOrder(10_000);
    await pay(paid.id, 10_000);
    const nothing = await qr(paid.id);
    expect([nothing.status, ((await nothing.json()) as { reason: string }).reason]).toEqual([404, 'nothingDue']);

    const voided = await newOrder(10_000);
    expect((await agent.post(`/api/orders/${voided.id}/void`, { reason: 'Entered twice', version: voided.version })).status).toBe(200);
    const gone = await qr(voided.id);
    expect([gone.status, ((await gone.json()) as { reason: string }).reason]).toEqual([404, 'invoiceVoid']);

    expect((await qr(999_999)).status).toBe(404);
  });

  it('is for those who may see the invoice', async () => {
    const order = await newOrder(10_000);
    const worker = await signedInAgent(server, DEMO.worker);
    expect((await worker.rawGet(`/api/orders/${order.id}/fps-qr.png`)).status).toBe(403);
  });
});
