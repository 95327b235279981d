import { PAYMENT_METHODS } from '../orders/receipts';
import type { FpsProxy } from '../payments/fps';
import { dateRangeText, dateText } from '../time/format';

/**
 * What a printed document shows — a quotation, an invoice, a receipt or a refund — one model for
 * the browser's print view (presentation/screens/sales/DocumentSheet.tsx) and the server's PDF
 * (server/documents/), so the two cannot disagree. Pure: the words are message keys of the `sales`
 * namespace (`print.*`) or come through a translate function of one language; the pictures (logo,
 * chop, FPS QR code) are the addresses the records carry. A statement of account is another kind,
 * built in ./statementDocument.ts (its words in the `statements` namespace, `print.*`).
 *
 * Dates are kept as `YYYY-MM-DD` (a moment as ISO 8601) and written in each printed language by
 * domain/time/format.ts — 2026年12月9日 in Chinese, 9 Dec 2026 in English — by the renderers (the
 * document's date, the acceptance) and by the facts and cells that hold one.
 */

/** A language a document is written in, and the choice of the print view and the PDF (both: side by side, Chinese first). */
export type DocumentLanguage = 'zh-HK' | 'en';
export type PrintLanguage = DocumentLanguage | 'both';
export const PRINT_LANGUAGES: readonly PrintLanguage[] = ['zh-HK', 'en', 'both'];

/** The languages a choice prints in, Chinese first. */
export const printedLanguages = (language: PrintLanguage): readonly DocumentLanguage[] => (language === 'both' ? ['zh-HK', 'en'] : [language]);

/** A message of the `sales` namespace in one language. */
export type Translate = (key: string) => string;

export type PrintableKind = 'quotation' | 'invoice' | 'receipt' | 'refund' | 'statement';

export interface DocumentLetterhead {
  readonly nameEn: string;
  readonly nameZh: string;
  readonly addressEn: string;
  readonly addressZh: string;
  readonly phone: string;
  readonly fax: string;
  readonly email: string;
  readonly website: string;
  readonly brNumber: string;
  /** The stored logo's and chop's addresses (GET), or null. */
  readonly logoUrl: string | null;
  readonly chopUrl: string | null;
  /** How the company is paid; null when it has set neither an FPS identifier nor a bank account. */
  readonly payment?: { readonly fps: FpsProxy | null; readonly bankName: string; readonly accountName: string; readonly accountNumber: string } | null;
}

/** A client as a document shows it: both names, first address and main contact (never the HKID). */
export interface DocumentClient {
  readonly nameEn: string;
  readonly nameZh: string;
  readonly address: string;
  readonly contact: { readonly name: string; readonly phones: readonly string[] } | null;
}

export interface DocumentLine {
  readonly descriptionEn: string;
  readonly descriptionZh: string;
  /** Hundredths of a unit. */
  readonly quantity: number;
  /** A PRODUCT_UNITS value (words in products:unit.*), or null for a line without a product. */
  readonly unit: string | null;
  readonly unitPrice: number;
  readonly lineTotal: number;
}

export interface DocumentTerm {
  readonly titleEn: string;
  readonly titleZh: string;
  readonly bodyEn: string;
  readonly bodyZh: string;
}

/** How to pay an invoice: the FPS identifier with its QR code's address, and the bank account ('' = not given). */
export interface DocumentPayment {
  readonly fps: FpsProxy | null;
  readonly qrImage: string | null;
  readonly bankName: string;
  readonly accountName: string;
  readonly accountNumber: string;
}

/** A fact under the title: a message key of `print.` and its value in one language. */
export interface DocumentFact {
  readonly label: string;
  readonly value: (t: Translate, language: DocumentLanguage) => string;
}

/** A cell of a document's table: the same text in every language, or words made in each language (a date, a kind of entry). */
export type DocumentCell = string | ((t: Translate, language: DocumentLanguage) => string);

/**
 * A table of a document beyond its lines (a statement's entries, ageing and invoices owed): its
 * title and column headings (message keys of `print.`), and each row's cells. The print view and the
 * PDF draw it alike.
 */
export interface DocumentTable {
  readonly title: string;
  readonly columns: readonly { readonly label: string; readonly align?: 'left' | 'right' }[];
  readonly rows: readonly (readonly DocumentCell[])[];
  /** What stands instead of the rows when there are none (a message key of `print.`). */
  readonly empty?: string;
}

/** The words of a cell in one language. */
export const cellText = (cell: DocumentCell, t: Translate, language: DocumentLanguage): string => (typeof cell === 'string' ? cell : cell(t, language));

