/**
 * The wire of the money flow: quotations, orders (invoices), receipts and refunds — every reply the
 * server's sales routes send and every body the browser sends them (server/routes/sales, the order
 * and quotation screens). The server checks its replies against these; the browser's HTTP adapters
 * (infrastructure/http/sales) decode with them; the test fixtures are made through them.
 */
import * as z from 'zod/mini';
import { TERM_SCOPES } from '../domain/documents/terms';
import { ORDER_TYPES, type PaymentStatus, type VoidError } from '../domain/orders/order';
import { FPS_PROXY_TYPES } from '../domain/payments/fps';
import type { ReceiptError } from '../domain/orders/receipts';
import { CUSTOMER_OUTCOMES } from '../domain/quotations/customerResponse';
import { QUOTATION_STATUSES, VISIT_FREQUENCIES, type ContractTerms, type QuotationKind } from '../domain/quotations/quotation';
import { ClientAppointmentRow } from './appointments';
import { Attachment } from './attachments';
import { Cents, codedName, Id, IsoDateText, listPage, TermWords, Timestamp, Version } from './common';

/* The domain's words, as enums of the wire (each checked against the domain's own type below). */

export const QUOTATION_KINDS = ['basic', 'contract'] as const satisfies readonly QuotationKind[];
export const PAYMENT_STATUSES = ['paid', 'partial', 'outstanding', 'void'] as const satisfies readonly PaymentStatus[];
export const RECEIPT_KINDS = ['receipt', 'refund'] as const;
/** The statuses a person may move a quotation to ('expired' is the calendar's doing). */
export const QUOTATION_MOVES = ['draft', 'sent', 'accepted', 'rejected'] as const;
export const VOID_REFUSALS = ['orderAlreadyVoid', 'orderHasPayments', 'orderNotVoid', 'voidReasonRequired'] as const satisfies readonly VoidError['code'][];
export const RECEIPT_REFUSALS = ['amountNotPositive', 'orderVoid', 'receiptExceedsOrderTotal', 'refundExceedsReceived'] as const satisfies readonly ReceiptError['code'][];

export const QuotationKindSchema = z.enum(QUOTATION_KINDS);
export const QuotationStatusSchema = z.enum(QUOTATION_STATUSES);
export const OrderTypeSchema = z.enum(ORDER_TYPES);
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const ReceiptKindSchema = z.enum(RECEIPT_KINDS);

/* Pieces shared by the documents. */

export const NamedOption = z.object({ id: Id, nameEn: z.string(), nameZh: z.string() });
export type NamedOption = z.infer<typeof NamedOption>;

/** A value of an option list (Settings → Options) with its words, e.g. a payment method. */
export const OptionChoice = z.object({ value: z.string(), nameEn: z.string(), nameZh: z.string() });
export type OptionChoice = z.infer<typeof OptionChoice>;

export const ProductOption = z.object({ ...codedName, unit: z.string(), unitPrice: Cents });
export const PersonOption = z.object({ id: Id, name: z.string() });
export const TermOption = z.object({ id: Id, titleEn: z.string(), titleZh: z.string() });

/** What the quotation and invoice forms offer: branches, active salespeople and products, terms. */
export const DocumentOptions = z.object({
  branches: z.array(NamedOption),
  salespeople: z.array(PersonOption),
  products: z.array(ProductOption),
  terms: z.array(TermOption),
});
export type DocumentOptions = z.infer<typeof DocumentOptions>;

/** An invoice's options add the active payment methods and the usual refund reasons. */
export const InvoiceOptions = z.extend(DocumentOptions, { paymentMethods: z.array(OptionChoice), refundReasons: z.array(OptionChoice) });
export type InvoiceOptions = z.infer<typeof InvoiceOptions>;

/** A client as a document shows it: code, both names, first address and main contact (never the HKID). */
export const ClientSummary = z.object({
  ...codedName,
  address: z.string(),
  contact: z.nullable(z.object({ name: z.string(), phones: z.array(z.string()) })),
});
export type ClientSummary = z.infer<typeof ClientSummary>;

/** One line of a document: quantity in hundredths, money in cents; the product's unit, if any. */
export const DocumentItem = z.object({
  id: Id,
  productId: z.nullable(Id),
  productCode: z.nullable(z.string()),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  quantity: z.int(),
  unit: z.nullable(z.string()),
  unitPrice: Cents,
  lineTotal: Cents,
});
export type DocumentItem = z.infer<typeof DocumentItem>;

