import type { QuantityHundredths } from '../../domain/money/money';
import type { OrderType, PaymentStatus } from '../../domain/orders/order';
import type { FpsProxy } from '../../domain/payments/fps';
import type { QuotationKind, QuotationStatus, VisitFrequency } from '../../domain/quotations/quotation';
import type { ClientAppointment } from '../appointments/appointment';
import type { Attachment } from '../attachments/attachment';
import type { CustomerOutcome } from '../../domain/quotations/customerResponse';

/** Quotations, orders and receipts as the use-cases and screens hold them (the HTTP adapters read them by the wire contract). */

export interface NamedOption {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
}

export interface ProductOption extends NamedOption {
  readonly code: string;
  readonly unit: string;
  readonly unitPrice: number;
}

/** A value of an option list (Settings → Options) with its words, e.g. a payment method. */
export interface OptionChoice {
  readonly value: string;
  readonly nameEn: string;
  readonly nameZh: string;
}

/** What the quotation and invoice forms offer. */
export interface DocumentOptions {
  readonly branches: readonly NamedOption[];
  readonly salespeople: readonly { readonly id: number; readonly name: string }[];
  readonly products: readonly ProductOption[];
  readonly terms: readonly { readonly id: number; readonly titleEn: string; readonly titleZh: string }[];
}

/** An invoice's options: the document's, and what its receipts and refunds offer. */
export interface InvoiceOptions extends DocumentOptions {
  /** The active payment methods a receipt or refund may take. */
  readonly paymentMethods: readonly OptionChoice[];
  /** The usual reasons for a refund, offered beside the free text. */
  readonly refundReasons: readonly OptionChoice[];
}

/** A client as a document shows it: code, both names, first address and main contact (never the HKID). */
export interface ClientSummary extends NamedOption {
  readonly code: string;
  readonly address: string;
  readonly contact: { readonly name: string; readonly phones: readonly string[] } | null;
}

export interface DocumentItem {
  readonly productId: number | null;
  readonly productCode: string | null;
  readonly descriptionEn: string;
  readonly descriptionZh: string;
  readonly quantity: QuantityHundredths;
  /** The product's unit (a PRODUCT_UNITS value, words in products:unit.*); null without a product. */
  readonly unit: string | null;
  readonly unitPrice: number;
  readonly lineTotal: number;
}

export interface TermText {
  readonly titleEn: string;
  readonly titleZh: string;
  readonly bodyEn: string;
  readonly bodyZh: string;
}

export interface Letterhead {
  readonly nameEn: string;
  readonly nameZh: string;
  readonly addressEn: string;
  readonly addressZh: string;
  readonly branchAddress: string;
  readonly phone: string;
  readonly fax: string;
  readonly email: string;
  readonly website: string;
  readonly brNumber: string;
  readonly logoUrl: string | null;
  readonly chopUrl: string | null;
  /** How the company is paid (its FPS identifier and bank account); null when it has set neither. */
  readonly payment: PaymentDetails | null;
}

/** How a company is paid, as its invoices print it ('' = not given). */
export interface PaymentDetails {
  readonly fps: FpsProxy | null;
  readonly bankName: string;
  readonly accountName: string;
  readonly accountNumber: string;
}

interface DocumentHeader {
  readonly id: number;
  readonly number: string;
  readonly date: string;
  readonly client: ClientSummary | null;
  readonly clientId: number;
  readonly branchId: number | null;
  readonly salespersonId: number | null;
  readonly salesperson: string | null;
  readonly discountRateBp: number;
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly terms: readonly TermText[];
  readonly notes: string;
  readonly items: readonly DocumentItem[];
  readonly letterhead: Letterhead | null;
  readonly version: number;
}

/** A customer's answer to a quotation through its link. */
export interface CustomerResponse {
  readonly outcome: CustomerOutcome;
  readonly name: string;
  readonly signature: string | null;
  readonly reason: string;
  readonly at: string;
}

/** The answer as staff see it, with the address it came from. */
export interface QuotationCustomerResponse extends CustomerResponse {
  readonly ip: string | null;
}

export interface Quotation extends DocumentHeader {
  readonly kind: QuotationKind;
  readonly validDays: number;
  readonly validUntil: string;
  readonly status: QuotationStatus;
  readonly contract: { readonly periodStart: string; readonly periodEnd: string; readonly frequency: VisitFrequency } | null;
  readonly order: { readonly id: number; readonly number: string } | null;
  /** The customer's latest answer through a customer link. */
  readonly customerResponse?: QuotationCustomerResponse | null;
}

export interface Receipt {
  readonly id: number;
  readonly number: string;
  readonly kind: 'receipt' | 'refund';
  readonly date: string;
  /** A payment method's code (Settings → Options). */
  readonly method: string;
  /** Its words in both languages; empty when the server gave none. */
  readonly methodName: { readonly nameEn: string; readonly nameZh: string };
  readonly reference: string;
  readonly amount: number;
  readonly reason: string;
  readonly bankedIn: boolean;
  /** 'bank-in' while a cash or cheque receipt waits to be banked in. */
  readonly action: 'bank-in' | null;
  readonly order: { readonly id: number; readonly number: string };
  readonly client: NamedOption;
  readonly staff: string | null;
}

