/**
 * The wire of customer links (docs/security.md, "Customer links"): staff make, list and revoke a
 * document's links; the customer's page (no sign-in) reads the document through its link and answers
 * a quotation. The public reply carries only what the printed document shows: no record ids, no
 * costs, nothing internal.
 */
import * as z from 'zod/mini';
import { APPOINTMENT_STATUSES } from '../domain/appointments/status';
import { PHOTO_TAGS } from '../domain/appointments/report';
import { LINKED_DOCUMENTS } from '../domain/links/linkedDocuments';
import { RESPONSE_REFUSALS } from '../domain/quotations/customerResponse';
import { ORDER_TYPES } from '../domain/orders/order';
import { QUOTATION_STATUSES } from '../domain/quotations/quotation';
import { AGEING_BUCKETS, type AgeingBucket } from '../domain/statements/statement';
import { Cents, IsoDateText, TermWords, Timestamp } from './common';
import { ContractSchema, CustomerResponse, DocumentItem, Letterhead } from './sales';

export { CustomerResponse, QuotationCustomerResponse } from './sales';

export { LINKED_DOCUMENTS, type LinkedDocument } from '../domain/links/linkedDocuments';

export const LINK_STATES = ['active', 'expired', 'revoked'] as const;

/** One open of a link: when, from which address the server saw, with which browser. */
export const LinkOpen = z.object({ at: Timestamp, ip: z.nullable(z.string()), userAgent: z.string() });
export type LinkOpen = z.infer<typeof LinkOpen>;

/** A document's link as staff see it (its address is shown only when made: only its hash is kept). */
export const DocumentLink = z.object({
  id: z.number(),
  createdAt: Timestamp,
  createdBy: z.nullable(z.string()),
  expiresAt: Timestamp,
  revokedAt: z.nullable(Timestamp),
  state: z.enum(LINK_STATES),
  openCount: z.number(),
  /** The latest opens, newest first (at most 20). */
  opens: z.array(LinkOpen),
});
export type DocumentLink = z.infer<typeof DocumentLink>;

/**
 * GET /api/{quotations|orders|receipts}/{id}/links, /api/appointments/{id}/visits/{date}/links (a
 * completed service report), /api/clients/{id}/statement/links (the client's statement of account)
 */
export const DocumentLinks = z.object({ links: z.array(DocumentLink) });
export type DocumentLinks = z.infer<typeof DocumentLinks>;

/** POST …/links (the same addresses): the new link with its address (a path: /d/{token}), shown this once. */
export const DocumentLinkMade = z.object({ link: DocumentLink, path: z.string() });
export type DocumentLinkMade = z.infer<typeof DocumentLinkMade>;

/** POST …/links/{link}/revoke: the link as it now is. */
export const DocumentLinkRevoked = z.object({ link: DocumentLink });
export type DocumentLinkRevoked = z.infer<typeof DocumentLinkRevoked>;

/** POST …/links */
export const DocumentLinkInput = z.object({ expiresInDays: z.int() });
export type DocumentLinkInput = z.infer<typeof DocumentLinkInput>;

/** A line as the customer sees it: a document's line without the record ids and the product's code. */
export const CustomerLine = z.omit(DocumentItem, { id: true, productId: true, productCode: true });

/** The client as the document prints it: names, address, contact (no code, no id, no HKID). */
export const CustomerParty = z.object({
  nameEn: z.string(),
  nameZh: z.string(),
  address: z.string(),
  contact: z.nullable(z.object({ name: z.string(), phones: z.array(z.string()) })),
});

/** A receipt or a refund as it prints: the invoice it pays, how, the amount (a refund's reason, with its words when it is a usual one). */
export const CustomerReceipt = z.object({
  invoiceNumber: z.string(),
  method: z.string(),
  methodName: z.object({ nameEn: z.string(), nameZh: z.string() }),
  reference: z.string(),
  amount: Cents,
  reason: z.string(),
  /** The usual refund reason (Settings → Options) the reason is, so it prints in the sheet's language; none otherwise. */
  reasonWords: z.nullable(z.object({ nameEn: z.string(), nameZh: z.string() })),
});

