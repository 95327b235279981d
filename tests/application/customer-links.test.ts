import { errAsync, okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { CustomerLinkDesk, CustomerResponder } from '../../application/links/CustomerLinkDesk';
import { whatsAppChoices, whatsAppMessage, type CustomerDocumentData, type Words } from '../../application/links/customerLinks';
import type { CustomerLinks } from '../../application/ports/CustomerLinks';
import { CustomerDocumentReply, DocumentLinkMade } from '../../contract/customerLinks';
import en from '../../locales/en/customer.json';
import zh from '../../locales/zh-HK/customer.json';

/** A message of the customer namespace, as i18next fills it in. */
const words =
  (catalogue: Record<string, unknown>): Words =>
  (key, values = {}) => {
    let node: unknown = catalogue;
    for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
    return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };

const page: CustomerDocumentData = CustomerDocumentReply.parse({
  document: {
    kind: 'quotation', number: 'Q-1', date: '2026-11-23', letterhead: null, client: null, items: [], subtotal: 0, discountRateBp: 0, discount: 0, total: 0, terms: [], notes: '', salesperson: null,
    validUntil: '2026-12-22', contract: null, status: 'sent', dueDate: null, orderType: null, paid: null, outstanding: null, voided: false, quotationNumber: null, fpsQrUrl: null, receipt: null, statement: null, serviceReport: null,
  },
  response: null, canRespond: true, refusal: null, pdf: false,
});
const made = DocumentLinkMade.parse({ link: { id: 1, createdAt: '2026-11-23T01:00:00.000Z', createdBy: 'Admin', expiresAt: '2026-12-23T01:00:00.000Z', revokedAt: null, state: 'active', openCount: 0, opens: [] }, path: '/d/x' });

function fakeLinks(calls: unknown[]): CustomerLinks {
  return {
    list: () => okAsync([]),
    make: (document, days) => (calls.push(['make', document, days]), okAsync({ link: made.link, url: 'https://office.test/d/x' })),
    revoke: () => okAsync(made.link),
    accept: (token, name, signature) => (calls.push(['accept', token, name, signature.size]), okAsync(page)),
    decline: (token, reason) => (calls.push(['decline', token, reason]), okAsync(page)),
    downloadPdf: () => errAsync({ code: 'notFound', message: '' }),
  };
}

describe('WhatsApp message of a customer link', () => {
  it('holds the link in Chinese then English, with the document, its number and the company', () => {
    const text = whatsAppMessage({ kind: 'quotation', number: 'Q-2026-001', companyZh: '潔淨公司', companyEn: 'Clean Co' }, 'https://office.test/d/abc', words(zh), words(en));
    expect(text).toBe('潔淨公司：報價單 Q-2026-001。請按此網上查看並接受或拒絕：https://office.test/d/abc\n\nClean Co: Quotation Q-2026-001. View it and accept or decline online: https://office.test/d/abc');
  });

  it('is sent to the number picked or typed, in click-to-chat form; a number that cannot be WhatsApp is refused on the field', () => {
    const desk = new CustomerLinkDesk(fakeLinks([]));
    const url = desk.whatsApp('9123 4567', { kind: 'invoice', number: 'INV-1', companyZh: '', companyEn: 'Clean Co' }, 'https://office.test/d/abc', words(zh), words(en));
    expect(url._unsafeUnwrap()).toMatch(/^https:\/\/wa\.me\/85291234567\?text=/);
    expect(decodeURIComponent(url._unsafeUnwrap().split('text=')[1]!)).toContain('Invoice INV-1');
    expect(desk.whatsApp('123', { kind: 'invoice', number: 'INV-1', companyZh: '', companyEn: '' }, 'u', words(zh), words(en))._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { phone: [{ key: 'customer:whatsapp.phoneInvalid' }] } });
  });

  it('offers the client\'s numbers that can be WhatsApp numbers, each once', () => {
    expect(whatsAppChoices(['9123 4567', '+852 9123 4567', 'ext 12', '6123 4567'])).toEqual(['9123 4567', '6123 4567']);
  });
});

describe('customer-link use-cases', () => {
  it('makes a link for a whole number of days from 1 to 365, refusing anything else on the field', async () => {
    const calls: unknown[] = [];
    const desk = new CustomerLinkDesk(fakeLinks(calls));
    expect((await desk.make({ kind: 'quotation', id: 5 }, ' 30 '))._unsafeUnwrap().url).toBe('https://office.test/d/x');
    for (const bad of ['0', '366', '1.5', 'abc', '']) expect((await desk.make({ kind: 'quotation', id: 5 }, bad))._unsafeUnwrapErr()).toMatchObject({ code: 'invalid', fields: { expiresInDays: [expect.anything()] } });
    expect(calls).toEqual([['make', { kind: 'quotation', id: 5 }, 30]]);
  });

  it('offers a quotation’s or invoice’s links to whoever may change it, the other documents’ to whoever may see them', () => {
    const desk = new CustomerLinkDesk(fakeLinks([]));
    const withPermissions = (permissions: string[]) => ({ id: 1, name: 'x', email: 'x', isAdmin: false, role: { permissions } }) as never;
    expect(desk.offers(withPermissions(['quotation_edit']), 'quotation').links).toBe(true);
    expect(desk.offers(withPermissions(['quotation_view']), 'quotation').links).toBe(false);
    expect(desk.offers(withPermissions(['order_edit']), 'invoice').links).toBe(true);
    expect(desk.offers(null, 'invoice').links).toBe(false);
    expect(desk.offers(withPermissions(['receipt_view']), 'refund').links).toBe(true);
    expect(desk.offers(withPermissions(['appointment_view']), 'serviceReport').links).toBe(true);
    expect(desk.offers(withPermissions(['appointment_view']), 'statement').links).toBe(false);
    expect(desk.offers(withPermissions(['order_view']), 'statement').links).toBe(true);
  });

  it('accepts only with a name and a drawn signature; declines with an optional reason', async () => {
    const calls: unknown[] = [];
    const responder = new CustomerResponder(fakeLinks(calls));
    expect((await responder.accept('tok', '  ', null))._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { name: [{ key: 'customer:answer.nameRequired' }], signature: [{ key: 'customer:answer.signatureRequired' }] },
    });
    expect((await responder.accept('tok', ' Chan Tai Man ', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }))).isOk()).toBe(true);
    expect((await responder.decline('tok', ' Too dear ')).isOk()).toBe(true);
    expect(calls).toEqual([
      ['accept', 'tok', 'Chan Tai Man', 3],
      ['decline', 'tok', 'Too dear'],
    ]);
  });
});
