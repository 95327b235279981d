import { describe, expect, it } from 'vitest';
import { CustomerDocumentReply, DocumentLinkMade, DocumentLinks } from '../../contract/customerLinks';
import { Encrypter, generateAppKey, loadAppKey, parseAppKey } from '../../server/auth/encryption';
import { makeLinkToken } from '../../server/links/token';
import { PUBLIC_ANSWERS_PER_MINUTE, PUBLIC_READS_PER_MINUTE } from '../../server/links/publicRoutes';
import { pdfText } from '../support/pdfText';
import { DEMO, readReply, signedInAgent, signedInServer, TEST_CLIENT_IP_HEADER, TestAgent } from './harness';

/*
 * Customer links (docs/security.md, "Customer links"): a signed, expiring, revocable address per
 * document that shows it with no sign-in and nothing else; every open logged; a quotation accepted
 * (name and drawn signature) or declined through it, by the domain's rules, audited.
 */

const { server, agent } = signedInServer(DEMO.admin);
const line = { productId: null, descriptionEn: 'Aircon cleaning', descriptionZh: '冷氣清洗', quantity: 100, unitPrice: 50_000 };
/** A 1×1 PNG, as a data: address. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Doc = { id: number; number: string; version: number; status: string; notes: string };

/** The test server's own key (the tests keep it in the database's app_secrets). */
async function serverEncrypter(): Promise<Encrypter> {
  return Encrypter.fromKey(await loadAppKey(server.db, undefined));
}

async function clientId(): Promise<number> {
  return ((await agent.get('/api/clients')).body!.items as { id: number }[])[0]!.id;
}

async function newQuotation(notes = ''): Promise<Doc> {
  return (await agent.post('/api/quotations', { kind: 'basic', date: '2026-11-23', clientId: await clientId(), validDays: 30, items: [line], notes })).body!.quotation as Doc;
}

async function linkTo(kind: 'quotations' | 'orders', id: number, expiresInDays = 30) {
  return readReply(DocumentLinkMade, await agent.post(`/api/${kind}/${id}/links`, { expiresInDays }), 201);
}

/** A visitor with no session, from a given address, with its own XSRF cookie (as the page's heartbeat gives it). */
async function visitor(ip = '203.0.113.7'): Promise<TestAgent & { ip: string }> {
  const v = Object.assign(new TestAgent(server), { ip });
  await v.get('/api/csrf-cookie', { [TEST_CLIENT_IP_HEADER]: ip });
  return v;
}
const open = (v: TestAgent & { ip: string }, path: string) => v.get(path, { [TEST_CLIENT_IP_HEADER]: v.ip, 'User-Agent': 'TestBrowser/1.0' });
const answer = (v: TestAgent & { ip: string }, path: string, body: unknown) => v.post(path, body, { headers: { [TEST_CLIENT_IP_HEADER]: v.ip, 'User-Agent': 'TestBrowser/1.0' } });
const api = (path: string) => `/api/public/documents/${path.slice('/d/'.length)}`;

