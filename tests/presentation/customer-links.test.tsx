import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod/mini';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { Client, ClientOptions, ClientPage } from '../../contract/clients';
import { CustomerDocumentReply, DocumentLinkMade, DocumentLinks } from '../../contract/customerLinks';
import { OrderPage, Receipt } from '../../contract/sales';
import { documentOptionsFixture, invoiceOptionsFixture, orderFixture, quotationFixture, SALES_CLIENT } from '../support/sales';
import { wire } from '../support/wire';
import { renderApp, renderSignedIn } from './render';

/* Customer links: the customer's page (/d/:token, no sign-in) and staff's Customer link / WhatsApp actions. */

const TOKEN = 'A'.repeat(54);
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const page = (change: Partial<z.input<typeof CustomerDocumentReply>> = {}) =>
  CustomerDocumentReply.parse({
    document: {
      kind: 'quotation', number: 'Q-2026-00012', date: '2026-11-23', letterhead: null,
      client: { nameEn: 'Chan Tai Man', nameZh: '陳大文', address: '1 Queen’s Road', contact: null },
      items: [{ descriptionEn: 'Termite inspection', descriptionZh: '白蟻視察', quantity: 100, unit: null, unitPrice: 80_000, lineTotal: 80_000 }],
      subtotal: 80_000, discountRateBp: 0, discount: 0, total: 80_000, terms: [], notes: '', salesperson: 'Sam Lee',
      validUntil: '2026-12-22', contract: null, status: 'sent', dueDate: null, orderType: null, paid: null, outstanding: null, voided: false, quotationNumber: null, fpsQrUrl: null, receipt: null, statement: null, serviceReport: null,
    },
    response: null, canRespond: true, refusal: null, pdf: false,
    ...change,
  });

const accepted = page({ response: { outcome: 'accepted', name: 'Chan Tai Man', signature: PNG, reason: '', at: '2026-11-23T03:00:00.000Z' }, canRespond: false, refusal: 'quotationAlreadyAccepted' });

/** jsdom draws nothing: a canvas that takes strokes and gives a PNG. */
beforeEach(() => {
  const context = { scale: vi.fn(), beginPath: vi.fn(), arc: vi.fn(), fill: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), clearRect: vi.fn(), fillText: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(new Blob([Uint8Array.from(atob(PNG.split(',')[1]!), (c) => c.charCodeAt(0))], { type: 'image/png' })));
  HTMLCanvasElement.prototype.setPointerCapture ??= () => undefined;
});
afterEach(() => vi.restoreAllMocks());