/** A cell holding a day (`YYYY-MM-DD`), written in each language's way. */
export const dateCell = (date: string): DocumentCell => (_t, language) => dateText(date, language);

/** What a printed quotation, invoice, receipt, refund or statement shows. The HKID is never part of it. */
export interface PrintableDocument {
  readonly kind: PrintableKind;
  readonly number: string;
  /** `YYYY-MM-DD`: the renderers write it in each printed language (dateText). */
  readonly date: string;
  readonly letterhead: DocumentLetterhead | null;
  readonly client: DocumentClient | null;
  readonly facts: readonly DocumentFact[];
  readonly items?: readonly DocumentLine[];
  readonly figures?: { readonly subtotal: number; readonly discountRateBp: number; readonly discount: number; readonly total: number; readonly paid?: number; readonly outstanding?: number };
  readonly amount?: number;
  /** A statement's balances (a message key of `print.` and cents each; the strong one is what is owed). */
  readonly balances?: readonly { readonly label: string; readonly amount: number; readonly strong?: boolean }[];
  /** Tables after the lines and totals (a statement's entries, ageing and invoices owed). */
  readonly tables?: readonly DocumentTable[];
  /** False: no room for the client's signature and the chop (a statement). */
  readonly signed?: boolean;
  readonly terms: readonly DocumentTerm[];
  readonly notes: string;
  readonly voided?: boolean;
  /** How to pay an invoice: the bank account and the FPS QR code for what is still owed. */
  readonly payment?: DocumentPayment | null;
  /** A quotation accepted online through its customer link: who signed, when (ISO 8601; the renderers write it in each language), the drawn signature (a data: address). */
  readonly acceptance?: { readonly name: string; readonly at: string; readonly signature: string | null } | null;
}

/** The letterhead's line of ways to reach the company ("Tel … · Fax … · e-mail · site · BR …"). */
export function letterheadContacts(head: DocumentLetterhead): string {
  return [head.phone && `Tel ${head.phone}`, head.fax && `Fax ${head.fax}`, head.email, head.website, head.brNumber && `BR ${head.brNumber}`].filter(Boolean).join(' · ');
}

/** A name kept in both languages, in one language (the other one when it is empty). */
export function nameIn(value: { readonly nameEn: string; readonly nameZh: string }, language: string): string {
  return language === 'en' ? value.nameEn || value.nameZh : value.nameZh || value.nameEn;
}

/** A value of an option list (Settings → Options) with its words. */
export interface DocumentOption {
  readonly value: string;
  readonly nameEn: string;
  readonly nameZh: string;
}

/**
 * A receipt's payment method in words, in one language: its option's words as the server gave them
 * (Settings → Options), else the built-in words of the four seeded methods, else its code.
 */
export function methodWords(receipt: { readonly method: string; readonly methodName: { readonly nameEn: string; readonly nameZh: string } }, t: Translate, language: string): string {
  const named = nameIn(receipt.methodName, language);
  if (named) return named;
  return (PAYMENT_METHODS as readonly string[]).includes(receipt.method) ? t(`method.${receipt.method}`) : receipt.method;
}

/**
 * A refund's reason in the document's language: a usual reason (Settings → Options) was filled in
 * the words of whoever recorded it, so it prints in the sheet's language; any other reason as typed.
 */
export function reasonIn(reason: string, reasons: readonly DocumentOption[], language: DocumentLanguage): string {
  const preset = reasons.find((o) => o.nameEn === reason || o.nameZh === reason || o.value === reason);
  if (!preset) return reason;
  return (language === 'en' ? preset.nameEn : preset.nameZh) || reason;
}

/** What quotations and invoices share, as their records hold it. */
interface SalesRecord {
  readonly number: string;
  readonly date: string;
  readonly letterhead: DocumentLetterhead | null;
  readonly client: DocumentClient | null;
  readonly items: readonly DocumentLine[];
  readonly subtotal: number;
  readonly discountRateBp: number;
  readonly discount: number;
  readonly total: number;
  readonly terms: readonly DocumentTerm[];
  readonly notes: string;
}

export interface QuotationRecord extends SalesRecord {
  readonly validUntil: string;
  /** The customer's answer through the quotation's link, if any. */
  readonly customerResponse?: { readonly outcome: string; readonly name: string; readonly at: string; readonly signature: string | null } | null;
  readonly salesperson: string | null;
  readonly contract: { readonly periodStart: string; readonly periodEnd: string; readonly frequency: string } | null;
}