describe('customer links', () => {
  it('shows a quotation to someone not signed in: what the print view shows, nothing internal; each open is logged', async () => {
    const quotation = await newQuotation('Parking at the back');
    const made = await linkTo('quotations', quotation.id);
    expect(made.path).toMatch(/^\/d\/[A-Za-z0-9_-]{54}$/);
    expect(made.link).toMatchObject({ state: 'active', openCount: 0, createdBy: DEMO.admin.name });
    // Made from a draft, the quotation is sent by it.
    expect(((await agent.get(`/api/quotations/${quotation.id}`)).body!.quotation as Doc).status).toBe('sent');

    const v = await visitor();
    const reply = await open(v, api(made.path));
    const shown = readReply(CustomerDocumentReply, reply);
    expect(reply.headers.get('x-robots-tag')).toContain('noindex');
    expect(shown).toMatchObject({ canRespond: true, refusal: null, response: null, document: { kind: 'quotation', number: quotation.number, total: 50_000, notes: 'Parking at the back', status: 'sent' } });
    expect(shown.document.items).toEqual([{ descriptionEn: 'Aircon cleaning', descriptionZh: '冷氣清洗', quantity: 100, unit: null, unitPrice: 50_000, lineTotal: 50_000 }]);
    // No record ids anywhere in the reply (the client's, the branch's, the salesperson's, the lines').
    expect(JSON.stringify(reply.body)).not.toMatch(/"(id|clientId|branchId|salespersonId|productId|version|storedStatus)"/);
    expect(v.cookies.has('session') || [...v.cookies.keys()].some((k) => /session/i.test(k))).toBe(false);

    const links = readReply(DocumentLinks, await agent.get(`/api/quotations/${quotation.id}/links`));
    expect(links.links[0]).toMatchObject({ id: made.link.id, openCount: 1, opens: [{ ip: '203.0.113.7', userAgent: 'TestBrowser/1.0' }] });
  });

  it('offers the document as a PDF through its link, in the language asked for; none once the link is revoked', async () => {
    const quotation = await newQuotation();
    const made = await linkTo('quotations', quotation.id);
    const v = await visitor('203.0.113.11');
    expect(readReply(CustomerDocumentReply, await open(v, api(made.path))).pdf).toBe(true);
    const reply = await v.rawGet(`${api(made.path)}/pdf?language=en`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await reply.arrayBuffer()));
    expect(text).toContain(quotation.number);
    expect(text).toContain('Aircon cleaning');
    expect(text).toContain('QUOTATION');
    await agent.post(`/api/quotations/${quotation.id}/links/${made.link.id}/revoke`, {});
    expect((await v.rawGet(`${api(made.path)}/pdf`)).status).toBe(404);
  });

  it('answers a forged, tampered, expired, revoked or unknown token with the same 404', async () => {
    const quotation = await newQuotation();
    const made = await linkTo('quotations', quotation.id, 1);
    const token = made.path.slice(3);
    const v = await visitor('203.0.113.8');
    const notFound = await open(v, '/api/public/documents/nothing-at-all');
    expect(notFound.status).toBe(404);

    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    // Signed with another key: the signature does not hold.
    const otherKey = await Encrypter.fromKey(parseAppKey(generateAppKey()));
    const forged = await makeLinkToken(otherKey, made.link.id, new Date(made.link.expiresAt));
    const candidates = [flip(token, 2), flip(token, 20), flip(token, 50), forged];
    for (const bad of candidates) {
      const reply = await open(v, `/api/public/documents/${bad}`);
      expect({ status: reply.status, body: reply.body }).toEqual({ status: notFound.status, body: notFound.body });
    }
    // A token signed with the right key for this link, but not the one the database keeps the hash of.
    const resigned = await makeLinkToken(await serverEncrypter(), made.link.id, new Date(made.link.expiresAt));
    const unknown = await open(v, `/api/public/documents/${resigned}`);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: notFound.status, body: notFound.body });

    // Expired: a day and a second later.
    server.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const expired = await open(v, api(made.path));
    expect({ status: expired.status, body: expired.body }).toEqual({ status: 404, body: notFound.body });
    server.clock.advance(-(24 * 60 * 60 * 1000 + 1000));

    // Revoked (audited), from then on the same 404.
    expect((await open(v, api(made.path))).status).toBe(200);
    const revoked = await agent.post(`/api/quotations/${quotation.id}/links/${made.link.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ link: { state: 'revoked' } });
    const after = await open(v, api(made.path));
    expect({ status: after.status, body: after.body }).toEqual({ status: 404, body: notFound.body });
    const audits = (await server.db.selectFrom('audits').select(['action', 'entity_id']).where('entity_type', '=', 'quotation').where('entity_id', '=', String(quotation.id)).execute()).map((a) => a.action);
    expect(audits).toEqual(expect.arrayContaining(['link_create', 'link_revoke']));
  });

  it('reaches nothing else with the token: no other document, no staff endpoint, no session', async () => {
    const quotation = await newQuotation();
    const made = await linkTo('quotations', quotation.id);
    const v = await visitor('203.0.113.9');
    expect((await open(v, api(made.path))).status).toBe(200);
    // The token opens only its own document's addresses.
    for (const path of [`/api/quotations/${quotation.id}`, `/api/quotations/${quotation.id}/links`, '/api/quotations', '/api/clients', '/api/user', `/api/public/documents/${made.path.slice(3)}/../../quotations/${quotation.id}`]) {
      const reply = await v.get(path, { [TEST_CLIENT_IP_HEADER]: v.ip, Authorization: `Bearer ${made.path.slice(3)}` });
      expect([401, 404], path).toContain(reply.status);
    }
    // A quotation's link gives no invoice's FPS code, and an invoice's link cannot answer.
    expect((await open(v, `${api(made.path)}/fps-qr.png`)).status).toBe(404);
    const order = (await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId: await clientId(), items: [line] })).body!.order as Doc;
    const orderLink = await linkTo('orders', order.id);
    const invoice = readReply(CustomerDocumentReply, await open(v, api(orderLink.path)));
    expect(invoice).toMatchObject({ canRespond: false, document: { kind: 'invoice', number: order.number, outstanding: 50_000, paid: 0 } });
    expect((await answer(v, `${api(orderLink.path)}/accept`, { name: 'Chan', signature: PNG })).status).toBe(404);
  });

  it('lets the customer accept a sent quotation once, with name and signature kept, shown to staff and audited as the customer', async () => {
    const quotation = await newQuotation();
    const made = await linkTo('quotations', quotation.id);
    const v = await visitor('198.51.100.20');
    // A signature that is not a PNG, or no name: refused on the field.
    expect((await answer(v, `${api(made.path)}/accept`, { name: 'Chan Tai Man', signature: 'data:image/png;base64,aGVsbG8=' })).body).toMatchObject({ errors: { signature: [expect.any(String)] } });
    expect((await answer(v, `${api(made.path)}/accept`, { name: ' ', signature: PNG })).status).toBe(422);

    const accepted = readReply(CustomerDocumentReply, await answer(v, `${api(made.path)}/accept`, { name: 'Chan Tai Man', signature: PNG }));
    expect(accepted).toMatchObject({ canRespond: false, refusal: 'quotationAlreadyAccepted', response: { outcome: 'accepted', name: 'Chan Tai Man', signature: PNG }, document: { status: 'accepted' } });

    const staff = (await agent.get(`/api/quotations/${quotation.id}`)).body!.quotation as Doc & { customerResponse: unknown };
    expect(staff.status).toBe('accepted');
    expect(staff.customerResponse).toMatchObject({ outcome: 'accepted', name: 'Chan Tai Man', signature: PNG, ip: '198.51.100.20' });
    const line_ = await server.db.selectFrom('audits').selectAll().where('action', '=', 'customer_accept').where('entity_id', '=', String(quotation.id)).executeTakeFirstOrThrow();
    expect(line_).toMatchObject({ user_id: null, ip: '198.51.100.20' });
    expect(typeof line_.changes === 'string' ? JSON.parse(line_.changes) : line_.changes).toMatchObject({ via: 'customerLink', linkId: made.link.id, name: 'Chan Tai Man', status: { from: 'sent', to: 'accepted' } });

    // Staff see it on the dashboard's customer responses.
    const board = (await agent.get('/api/dashboard/show')).body as { cards: { customerResponses: { quotationId: number; outcome: string; name: string }[] } };
    expect(board.cards.customerResponses[0]).toMatchObject({ quotationId: quotation.id, outcome: 'accepted', name: 'Chan Tai Man' });

    // Answered: no second answer, either way.
    const again = await answer(v, `${api(made.path)}/decline`, { reason: 'Changed my mind' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ reason: 'quotationAlreadyAccepted' });
  });

  it('lets the customer decline with a reason; an expired or converted quotation cannot be accepted, with the reason said', async () => {
    const declined = await newQuotation();
    const link = await linkTo('quotations', declined.id);
    const v = await visitor('198.51.100.21');
    const reply = readReply(CustomerDocumentReply, await answer(v, `${api(link.path)}/decline`, { reason: 'Too dear' }));
    expect(reply).toMatchObject({ canRespond: false, refusal: 'quotationAlreadyDeclined', response: { outcome: 'declined', reason: 'Too dear', signature: null }, document: { status: 'rejected' } });

    // Expired: valid 30 days from 23 November; the link lasts 60.
    const late = await newQuotation();
    const lateLink = await linkTo('quotations', late.id, 60);
    server.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      const shown = readReply(CustomerDocumentReply, await open(v, api(lateLink.path)));
      expect(shown).toMatchObject({ canRespond: false, refusal: 'quotationExpired' });
      const refused = await answer(v, `${api(lateLink.path)}/accept`, { name: 'Chan', signature: PNG });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ reason: 'quotationExpired' });
      expect(String(refused.body!.message)).toMatch(/expired/i);
    } finally {
      server.clock.advance(-31 * 24 * 60 * 60 * 1000);
    }
  });

  it('holds the public addresses to a rate per IP address (429 with Retry-After); another address is not held', async () => {
    const quotation = await newQuotation();
    const made = await linkTo('quotations', quotation.id);
    const v = await visitor('192.0.2.50');
    let last = 0;
    for (let i = 0; i < PUBLIC_READS_PER_MINUTE + 1; i++) last = (await open(v, i % 2 ? api(made.path) : '/api/public/documents/guess')).status;
    expect(last).toBe(429);
    const limited = await open(v, api(made.path));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await open(await visitor('192.0.2.51'), api(made.path))).status).toBe(200);
    expect(PUBLIC_ANSWERS_PER_MINUTE).toBeLessThan(PUBLIC_READS_PER_MINUTE);
  });

  it('makes and revokes links only with the document’s edit permission; a worker gets 403', async () => {
    const quotation = await newQuotation();
    const worker = await signedInAgent(server, DEMO.worker);
    expect((await worker.post(`/api/quotations/${quotation.id}/links`, { expiresInDays: 30 })).status).toBe(403);
    expect((await agent.post(`/api/quotations/${quotation.id}/links`, { expiresInDays: 0 })).status).toBe(422);
    expect((await agent.post('/api/quotations/999999/links', { expiresInDays: 5 })).status).toBe(404);
  });
});

describe('customer links for receipts, refunds, completed service reports and statements', () => {
  const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.split(',')[1]!), (ch) => ch.charCodeAt(0));
  const staffLinks = async (base: string) => readReply(DocumentLinks, await agent.get(`${base}/links`)).links;
  const makeAt = async (base: string, expiresInDays = 30) => readReply(DocumentLinkMade, await agent.post(`${base}/links`, { expiresInDays }), 201);
  const pdfOf = async (v: TestAgent, path: string, language = 'en') => {
    const reply = await v.rawGet(`${api(path)}/pdf?language=${language}`);
    expect(reply.status).toBe(200);
    return pdfText(new Uint8Array(await reply.arrayBuffer()));
  };

  it('shows a receipt and a refund with no sign-in (page and PDF), logs each open; one type never reaches another record', async () => {
    const order = (await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId: await clientId(), items: [line] })).body!.order as Doc;
    expect((await agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2026-11-23', method: 'cash', amount: 20_000 })).status).toBe(201);
    expect((await agent.post(`/api/orders/${order.id}/receipts`, { kind: 'refund', date: '2026-11-24', method: 'cash', amount: 5_000, reason: 'Overcharged' })).status).toBe(201);
    const receipts = ((await agent.get(`/api/orders/${order.id}`)).body!.order as { receipts: { id: number; kind: string; number: string }[] }).receipts;
    const receipt = receipts.find((r) => r.kind === 'receipt')!;
    const refund = receipts.find((r) => r.kind === 'refund')!;

    const receiptLink = await makeAt(`/api/receipts/${receipt.id}`);
    const refundLink = await makeAt(`/api/receipts/${refund.id}`);
    const v = await visitor('203.0.113.30');
    const shown = readReply(CustomerDocumentReply, await open(v, api(receiptLink.path)));
    expect(shown).toMatchObject({ canRespond: false, document: { kind: 'receipt', number: receipt.number, items: [], receipt: { invoiceNumber: order.number, amount: 20_000, method: 'cash' }, statement: null, serviceReport: null } });
    const refundPage = await open(v, api(refundLink.path));
    expect(readReply(CustomerDocumentReply, refundPage).document).toMatchObject({ kind: 'refund', number: refund.number, receipt: { amount: 5_000, reason: 'Overcharged' } });
    expect(JSON.stringify(refundPage.body)).not.toMatch(/"(id|clientId|branchId|orderId|version)"/);
    expect(await pdfOf(v, receiptLink.path)).toEqual(expect.stringContaining('RECEIPT'));
    const refundPdf = await pdfOf(v, refundLink.path);
    for (const words of ['REFUND', refund.number, order.number]) expect(refundPdf).toContain(words);
    // Each open (the page and its PDF) is logged.
    const logged = (await staffLinks(`/api/receipts/${receipt.id}`))[0]!;
    expect([logged.id, logged.openCount, logged.opens.length]).toEqual([receiptLink.link.id, 2, 2]);
    expect(logged.opens[1]).toMatchObject({ ip: '203.0.113.30', userAgent: 'TestBrowser/1.0' });

    // A receipt's link answers nothing, gives no FPS code; made to name a refund's record, it opens nothing.
    expect((await answer(v, `${api(receiptLink.path)}/accept`, { name: 'Chan', signature: PNG })).status).toBe(404);
    expect((await open(v, `${api(receiptLink.path)}/fps-qr.png`)).status).toBe(404);
    await server.db.updateTable('document_links').set({ document_id: refund.id }).where('id', '=', receiptLink.link.id).execute();
    const crossed = await open(v, api(receiptLink.path));
    const none = await open(v, '/api/public/documents/nothing-at-all');
    expect({ status: crossed.status, body: crossed.body }).toEqual({ status: 404, body: none.body });
    expect((await v.rawGet(`${api(receiptLink.path)}/pdf`)).status).toBe(404);
    const audits = await server.db.selectFrom('audits').select(['action']).where('entity_type', '=', 'receipt').where('entity_id', '=', String(refund.id)).execute();
    expect(audits.map((a) => a.action)).toContain('link_create');
  });

  it('gives a service report a link only once completed; shows it with its signatures and PDF; revoked, the same 404', async () => {
    const made = await agent.post('/api/appointments', { clientId: await clientId(), address: '灣仔道 1 號', areaId: 2, workerIds: [1], date: '2026-11-20', startTime: '10:00', endTime: '11:30', recurrence: { freq: 'once' }, end: { kind: 'never' }, notes: '' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body!.appointment as { id: number }).id;
    const base = `/api/appointments/${id}/visits/2026-11-20`;
    // No report yet, then a report not completed: no link.
    expect((await agent.post(`${base}/links`, { expiresInDays: 30 })).status).toBe(404);
    let report = (await agent.put(`${base}/report`, { workDone: 'Bait stations installed', findings: 'Droppings behind the fridge', productsUsed: [], clientSigner: 'Mr Chan', version: 0 })).body!.report as { version: number };
    const early = await agent.post(`${base}/links`, { expiresInDays: 30 });
    expect(early.status).toBe(422);
    expect(early.body!.message).toMatch(/completed service report/);
    for (const who of ['client', 'worker']) {
      const signed = await agent.raw('PUT', `${base}/signatures/${who}`, bytesOf(PNG), { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'image/png' });
      expect(signed.status).toBe(200);
      report = signed.body!.report as typeof report;
    }
    expect((await agent.post(`${base}/status`, { status: 'ended', version: report.version })).status).toBe(200);

    const link = await makeAt(base);
    const v = await visitor('203.0.113.31');
    const shown = readReply(CustomerDocumentReply, await open(v, api(link.path)));
    expect(shown.document).toMatchObject({ kind: 'serviceReport', date: '2026-11-20', items: [], receipt: null, serviceReport: { workDone: 'Bait stations installed', status: 'ended', start: '10:00', end: '11:30' } });
    expect(shown.document.serviceReport!.signatures).toEqual([expect.objectContaining({ who: 'client', signer: 'Mr Chan', image: PNG }), expect.objectContaining({ who: 'worker', image: PNG })]);
    const text = await pdfOf(v, link.path, 'both');
    for (const words of ['Bait stations installed', 'Mr Chan']) expect(text).toContain(words);
    expect((await staffLinks(base))[0]).toMatchObject({ openCount: 2 });
    // Nothing else of the visit or the client through it.
    for (const path of [`${api(link.path)}/fps-qr.png`, `${api(link.path)}/logo`]) expect((await open(v, path)).status).toBe(404);

    expect((await agent.post(`${base}/links/${link.link.id}/revoke`, {})).body).toMatchObject({ link: { state: 'revoked' } });
    const after = await open(v, api(link.path));
    expect({ status: after.status, body: after.body }).toEqual({ status: 404, body: (await open(v, '/api/public/documents/nothing-at-all')).body });
    const audits = await server.db.selectFrom('audits').select(['action']).where('entity_type', '=', 'appointment_report').where('entity_id', '=', String(id)).execute();
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['link_create', 'link_revoke']));
  });

  it('shows a client’s statement of account as of the day it is opened (page and PDF); expired, the same 404; only the statement', async () => {
    const client = await clientId();
    const order = (await agent.post('/api/orders', { type: 'new_order', date: '2026-11-23', clientId: client, items: [line] })).body!.order as Doc;
    const link = await makeAt(`/api/clients/${client}/statement`, 1);
    const v = await visitor('203.0.113.32');
    const reply = await open(v, api(link.path));
    const shown = readReply(CustomerDocumentReply, reply);
    expect(shown.document).toMatchObject({ kind: 'statement', date: '2026-11-23', statement: { to: '2026-11-23', from: '2026-09-01' }, receipt: null, serviceReport: null });
    expect(shown.document.statement!.entries.map((e) => e.number)).toContain(order.number);
    expect(JSON.stringify(reply.body)).not.toMatch(/"(id|clientId|branchId)"/);
    const text = await pdfOf(v, link.path);
    for (const words of [order.number, shown.document.number]) expect(text).toContain(words);
    expect((await staffLinks(`/api/clients/${client}/statement`))[0]).toMatchObject({ openCount: 2 });
    // The statement's link opens no invoice of it, and cannot answer.
    expect((await answer(v, `${api(link.path)}/decline`, { reason: 'no' })).status).toBe(404);
    for (const path of [`/api/orders/${order.id}`, `/api/clients/${client}`, `/api/clients/${client}/statement/pdf`]) expect([401, 404]).toContain((await v.get(path, { [TEST_CLIENT_IP_HEADER]: v.ip })).status);

    server.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const expired = await open(v, api(link.path));
      expect({ status: expired.status, body: expired.body }).toEqual({ status: 404, body: (await open(v, '/api/public/documents/nothing-at-all')).body });
    } finally {
      server.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
    const audits = await server.db.selectFrom('audits').select(['action']).where('entity_type', '=', 'client').where('entity_id', '=', String(client)).execute();
    expect(audits.map((a) => a.action)).toContain('link_create');
  });

  it('lists, makes and revokes them only with the permission that views the document: a worker gets 403', async () => {
    const worker = await signedInAgent(server, DEMO.worker);
    const client = await clientId();
    const receiptId = (await server.db.selectFrom('receipts').select('id').executeTakeFirstOrThrow()).id;
    for (const base of [`/api/receipts/${receiptId}`, `/api/clients/${client}/statement`]) {
      expect((await worker.post(`${base}/links`, { expiresInDays: 30 })).status, base).toBe(403);
      expect((await worker.get(`${base}/links`)).status, base).toBe(403);
    }
    expect((await agent.post('/api/receipts/999999/links', { expiresInDays: 5 })).status).toBe(404);
    expect((await agent.post('/api/clients/999999/statement/links', { expiresInDays: 5 })).status).toBe(404);
  });
});