describe('the customer’s page of a link', () => {
  it('shows the document with no sign-in, and accepts it with a name and a drawn signature', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({
      start: `/d/${TOKEN}`,
      user: null,
      language: 'en',
      handler: (r: ApiRequest) => (r.path === `/api/public/documents/${TOKEN}` ? { status: 200, body: page() } : r.path.endsWith('/accept') ? { status: 200, body: accepted } : { status: 200, body: { auth: false } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotation Q-2026-00012' })).toBeInTheDocument();
    const sheet = await screen.findByRole('article', { name: 'QUOTATION' });
    expect(sheet).toHaveTextContent('Termite inspection');
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
    // No PDF yet from this server: no button.
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();

    // Nothing sent without a name and a signature.
    await user.click(screen.getByRole('button', { name: 'Accept quotation' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please sign in the box, then save the signature.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Your name'), 'Chan Tai Man');
    const pad = screen.getByRole('img', { name: /Your signature: sign here/ });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 60, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    await user.click(screen.getByRole('button', { name: 'Save Your signature' }));
    expect(await screen.findByText('Signature ready.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept quotation' }));

    expect(await screen.findByText(/Accepted by Chan Tai Man on/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Signature of Chan Tai Man' })).toHaveAttribute('src', PNG);
    expect(screen.queryByRole('button', { name: 'Accept quotation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline quotation' })).not.toBeInTheDocument();
    const sent = transport.requests.find((r) => r.method === 'POST');
    expect(sent).toMatchObject({ path: `/api/public/documents/${TOKEN}/accept`, body: { name: 'Chan Tai Man', signature: PNG } });
  });

  it('says why an expired quotation cannot be accepted, and offers nothing', async () => {
    renderApp({ start: `/d/${TOKEN}`, user: null, language: 'zh-HK', handler: () => ({ status: 200, body: page({ canRespond: false, refusal: 'quotationExpired', document: { ...page().document, status: 'expired' } }) }) });
    expect(await screen.findByText('此報價單已過期，不能再接受。請與我們聯絡索取新的報價。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '接受報價' })).not.toBeInTheDocument();
  });

  it('lets the customer decline with a reason', async () => {
    const user = userEvent.setup();
    const declined = page({ response: { outcome: 'declined', name: '', signature: null, reason: 'Too dear', at: '2026-11-23T03:00:00.000Z' }, canRespond: false, refusal: 'quotationAlreadyDeclined' });
    const { transport } = renderApp({ start: `/d/${TOKEN}`, user: null, language: 'en', handler: (r) => ({ status: 200, body: r.method === 'POST' ? declined : page() }) });
    await user.type(await screen.findByLabelText('Reason (optional)'), 'Too dear');
    await user.click(screen.getByRole('button', { name: 'Decline quotation' }));
    expect(await screen.findByText(/Declined on/)).toBeInTheDocument();
    expect(screen.getByText('Reason: Too dear')).toBeInTheDocument();
    expect(transport.requests.find((r) => r.method === 'POST')).toMatchObject({ path: `/api/public/documents/${TOKEN}/decline`, body: { reason: 'Too dear' } });
  });
});

describe('staff’s customer link on a quotation', () => {
  const link = { id: 7, createdAt: '2026-11-23T01:00:00.000Z', createdBy: 'Admin', expiresAt: '2026-12-23T01:00:00.000Z', revokedAt: null, state: 'active' as const, openCount: 2, opens: [{ at: '2026-11-23T02:00:00.000Z', ip: '203.0.113.7', userAgent: 'Safari' }] };
  const quotation = quotationFixture({ status: 'sent', storedStatus: 'sent', client: { ...SALES_CLIENT, contact: { name: 'Mr Chan', phones: ['9123 4567', '2345 6789'] } } });
  const backend = (r: ApiRequest) => {
    if (r.path === '/api/quotations/12') return { status: 200, body: { quotation, tab: 'basic', options: documentOptionsFixture() } };
    if (r.path === '/api/quotations/12/links' && r.method === 'GET') return { status: 200, body: DocumentLinks.parse({ links: [link] }) };
    if (r.path === '/api/quotations/12/links') return { status: 201, body: DocumentLinkMade.parse({ link: { ...link, id: 8, openCount: 0, opens: [] }, path: `/d/${TOKEN}` }) };
    if (r.path === '/api/quotations/12/links/7/revoke') return { status: 200, body: { link: { ...link, state: 'revoked', revokedAt: '2026-11-23T04:00:00.000Z' } } };
    return { status: 200, body: { auth: true } };
  };

  it('makes a link with a lifetime, shows its address once, lists the links with their opens, revokes one', async () => {
    const { user, transport } = renderSignedIn({ start: '/quotations/basic/12', handler: backend });
    await user.click(await screen.findByRole('button', { name: 'Customer link' }));
    const panel = await screen.findByRole('region', { name: 'Customer link' });
    expect(await within(panel).findByText(/Opened 2 times/)).toBeInTheDocument();
    await user.click(within(panel).getByText('Latest opens'));
    expect(within(panel).getByText(/from 203\.0\.113\.7/)).toBeInTheDocument();

    await user.clear(within(panel).getByLabelText('Valid for (days)'));
    await user.type(within(panel).getByLabelText('Valid for (days)'), '400');
    await user.click(within(panel).getByRole('button', { name: 'Make link' }));
    expect(await within(panel).findByText('Enter a number of days from 1 to 365.')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Valid for (days)'));
    await user.type(within(panel).getByLabelText('Valid for (days)'), '14');
    await user.click(within(panel).getByRole('button', { name: 'Make link' }));
    expect(await within(panel).findByLabelText('Link address')).toHaveValue(`${location.origin}/d/${TOKEN}`);
    expect(transport.requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/quotations/12/links', body: { expiresInDays: 14 } });

    await user.click(within(panel).getByRole('button', { name: 'Revoke' }));
    expect(transport.requests.some((r) => r.path === '/api/quotations/12/links/7/revoke')).toBe(true);
  });

  it('sends by WhatsApp: makes a link, offers the client’s mobile, opens click-to-chat with the bilingual message', async () => {
    const { user } = renderSignedIn({ start: '/quotations/basic/12', handler: backend });
    await user.click(await screen.findByRole('button', { name: 'Send by WhatsApp' }));
    const chat = await screen.findByRole('link', { name: 'Open WhatsApp' });
    const href = chat.getAttribute('href')!;
    expect(href).toMatch(/^https:\/\/wa\.me\/85291234567\?text=/);
    const text = decodeURIComponent(href.split('text=')[1]!);
    expect(text).toContain(`報價單 Q-2026-00012`);
    expect(text).toContain(`Quotation Q-2026-00012`);
    expect(text).toContain(`/d/${TOKEN}`);
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '123');
    expect(screen.queryByRole('link', { name: 'Open WhatsApp' })).not.toBeInTheDocument();
    expect(screen.getByText(/Enter a Hong Kong mobile number/)).toBeInTheDocument();
  });

  it('shows the customer’s online acceptance with its signature on the quotation', async () => {
    const withAnswer = quotationFixture({ status: 'accepted', storedStatus: 'accepted', customerResponse: { outcome: 'accepted', name: 'Chan Tai Man', signature: PNG, reason: '', at: '2026-11-23T03:00:00.000Z', ip: '198.51.100.20' } });
    renderSignedIn({ start: '/quotations/basic/12', handler: (r) => (r.path === '/api/quotations/12' ? { status: 200, body: { quotation: withAnswer, tab: 'basic', options: documentOptionsFixture() } } : { status: 200, body: { auth: true } }) });
    const answer = await screen.findByRole('region', { name: 'Customer\'s answer' });
    expect(answer).toHaveTextContent(/Accepted online by Chan Tai Man/);
    expect(answer).toHaveTextContent('198.51.100.20');
    expect(within(answer).getByRole('img', { name: 'Signature of Chan Tai Man' })).toHaveAttribute('src', PNG);
  });
});

describe('staff’s customer link on a client’s statement of account', () => {
  const client = Client.parse({
    id: 7, code: 'C000007', nameEn: 'Chan Tai Man', nameZh: '陳大文', hkidMasked: null, tags: [], companyId: 1, branchId: 1, notes: '', version: 3,
    contacts: [{ name: 'Accounts', title: '', phones: ['9123 4567'], email: '', isPrimary: true, isAccounts: false }], addresses: [], source: null, remindersOptOut: false, mailLanguage: 'both',
    createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-02T10:00:00.000Z',
  });
  const statement = { from: '2026-09-01', to: '2026-11-23', opening: 0, entries: [], closing: 0, open: [], ageing: { notDue: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 } };
  const options = ClientOptions.parse({ areas: [], branches: [], companies: [{ id: 1, nameEn: 'Harbour Pest', nameZh: '海港除蟲' }], sources: [] });
  const link = { id: 3, createdAt: '2026-11-23T01:00:00.000Z', createdBy: 'Admin', expiresAt: '2026-12-23T01:00:00.000Z', revokedAt: null, state: 'active' as const, openCount: 0, opens: [] };
  const backend = (r: ApiRequest) => {
    if (r.path === '/api/clients/7') return { status: 200, body: ClientPage.parse({ client, tab: 'statement', options, canRevealHkid: false, statement }) };
    if (r.path === '/api/clients/7/statement/links' && r.method === 'GET') return { status: 200, body: DocumentLinks.parse({ links: [] }) };
    if (r.path === '/api/clients/7/statement/links') return { status: 201, body: DocumentLinkMade.parse({ link, path: `/d/${TOKEN}` }) };
    if (r.path.startsWith('/api/clients/7/statement/')) return { status: 200, body: { sends: [], recipients: [], mailReady: false } };
    return { status: 200, body: { auth: true } };
  };

  for (const [language, send, open, zhText, enText] of [
    ['en', 'Send by WhatsApp', 'Open WhatsApp', '海港除蟲：您的結單（客戶編號 C000007）', 'Harbour Pest: Your statement of account (client C000007)'],
    ['zh-HK', '以 WhatsApp 發送', '開啟 WhatsApp', '海港除蟲：您的結單（客戶編號 C000007）', 'Harbour Pest: Your statement of account (client C000007)'],
  ] as const) {
    it(`makes the statement's link and opens WhatsApp with the bilingual message (${language})`, async () => {
      const { user, transport } = renderSignedIn({ start: '/clients/statement/7', language, handler: backend });
      await user.click(await screen.findByRole('button', { name: send }));
      const chat = await screen.findByRole('link', { name: open });
      const href = chat.getAttribute('href')!;
      expect(href).toMatch(/^https:\/\/wa\.me\/85291234567\?text=/);
      const text = decodeURIComponent(href.split('text=')[1]!);
      expect(text).toContain(zhText);
      expect(text).toContain(enText);
      expect(text).toContain(`/d/${TOKEN}`);
      expect(transport.requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/clients/7/statement/links', body: { expiresInDays: 30 } });
    });
  }
});

describe('staff’s customer link on a receipt (its row on the invoice’s payments)', () => {
  const receipt = wire(Receipt, {
    id: 21, number: 'R-2026-00021', kind: 'receipt', date: '2026-11-02', method: 'octopus', methodName: { nameEn: 'Octopus', nameZh: '八達通' }, reference: '', amount: 60_000, reason: '',
    bankedIn: false, bankedInAt: null, action: null, order: { id: 3, number: 'INV-2026-00003' }, client: { id: 9, nameEn: 'Chan Tai Man', nameZh: '陳大文' }, staff: 'Sam Lee',
  });
  const order = orderFixture({ receipts: [receipt], client: { ...SALES_CLIENT, contact: { name: 'Mr Chan', phones: ['9123 4567'] } } });
  const link = { id: 5, createdAt: '2026-11-23T01:00:00.000Z', createdBy: 'Admin', expiresAt: '2026-12-23T01:00:00.000Z', revokedAt: null, state: 'active' as const, openCount: 0, opens: [] };
  const backend = (r: ApiRequest) => {
    if (r.path === '/api/orders/3') return { status: 200, body: wire(OrderPage, { order, attachments: [], appointments: [], options: invoiceOptionsFixture() }) };
    if (r.path === '/api/receipts/21/links' && r.method === 'GET') return { status: 200, body: DocumentLinks.parse({ links: [] }) };
    if (r.path === '/api/receipts/21/links') return { status: 201, body: DocumentLinkMade.parse({ link, path: `/d/${TOKEN}` }) };
    return { status: 200, body: { auth: true } };
  };

  for (const [language, open, linkWords, make, address] of [
    ['en', 'Customer link for R-2026-00021', 'Customer link', 'Make link', 'Link address'],
    ['zh-HK', 'R-2026-00021 的客戶連結', '客戶連結', '建立連結', '連結地址'],
  ] as const) {
    it(`opens the receipt's own link panel from its row and makes the link for that receipt (${language})`, async () => {
      const { user, transport } = renderSignedIn({ start: '/orders/order/invoice/3', language, handler: backend });
      const button = await screen.findByRole('button', { name: open });
      expect(button).toHaveAttribute('aria-pressed', 'false');
      await user.click(button);
      expect(button).toHaveAttribute('aria-pressed', 'true');
      const section = await screen.findByRole('region', { name: open });
      await user.click(within(section).getByRole('button', { name: linkWords }));
      const panel = await within(section).findByRole('region', { name: linkWords });
      await user.click(await within(panel).findByRole('button', { name: make }));
      expect(await within(panel).findByLabelText(address)).toHaveValue(`${location.origin}/d/${TOKEN}`);
      expect(transport.requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/receipts/21/links' });
    });
  }
});

describe('the customer’s page of a statement or a refund', () => {
  const base = page().document;
  const empty = { items: [], subtotal: 0, total: 0, salesperson: null, validUntil: null, status: null };
  it('shows the statement as of today, with no answer offered', async () => {
    const statement = page({
      canRespond: false,
      document: {
        ...base, ...empty, kind: 'statement', number: 'C000007-20261123',
        statement: { clientCode: 'C000007', from: '2026-09-01', to: '2026-11-23', opening: 0, entries: [{ kind: 'invoice', number: 'INV-3', date: '2026-11-10', invoiceNumber: null, debit: 20_000, credit: 0, balance: 20_000 }], closing: 20_000, open: [], ageing: { notDue: 20_000, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 } },
      },
    });
    renderApp({ start: `/d/${TOKEN}`, user: null, language: 'en', handler: () => ({ status: 200, body: statement }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statement of account C000007-20261123' })).toBeInTheDocument();
    expect(screen.getByText('Up to today, 23 Nov 2026: what is owed now.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'STATEMENT OF ACCOUNT' })).toHaveTextContent('INV-3');
    expect(screen.queryByRole('button', { name: 'Accept quotation' })).not.toBeInTheDocument();
  });

  it('shows a refund with its invoice, amount and reason (zh-HK)', async () => {
    const refund = page({
      canRespond: false,
      document: { ...base, ...empty, kind: 'refund', number: 'RF-0002', receipt: { invoiceNumber: 'INV-3', method: 'cash', methodName: { nameEn: 'Cash', nameZh: '現金' }, reference: '', amount: 5_000, reason: 'Overcharged', reasonWords: null } },
    });
    renderApp({ start: `/d/${TOKEN}`, user: null, language: 'zh-HK', handler: () => ({ status: 200, body: refund }) });
    expect(await screen.findByRole('heading', { level: 1, name: '退款 RF-0002' })).toBeInTheDocument();
    const sheet = await screen.findByRole('article');
    for (const words of ['INV-3', 'HK$50.00', 'Overcharged', '現金']) expect(sheet).toHaveTextContent(words);
  });

  it('shows a completed service report: the work, the products, both signatures', async () => {
    const report = page({
      canRespond: false,
      document: {
        ...base, ...empty, kind: 'serviceReport', number: 'C000001 2026-11-20', date: '2026-11-20',
        serviceReport: {
          company: null, client: { nameEn: 'Chan Tai Man', nameZh: '陳大文', code: 'C000001' }, address: '灣仔道 1 號', area: null, date: '2026-11-20', start: '10:00', end: '11:30',
          workers: ['Wing Wong'], status: 'ended', workDone: 'Bait stations installed', findings: '', pestsFound: '', areasTreated: '',
          products: [], photos: [{ name: 'kitchen.png', tag: 'after' }],
          signatures: [{ who: 'client', signer: 'Mr Chan', signedAt: '2026-11-20T03:00:00.000Z', image: PNG }, { who: 'worker', signer: 'Wing Wong', signedAt: null, image: null }],
        },
      },
    });
    renderApp({ start: `/d/${TOKEN}`, user: null, language: 'en', handler: () => ({ status: 200, body: report }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Completed report C000001 2026-11-20' })).toBeInTheDocument();
    const sheet = await screen.findByRole('article');
    for (const words of ['Bait stations installed', '20 Nov 2026 10:00–11:30', 'kitchen.png', 'Mr Chan 20 Nov 2026, 11:00 am']) expect(sheet).toHaveTextContent(words);
    expect(within(sheet).getAllByRole('img')).toHaveLength(1);
    expect(screen.getByText('The photos are in the PDF.')).toBeInTheDocument();
  });
});