/** A term as the document keeps its copy (older copies have no `appliesTo`). */
export const TermText = z.extend(TermWords, { appliesTo: z.optional(z.enum(TERM_SCOPES)) });
export type TermText = z.infer<typeof TermText>;

/** How the company is paid, as its invoices print it: its FPS identifier (null: none) and its bank account ('' = not given). */
export const PaymentDetails = z.object({
  fps: z.nullable(z.object({ type: z.enum(FPS_PROXY_TYPES), value: z.string() })),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
});
export type PaymentDetails = z.infer<typeof PaymentDetails>;

/** The company (and branch) a document prints under. */
export const Letterhead = z.object({
  nameEn: z.string(),
  nameZh: z.string(),
  addressEn: z.string(),
  addressZh: z.string(),
  branchAddress: z.string(),
  phone: z.string(),
  fax: z.string(),
  website: z.string(),
  email: z.string(),
  brNumber: z.string(),
  logoUrl: z.nullable(z.string()),
  chopUrl: z.nullable(z.string()),
  /** Null when the company has set neither an FPS identifier nor a bank account. */
  payment: z.nullable(PaymentDetails),
});
export type Letterhead = z.infer<typeof Letterhead>;

export const ContractSchema = z.object({ periodStart: IsoDateText, periodEnd: IsoDateText, frequency: z.enum(VISIT_FREQUENCIES) });

/** A document as lists and other documents name it: its id and number. */
const numbered = { id: Id, number: z.string() };

const documentHeader = {
  ...numbered,
  date: IsoDateText,
  client: z.nullable(ClientSummary),
  clientId: Id,
  branchId: z.nullable(Id),
  salespersonId: z.nullable(Id),
  salesperson: z.nullable(z.string()),
  discountRateBp: z.int(),
  subtotal: Cents,
  discount: Cents,
  total: Cents,
  terms: z.array(TermText),
  notes: z.string(),
  items: z.array(DocumentItem),
  letterhead: z.nullable(Letterhead),
  version: Version,
};

/* Quotations. */

/** A customer's answer to a quotation through its customer link (contract/customerLinks.ts). */
export const CustomerResponse = z.object({
  outcome: z.enum(CUSTOMER_OUTCOMES),
  name: z.string(),
  /** The drawn signature (a PNG data: address); null when declined. */
  signature: z.nullable(z.string()),
  reason: z.string(),
  at: Timestamp,
});
export type CustomerResponse = z.infer<typeof CustomerResponse>;

/** The answer as staff see it on the quotation: with the address it came from. */
export const QuotationCustomerResponse = z.extend(CustomerResponse, { ip: z.nullable(z.string()) });
export type QuotationCustomerResponse = z.infer<typeof QuotationCustomerResponse>;

export const Quotation = z.object({
  ...documentHeader,
  kind: QuotationKindSchema,
  validDays: z.int(),
  validUntil: IsoDateText,
  /** As shown today: a draft or sent one past its validity reads 'expired'. */
  status: QuotationStatusSchema,
  /** As kept (what the edit and delete rules look at). */
  storedStatus: QuotationStatusSchema,
  contract: z.nullable(ContractSchema),
  order: z.nullable(z.object(numbered)),
  /** The customer's latest answer through a customer link. */
  customerResponse: z.optional(z.nullable(QuotationCustomerResponse)),
});
export type Quotation = z.infer<typeof Quotation>;

/** A quotation as lists show it (the quotations list, a client's quotation tab). */
export const QuotationRow = z.object({
  ...numbered,
  kind: QuotationKindSchema,
  date: IsoDateText,
  validUntil: IsoDateText,
  status: QuotationStatusSchema,
  total: Cents,
  orderId: z.nullable(Id),
  client: NamedOption,
  salesperson: z.nullable(z.string()),
});
export type QuotationRow = z.infer<typeof QuotationRow>;

/* Receipts and refunds. */