export function quotationDocument(q: QuotationRecord): PrintableDocument {
  return {
    kind: 'quotation',
    number: q.number,
    date: q.date,
    letterhead: q.letterhead,
    client: q.client,
    facts: [
      { label: 'validUntil', value: (_t: Translate, language: DocumentLanguage) => dateText(q.validUntil, language) },
      ...(q.contract
        ? [
            { label: 'period', value: (_t: Translate, language: DocumentLanguage) => dateRangeText(q.contract!.periodStart, q.contract!.periodEnd, language) },
            { label: 'frequency', value: (t: Translate) => t(`frequency.${q.contract!.frequency}`) },
          ]
        : []),
      ...(q.salesperson ? [{ label: 'salesperson', value: () => q.salesperson ?? '' }] : []),
    ],
    items: q.items,
    figures: { subtotal: q.subtotal, discountRateBp: q.discountRateBp, discount: q.discount, total: q.total },
    terms: q.terms,
    notes: q.notes,
    acceptance: q.customerResponse?.outcome === 'accepted' ? { name: q.customerResponse.name, at: q.customerResponse.at, signature: q.customerResponse.signature } : null,
  };
}

export interface InvoiceRecord extends SalesRecord {
  readonly dueDate: string;
  readonly type: string;
  readonly quotation: { readonly number: string } | null;
  readonly paid: number;
  readonly outstanding: number;
  readonly voided: boolean;
  /** The address of its FPS QR code image for what is still owed; null when it has none. */
  readonly fpsQrUrl: string | null;
}

/**
 * How to pay an invoice (the bank account and the FPS QR code), by its company's payment details;
 * null when it has none, or the invoice is void or owes nothing.
 */
export function invoicePayment(order: Pick<InvoiceRecord, 'letterhead' | 'voided' | 'outstanding' | 'fpsQrUrl'>): DocumentPayment | null {
  const details = order.letterhead?.payment ?? null;
  if (!details || order.voided || order.outstanding <= 0) return null;
  return { fps: details.fps, qrImage: order.fpsQrUrl, bankName: details.bankName, accountName: details.accountName, accountNumber: details.accountNumber };
}

/** An invoice, with how to pay it (`payment`: bank account and FPS QR code, or null). */
export function invoiceDocument(o: InvoiceRecord, payment: DocumentPayment | null = null): PrintableDocument {
  return {
    kind: 'invoice',
    number: o.number,
    date: o.date,
    letterhead: o.letterhead,
    client: o.client,
    facts: [
      { label: 'dueDate', value: (_t, language) => dateText(o.dueDate, language) },
      { label: 'orderType', value: (t) => t(`orderType.${o.type}`) },
      ...(o.quotation ? [{ label: 'quotation', value: () => o.quotation?.number ?? '' }] : []),
    ],
    items: o.items,
    figures: { subtotal: o.subtotal, discountRateBp: o.discountRateBp, discount: o.discount, total: o.total, paid: o.paid, outstanding: o.outstanding },
    terms: o.terms,
    notes: o.notes,
    voided: o.voided,
    payment,
  };
}

export interface ReceiptRecord {
  readonly kind: 'receipt' | 'refund';
  readonly number: string;
  readonly date: string;
  readonly method: string;
  readonly methodName: { readonly nameEn: string; readonly nameZh: string };
  readonly reference: string;
  readonly amount: number;
  readonly reason: string;
  readonly order: { readonly number: string };
}

export function receiptDocument(r: ReceiptRecord, context: { letterhead: DocumentLetterhead | null; client: DocumentClient | null }, refundReasons: readonly DocumentOption[] = []): PrintableDocument {
  return {
    kind: r.kind,
    number: r.number,
    date: r.date,
    letterhead: context.letterhead,
    client: context.client,
    facts: [
      { label: 'invoice', value: () => r.order.number },
      { label: 'method', value: (t, language) => methodWords(r, t, language) },
      ...(r.reference ? [{ label: 'reference', value: () => r.reference }] : []),
      ...(r.kind === 'refund' && r.reason ? [{ label: 'reason', value: (_t: Translate, language: DocumentLanguage) => reasonIn(r.reason, refundReasons, language) }] : []),
    ],
    amount: r.amount,
    terms: [],
    notes: '',
  };
}

/** An amount in Hong Kong dollars as a printed document writes it (HK$1,234.50, whatever its language). */
export function documentMoney(cents: number): string {
  return new Intl.NumberFormat('en-HK', { style: 'currency', currency: 'HKD', currencyDisplay: 'symbol' }).format(cents / 100);
}

/** A discount rate in basis points as a printed document writes it (550 → 5.5%). */
export function documentRate(bp: number): string {
  return new Intl.NumberFormat('en-HK', { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}
