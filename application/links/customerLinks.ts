import type { OrderType } from '../../domain/orders/order';
import type { ResponseRefusal } from '../../domain/quotations/customerResponse';
import type { QuotationStatus, VisitFrequency } from '../../domain/quotations/quotation';
import type { ServiceReportRecord } from '../../domain/documents/serviceReport';
import type { LinkedDocument } from '../../domain/links/linkedDocuments';
import type { AgeingBucket } from '../../domain/statements/statement';
import { whatsAppUrl } from '../../domain/links/whatsapp';
import type { CustomerResponse, Letterhead } from '../sales/sales';

export type { CustomerResponse, QuotationCustomerResponse } from '../sales/sales';

/** Customer links (docs/security.md): what staff and the customer's page speak in. */

export type { LinkedDocument } from '../../domain/links/linkedDocuments';

/**
 * The document a link is made for, as staff's screens name it: a quotation's, an invoice's, a
 * receipt's or refund's record id; a service report's appointment id and visit `date`; a statement's
 * client id.
 */
export interface LinkRef {
  readonly kind: LinkedDocument;
  readonly id: number;
  readonly date?: string;
}

export interface LinkOpen {
  readonly at: string;
  readonly ip: string | null;
  readonly userAgent: string;
}

/** A document's link as staff see it. */
export interface DocumentLink {
  readonly id: number;
  readonly createdAt: string;
  readonly createdBy: string | null;
  readonly expiresAt: string;
  readonly revokedAt: string | null;
  readonly state: 'active' | 'expired' | 'revoked';
  readonly openCount: number;
  readonly opens: readonly LinkOpen[];
}

/** A link just made, with its full address (shown this once: only its hash is kept). */
export interface MadeLink {
  readonly link: DocumentLink;
  readonly url: string;
}

/** What the customer's page shows of the document: what its printout shows, and no more. */
export interface CustomerDocument {
  readonly kind: LinkedDocument;
  readonly number: string;
  readonly date: string;
  readonly letterhead: Letterhead | null;
  readonly client: { readonly nameEn: string; readonly nameZh: string; readonly address: string; readonly contact: { readonly name: string; readonly phones: readonly string[] } | null } | null;
  readonly items: readonly { readonly descriptionEn: string; readonly descriptionZh: string; readonly quantity: number; readonly unit: string | null; readonly unitPrice: number; readonly lineTotal: number }[];
  readonly subtotal: number;
  readonly discountRateBp: number;
  readonly discount: number;
  readonly total: number;
  readonly terms: readonly { readonly titleEn: string; readonly titleZh: string; readonly bodyEn: string; readonly bodyZh: string }[];
  readonly notes: string;
  readonly salesperson: string | null;
  readonly validUntil: string | null;
  readonly contract: { readonly periodStart: string; readonly periodEnd: string; readonly frequency: VisitFrequency } | null;
  readonly status: QuotationStatus | null;
  readonly dueDate: string | null;
  readonly orderType: OrderType | null;
  readonly paid: number | null;
  readonly outstanding: number | null;
  readonly voided: boolean;
  readonly quotationNumber: string | null;
  readonly fpsQrUrl: string | null;
  /** A receipt's or refund's payment. */
  readonly receipt: CustomerReceipt | null;
  /** A client's statement of account, as of the day the link is opened. */
  readonly statement: CustomerStatement | null;
  /** A visit's completed service report. */
  readonly serviceReport: CustomerServiceReport | null;
}

export interface CustomerReceipt {
  readonly invoiceNumber: string;
  readonly method: string;
  readonly methodName: { readonly nameEn: string; readonly nameZh: string };
  readonly reference: string;
  readonly amount: number;
  readonly reason: string;
  readonly reasonWords: { readonly nameEn: string; readonly nameZh: string } | null;
}

export interface CustomerStatement {
  readonly clientCode: string;
  readonly from: string;
  readonly to: string;
  readonly opening: number;
  readonly entries: readonly { readonly kind: 'invoice' | 'receipt' | 'refund'; readonly number: string; readonly date: string; readonly invoiceNumber: string | null; readonly debit: number; readonly credit: number; readonly balance: number }[];
  readonly closing: number;
  readonly open: readonly { readonly number: string; readonly date: string; readonly dueDate: string; readonly total: number; readonly outstanding: number; readonly daysOverdue: number; readonly bucket: AgeingBucket }[];
  readonly ageing: Readonly<Record<AgeingBucket, number>>;
}

/** A completed service report as the customer's page shows it: the report's record (the one the PDF prints), each signature with its drawing (a PNG data: address) or null. */
export interface CustomerServiceReport extends Omit<ServiceReportRecord, 'signatures'> {
  readonly signatures: readonly (ServiceReportRecord['signatures'][number] & { readonly image: string | null })[];
}

/** The customer's page (/d/{token}): the document, its latest answer, whether it can still be answered (and why not), whether a PDF is offered. */
export interface CustomerDocumentData {
  readonly document: CustomerDocument;
  readonly response: CustomerResponse | null;
  readonly canRespond: boolean;
  readonly refusal: ResponseRefusal | null;
  readonly pdf: boolean;
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    customerDocument: CustomerDocumentData;
  }
}

/* WhatsApp. */

/** A message in one language (the `customer` namespace). */
export type Words = (key: string, values?: Record<string, string>) => string;

/** The numbers a client can be sent a WhatsApp message at: their contacts' phones that are Hong Kong mobiles or international numbers, without repeats. */
export function whatsAppChoices(phones: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const phone of phones) {
    const url = whatsAppUrl(phone, '');
    if (url.isErr()) continue;
    const key = url.value;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(phone.trim());
  }
  return out;
}

/**
 * The bilingual WhatsApp message that carries a document's link: Chinese first, then English, each
 * naming the document and its number, the company, and the address.
 */
export function whatsAppMessage(document: { kind: LinkedDocument; number: string; companyZh: string; companyEn: string }, url: string, zh: Words, en: Words): string {
  const say = (t: Words, company: string) => t(`whatsapp.${document.kind}`, { number: document.number, company, url });
  return `${say(zh, document.companyZh || document.companyEn)}\n\n${say(en, document.companyEn || document.companyZh)}`;
}

/** WhatsApp's click-to-chat address for `phone` with the message; an error when the number cannot be a WhatsApp number. */
export const whatsAppAddress = (phone: string, message: string) => whatsAppUrl(phone, message);