export const Receipt = z.object({
  ...numbered,
  kind: ReceiptKindSchema,
  date: IsoDateText,
  /** A payment method's code (Settings → Options). */
  method: z.string(),
  /** Its words in both languages. */
  methodName: z.object({ nameEn: z.string(), nameZh: z.string() }),
  reference: z.string(),
  amount: Cents,
  reason: z.string(),
  bankedIn: z.boolean(),
  bankedInAt: z.nullable(Timestamp),
  /** 'bank-in' while a cash or cheque receipt waits to be banked in. */
  action: z.nullable(z.literal('bank-in')),
  order: z.object(numbered),
  client: NamedOption,
  staff: z.nullable(z.string()),
});
export type Receipt = z.infer<typeof Receipt>;

/* Orders (invoices). */

export const Order = z.object({
  ...documentHeader,
  type: OrderTypeSchema,
  dueDate: IsoDateText,
  paid: Cents,
  /** The domain's paymentStatus, outstandingAmount and isOverdue, worked out by the server. */
  status: PaymentStatusSchema,
  outstanding: Cents,
  overdue: z.boolean(),
  voided: z.boolean(),
  /** The address of its FPS QR code image for what is still owed (GET /api/orders/{id}/fps-qr.png…); null when it has none. */
  fpsQrUrl: z.nullable(z.string()),
  voidReason: z.string(),
  voidedAt: z.nullable(Timestamp),
  voidedBy: z.nullable(z.string()),
  quotation: z.nullable(z.object({ ...numbered, kind: QuotationKindSchema })),
  receipts: z.array(Receipt),
});
export type Order = z.infer<typeof Order>;

/** An order as lists show it (the orders list, the outstanding reminder, a client's order tab). */
export const OrderRow = z.object({
  ...numbered,
  type: OrderTypeSchema,
  date: IsoDateText,
  dueDate: IsoDateText,
  total: Cents,
  paid: Cents,
  voided: z.boolean(),
  status: PaymentStatusSchema,
  outstanding: Cents,
  overdue: z.boolean(),
  client: NamedOption,
  salesperson: z.nullable(z.string()),
});
export type OrderRow = z.infer<typeof OrderRow>;

/* Replies, endpoint by endpoint. */

/** GET /api/quotations (JSON; `format=csv` is a file). */
export const QuotationList = listPage(QuotationRow, { options: DocumentOptions });
/** GET /api/quotations/create: the new quotation form's options and defaults. */
export const NewQuotationPage = z.object({
  options: DocumentOptions,
  defaults: z.object({ kind: QuotationKindSchema, date: IsoDateText, validDays: z.int(), branchId: z.nullable(Id), salespersonId: z.nullable(Id) }),
  client: z.nullable(ClientSummary),
});
/** GET /api/quotations/{id}. */
export const QuotationPage = z.object({ quotation: Quotation, tab: QuotationKindSchema, options: DocumentOptions });
/** POST /api/quotations (201), PUT /api/quotations/{id}, POST /api/quotations/{id}/status. */
export const QuotationReply = z.object({ quotation: Quotation });
/** POST /api/quotations/{id}/convert (201): the new order's id and the quotation now linked to it. */
export const ConvertReply = z.object({ orderId: Id, quotation: Quotation });
/** DELETE /api/quotations/{id}. */
export const DeletedReply = z.object({ deleted: z.literal(true) });

/** GET /api/orders (JSON; `format=csv` is a file); `outstandingTotal` sums every matching row. */
export const OrderList = listPage(OrderRow, { outstandingTotal: Cents, options: DocumentOptions });
/** GET /api/orders/create: the new invoice form's options and defaults (the due date follows the date by `paymentTermsDays`). */
export const NewOrderPage = z.object({
  options: DocumentOptions,
  appointmentId: z.nullable(Id),
  defaults: z.object({
    type: OrderTypeSchema,
    date: IsoDateText,
    dueDate: IsoDateText,
    paymentTermsDays: z.int(),
    branchId: z.nullable(Id),
    salespersonId: z.nullable(Id),
  }),
  client: z.nullable(ClientSummary),
});
/**
 * GET /api/orders/{id}. `attachments` are the invoice's files (contract/attachments.ts); `appointments`
 * the appointments area's rows (contract/appointments.ts), null for a user without appointment_view.
 */
export const OrderPage = z.object({ order: Order, attachments: z.array(Attachment), appointments: z.nullable(z.array(ClientAppointmentRow)), options: InvoiceOptions });
/** POST /api/orders (201), PUT /api/orders/{id}, POST /api/orders/{id}/void and /unvoid. */
export const OrderReply = z.object({ order: Order });
/** POST /api/orders/{id}/receipts (201): the new receipt's id and the order with its new figures. */
export const PaymentReply = z.object({ receiptId: Id, order: Order });

