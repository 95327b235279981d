import type * as z from 'zod/mini';
import { ClientSummary, DocumentOptions, InvoiceOptions, Order, Quotation } from '../../contract/sales';
import { wire } from './wire';

/** The client of the sales fixtures, as a quotation or an invoice names it. */
export const SALES_CLIENT = wire(ClientSummary, { id: 9, code: 'C000009', nameEn: 'Chan Tai Man', nameZh: '陳大文', address: '', contact: null });

/** A quotation's or an invoice's form options: one branch, one salesperson, one product, with `change` over them. */
export const documentOptionsFixture = (change: Partial<z.input<typeof DocumentOptions>> = {}) =>
  wire(DocumentOptions, {
    branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }],
    salespeople: [{ id: 2, name: 'Sam Lee' }],
    products: [{ id: 5, code: 'TM-INSP', nameEn: 'Termite inspection', nameZh: '白蟻視察', unit: 'visit', unitPrice: 80_000 }],
    terms: [],
    ...change,
  });

/** An invoice's options: those of documentOptionsFixture and no payment methods or refund reasons of its own, with `change` over them. */
export const invoiceOptionsFixture = (change: Partial<z.input<typeof InvoiceOptions>> = {}) => wire(InvoiceOptions, { ...documentOptionsFixture(), paymentMethods: [], refundReasons: [], ...change });

/** Who a fixture document is for and by: SALES_CLIENT, the head office, Sam Lee, no discount. */
const PARTIES = { client: SALES_CLIENT, clientId: 9, branchId: 1, salespersonId: 2, salesperson: 'Sam Lee', discountRateBp: 0 };

/** An invoice as the server sends it (checked by the wire contract), with `change` over it. */
export const orderFixture = (change: Partial<z.input<typeof Order>> = {}) =>
  wire(Order, {
    id: 3,
    number: 'INV-2026-00003',
    type: 'new_order',
    date: '2026-11-01',
    dueDate: '2026-12-01',
    ...PARTIES,
    subtotal: 100_000,
    discount: 0,
    total: 100_000,
    paid: 60_000,
    outstanding: 40_000,
    status: 'partial',
    overdue: false,
    voided: false,
    fpsQrUrl: null,
    voidReason: '',
    voidedAt: null,
    voidedBy: null,
    terms: [],
    notes: '',
    quotation: null,
    items: [{ id: 1, productId: 5, productCode: 'TM-INSP', descriptionEn: 'Termite inspection', descriptionZh: '白蟻視察', quantity: 125, unit: 'visit', unitPrice: 80_000, lineTotal: 100_000 }],
    receipts: [],
    letterhead: null,
    version: 4,
    ...change,
  });

/** A quotation as the server sends it (checked by the wire contract), with `change` over it. */
export const quotationFixture = (change: Partial<z.input<typeof Quotation>> = {}) =>
  wire(Quotation, {
    id: 12,
    number: 'Q-2026-00012',
    kind: 'basic',
    date: '2026-11-23',
    validDays: 30,
    validUntil: '2026-12-22',
    status: 'draft',
    storedStatus: 'draft',
    ...PARTIES,
    subtotal: 80_000,
    discount: 0,
    total: 80_000,
    terms: [],
    notes: '',
    contract: null,
    order: null,
    items: [{ id: 1, productId: 5, productCode: 'TM-INSP', descriptionEn: 'Termite inspection', descriptionZh: '白蟻視察', quantity: 100, unit: 'visit', unitPrice: 80_000, lineTotal: 80_000 }],
    letterhead: null,
    version: 2,
    ...change,
  });