export interface Order extends DocumentHeader {
  readonly type: OrderType;
  readonly dueDate: string;
  readonly paid: number;
  readonly outstanding: number;
  readonly status: PaymentStatus;
  readonly overdue: boolean;
  readonly voided: boolean;
  /** The address of its FPS QR code image for what is still owed (given by the server); null when it has none. */
  readonly fpsQrUrl: string | null;
  readonly voidReason: string;
  readonly voidedBy: string | null;
  readonly quotation: { readonly id: number; readonly number: string; readonly kind: QuotationKind } | null;
  readonly receipts: readonly Receipt[];
}

export interface QuotationRow {
  readonly id: number;
  readonly number: string;
  readonly kind: QuotationKind;
  readonly date: string;
  readonly validUntil: string;
  readonly status: QuotationStatus;
  readonly total: number;
  readonly orderId: number | null;
  readonly client: NamedOption;
  readonly salesperson: string | null;
}

export interface OrderRow {
  readonly id: number;
  readonly number: string;
  readonly type: OrderType;
  readonly date: string;
  readonly dueDate: string;
  readonly total: number;
  readonly paid: number;
  readonly outstanding: number;
  readonly status: PaymentStatus;
  readonly overdue: boolean;
  readonly client: NamedOption;
  readonly salesperson: string | null;
}

/* The list screens' data: a page of rows, the page's place, the sums, and what the filters offer. */

interface ListPage<Row> {
  readonly items: readonly Row[];
  readonly page: number;
  readonly perPage: number;
  /** Rows matching the filters, on every page. */
  readonly total: number;
}

/** /quotations. */
export interface QuotationListData extends ListPage<QuotationRow> {
  readonly options: DocumentOptions;
}

/** /orders/order and /reminders/outstanding; `outstandingTotal` sums every matching row. */
export interface OrderListData extends ListPage<OrderRow> {
  readonly outstandingTotal: number;
  readonly options: DocumentOptions;
}

/** /orders/receipt and /reminders/bank-in; `netAmount` is receipts less refunds of every matching row. */
export interface ReceiptListData extends ListPage<Receipt> {
  readonly netAmount: number;
  readonly options: {
    readonly branches: readonly NamedOption[];
    readonly staff: readonly { readonly id: number; readonly name: string }[];
    /** Every payment method, active or not (Settings → Options), to filter by. */
    readonly paymentMethods: readonly OptionChoice[];
  };
}

/* What each screen of a document receives from its route (read by the wire contract). */

export interface QuotationDefaults {
  readonly kind: QuotationKind;
  readonly date: string;
  readonly validDays: number;
  readonly branchId: number | null;
  readonly salespersonId: number | null;
}

/** /quotations/{tab}/{id} (a quotation) or /quotations/basic/create (a new one, perhaps for a client). */
export type QuotationScreenData =
  | { readonly quotation: Quotation; readonly tab: QuotationKind; readonly options: DocumentOptions }
  | { readonly quotation: null; readonly options: DocumentOptions; readonly defaults: QuotationDefaults; readonly client: ClientSummary | null };

export interface OrderDefaults {
  readonly type: OrderType;
  readonly date: string;
  readonly dueDate: string;
  /** The due date follows the date by these days until the user sets it. */
  readonly paymentTermsDays: number;
  readonly branchId: number | null;
  readonly salespersonId: number | null;
}

/**
 * /orders/order/{tab}/{id} (an invoice, its files, and its appointments — rows of that area, read by
 * its own panel) or /orders/order/invoice/create (a new one, perhaps for a client or an appointment).
 */
export type OrderScreenData =
  | { readonly order: Order; readonly options: InvoiceOptions; readonly attachments: readonly Attachment[]; readonly appointments: readonly ClientAppointment[] | null }
  | { readonly order: null; readonly options: DocumentOptions; readonly defaults: OrderDefaults; readonly appointmentId: number | null; readonly client: ClientSummary | null };

/** What the forms send. */
export interface LineInput {
  readonly productId: number | null;
  readonly descriptionEn: string;
  readonly descriptionZh: string;
  readonly quantity: QuantityHundredths;
  readonly unitPrice: number;
}

/** What quotations and orders share of what the API takes (the shared fields of the form, read). */
export interface DocumentInput {
  readonly date: string;
  readonly clientId: number;
  readonly branchId: number | null;
  readonly salespersonId: number | null;
  readonly discountRateBp: number;
  readonly items: readonly LineInput[];
  readonly termIds: readonly number[];
  readonly notes: string;
}

export interface QuotationInput extends DocumentInput {
  readonly kind: QuotationKind;
  readonly validDays: number;
  readonly contract: { readonly periodStart: string; readonly periodEnd: string; readonly frequency: VisitFrequency } | null;
}

export interface OrderInput extends DocumentInput {
  readonly type: OrderType;
  readonly dueDate: string | null;
}

export interface OrderCreateInput extends OrderInput {
  /** The appointment the invoice is made from (its invoice tab), linked to it. */
  readonly appointmentId: number | null;
}

/** The statuses a person may move a quotation to. */
export type QuotationMove = 'draft' | 'sent' | 'accepted' | 'rejected';

export interface PaymentInput {
  readonly kind: 'receipt' | 'refund';
  readonly date: string;
  /** One of the invoice's `paymentMethods`. */
  readonly method: string;
  readonly reference: string;
  readonly amount: number;
  readonly reason: string;
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    quotations: QuotationListData;
    quotation: QuotationScreenData;
    orders: OrderListData;
    order: OrderScreenData;
    receipts: ReceiptListData;
  }
}