/** GET /api/receipts (JSON; `format=csv` is a file); `netAmount` is receipts less refunds of every matching row. */
export const ReceiptList = listPage(Receipt, {
  netAmount: Cents,
  options: z.object({ branches: z.array(NamedOption), staff: z.array(PersonOption), paymentMethods: z.array(OptionChoice) }),
});
/** GET /api/receipts/{id}: one receipt or refund with what its printed copy needs. */
export const ReceiptPage = z.object({ receipt: z.extend(Receipt, { client: z.nullable(ClientSummary) }), letterhead: z.nullable(Letterhead) });
/** POST /api/receipts/{id}/bank-in. */
export const BankedReply = z.object({ banked: z.literal(true) });

/** GET /api/clients?q=… as the document forms' client picker reads it: each match's id and names. */
export const ClientMatches = z.object({ items: z.array(NamedOption) });

/* Refusals with a domain code (422), beside the plain field messages. */

/** A receipt or refund the domain's rule refuses, with the most that could be taken. */
export const ReceiptRefusal = z.object({ message: z.string(), code: z.enum(RECEIPT_REFUSALS), maxCents: Cents, errors: z.object({ amount: z.array(z.string()) }) });
/** A void or unvoid the domain's rule refuses. */
export const VoidRefusal = z.object({
  message: z.string(),
  code: z.enum(VOID_REFUSALS),
  errors: z.object({ reason: z.array(z.string()) }),
});

/* Request bodies, as the browser sends them (the server's own schemas add limits and messages). */

export const LineInput = z.object({ productId: z.nullable(Id), descriptionEn: z.string(), descriptionZh: z.string(), quantity: z.int(), unitPrice: Cents });
export type LineInput = z.infer<typeof LineInput>;

const documentInput = {
  date: IsoDateText,
  clientId: Id,
  branchId: z.nullable(Id),
  salespersonId: z.nullable(Id),
  discountRateBp: z.int(),
  items: z.array(LineInput),
  termIds: z.array(Id),
  notes: z.string(),
};

/** POST /api/quotations. */
export const QuotationInput = z.object({ ...documentInput, kind: QuotationKindSchema, validDays: z.int(), contract: z.nullable(ContractSchema) });
export type QuotationInput = z.infer<typeof QuotationInput>;
/** PUT /api/quotations/{id}. */
export const QuotationUpdate = z.extend(QuotationInput, { version: Version });
/** POST /api/quotations/{id}/status. */
export const QuotationMove = z.object({ status: z.enum(QUOTATION_MOVES), version: Version });
/** POST /api/quotations/{id}/convert. */
export const VersionInput = z.object({ version: Version });

/** The fields of an invoice the form sends; `dueDate` null takes the payment terms. */
export const OrderInput = z.object({ ...documentInput, type: OrderTypeSchema, dueDate: z.nullable(IsoDateText) });
export type OrderInput = z.infer<typeof OrderInput>;
/** POST /api/orders: made from an appointment's invoice tab, linked to that appointment. */
export const OrderCreate = z.extend(OrderInput, { appointmentId: z.nullable(Id) });
/** PUT /api/orders/{id}. */
export const OrderUpdate = z.extend(OrderInput, { version: Version });
/** POST /api/orders/{id}/void and /unvoid. */
export const VoidInput = z.object({ reason: z.string(), version: Version });
/** POST /api/orders/{id}/receipts. */
export const PaymentInput = z.object({ kind: ReceiptKindSchema, date: IsoDateText, method: z.string(), reference: z.string(), amount: Cents, reason: z.string() });
export type PaymentInput = z.infer<typeof PaymentInput>;

/* The wire and the domain cannot drift: each enum above is exactly the domain's type. */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Fails to compile when the wire and the domain disagree. */
export type SalesWireMatchesDomain = [
  Expect<Same<(typeof PAYMENT_STATUSES)[number], PaymentStatus>>,
  Expect<Same<(typeof QUOTATION_KINDS)[number], QuotationKind>>,
  Expect<Same<(typeof RECEIPT_REFUSALS)[number], ReceiptError['code']>>,
  Expect<Same<(typeof VOID_REFUSALS)[number], VoidError['code']>>,
  Expect<Same<z.infer<typeof ContractSchema>, ContractTerms>>,
];