const Ageing = z.object({ notDue: Cents, days1to30: Cents, days31to60: Cents, days61to90: Cents, over90: Cents }) satisfies z.ZodMiniType<Record<AgeingBucket, number>>;
/** A client's statement of account as it prints (as of the day the link is opened): no record ids. */
export const CustomerStatement = z.object({
  clientCode: z.string(),
  from: IsoDateText,
  to: IsoDateText,
  opening: Cents,
  entries: z.array(
    z.object({ kind: z.enum(['invoice', 'receipt', 'refund']), number: z.string(), date: IsoDateText, invoiceNumber: z.nullable(z.string()), debit: Cents, credit: Cents, balance: Cents }),
  ),
  closing: Cents,
  open: z.array(
    z.object({ number: z.string(), date: IsoDateText, dueDate: IsoDateText, total: Cents, outstanding: Cents, daysOverdue: z.int(), bucket: z.enum(AGEING_BUCKETS) }),
  ),
  ageing: Ageing,
});

const Named = z.object({ nameEn: z.string(), nameZh: z.string() });
/** A visit's completed service report as it prints (domain/documents/serviceReport.ts); the signatures as PNG data: addresses, the photos in its PDF. */
export const CustomerServiceReport = z.object({
  company: z.nullable(z.object({ nameEn: z.string(), nameZh: z.string(), addressEn: z.string(), addressZh: z.string(), phone: z.string() })),
  client: z.nullable(z.object({ nameEn: z.string(), nameZh: z.string(), code: z.string() })),
  address: z.string(),
  area: z.nullable(Named),
  date: IsoDateText,
  start: z.nullable(z.string()),
  end: z.nullable(z.string()),
  workers: z.array(z.string()),
  status: z.enum(APPOINTMENT_STATUSES),
  workDone: z.string(),
  findings: z.string(),
  pestsFound: z.string(),
  areasTreated: z.string(),
  products: z.array(z.object({ code: z.string(), nameEn: z.string(), nameZh: z.string(), quantity: z.int(), unit: z.string(), note: z.string(), activeIngredient: z.string() })),
  photos: z.array(z.object({ name: z.string(), tag: z.nullable(z.enum(PHOTO_TAGS)) })),
  signatures: z.array(z.object({ who: z.enum(['client', 'worker']), signer: z.string(), signedAt: z.nullable(Timestamp), image: z.nullable(z.string()) })),
});

/**
 * What the printed document shows, and no more: a quotation's or invoice's lines and figures, a
 * receipt's or refund's payment (`receipt`), a statement (`statement`), a service report
 * (`serviceReport`); what a kind does not have is empty or null.
 */
export const CustomerDocument = z.object({
  kind: z.enum(LINKED_DOCUMENTS),
  number: z.string(),
  date: IsoDateText,
  letterhead: z.nullable(Letterhead),
  client: z.nullable(CustomerParty),
  items: z.array(CustomerLine),
  subtotal: Cents,
  discountRateBp: z.int(),
  discount: Cents,
  total: Cents,
  terms: z.array(TermWords),
  notes: z.string(),
  salesperson: z.nullable(z.string()),
  /** A quotation's. */
  validUntil: z.nullable(IsoDateText),
  contract: z.nullable(ContractSchema),
  status: z.nullable(z.enum(QUOTATION_STATUSES)),
  /** An invoice's. */
  dueDate: z.nullable(IsoDateText),
  orderType: z.nullable(z.enum(ORDER_TYPES)),
  paid: z.nullable(Cents),
  outstanding: z.nullable(Cents),
  voided: z.boolean(),
  quotationNumber: z.nullable(z.string()),
  /** The address of the FPS QR code for what is still owed (…/fps-qr.png): an invoice's or a statement's; null when none. */
  fpsQrUrl: z.nullable(z.string()),
  receipt: z.nullable(CustomerReceipt),
  statement: z.nullable(CustomerStatement),
  serviceReport: z.nullable(CustomerServiceReport),
});
export type CustomerDocument = z.infer<typeof CustomerDocument>;

/** GET /api/public/documents/{token}, and the reply of an answer. */
export const CustomerDocumentReply = z.object({
  document: CustomerDocument,
  /** A quotation's latest answer through a link. */
  response: z.nullable(CustomerResponse),
  /** Whether the customer may still accept or decline (a sent quotation, in time); why not otherwise. */
  canRespond: z.boolean(),
  refusal: z.nullable(z.enum(RESPONSE_REFUSALS)),
  /** Whether GET …/pdf makes the document's PDF. */
  pdf: z.boolean(),
});
export type CustomerDocumentReply = z.infer<typeof CustomerDocumentReply>;

/** POST /api/public/documents/{token}/accept */
export const AcceptInput = z.object({ name: z.string(), signature: z.string() });
export type AcceptInput = z.infer<typeof AcceptInput>;

/** POST /api/public/documents/{token}/decline */
export const DeclineInput = z.object({ reason: z.string() });
export type DeclineInput = z.infer<typeof DeclineInput>;
