import type { Letterhead, OptionChoice, Order, Quotation, Receipt, ClientSummary } from '../../../application/sales/sales';
import type { InvoicePayment } from '../../../application/sales/OrderDesk';
import type { PrintableDocument } from './DocumentSheet';
import { formatDateTime } from '../../format/dateTime';
import { methodWords } from './paymentMethods';

/** What each printed document shows, from the records as the screens hold them. */

export function quotationDocument(q: Quotation): PrintableDocument {
  return {
    kind: 'quotation',
    number: q.number,
    date: q.date,
    letterhead: q.letterhead,
    client: q.client,
    facts: [
      { label: 'validUntil', value: () => q.validUntil },
      ...(q.contract
        ? [
            { label: 'period', value: () => `${q.contract!.periodStart} – ${q.contract!.periodEnd}` },
            { label: 'frequency', value: (t: (key: string) => string) => t(`frequency.${q.contract!.frequency}`) },
          ]
        : []),
      ...(q.salesperson ? [{ label: 'salesperson', value: () => q.salesperson ?? '' }] : []),
    ],
    items: q.items,
    figures: { subtotal: q.subtotal, discountRateBp: q.discountRateBp, discount: q.discount, total: q.total },
    terms: q.terms,
    notes: q.notes,
    acceptance: q.customerResponse?.outcome === 'accepted' ? { name: q.customerResponse.name, date: formatDateTime(q.customerResponse.at, 'en'), signature: q.customerResponse.signature } : null,
  };
}

/** An invoice, with how to pay it (the desk's `payment`: bank account and FPS QR code, or null). */
export function invoiceDocument(o: Order, payment: InvoicePayment | null = null): PrintableDocument {
  return {
    kind: 'invoice',
    number: o.number,
    date: o.date,
    letterhead: o.letterhead,
    client: o.client,
    facts: [
      { label: 'dueDate', value: () => o.dueDate },
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

/**
 * A refund's reason in the document's language: a usual reason (Settings → Options) was filled in
 * the words of whoever recorded it, so it prints in the sheet's language; any other reason as typed.
 */
export function reasonIn(reason: string, reasons: readonly OptionChoice[], language: 'zh-HK' | 'en'): string {
  const preset = reasons.find((o) => o.nameEn === reason || o.nameZh === reason || o.value === reason);
  if (!preset) return reason;
  return (language === 'en' ? preset.nameEn : preset.nameZh) || reason;
}

export function receiptDocument(r: Receipt, context: { letterhead: Letterhead | null; client: ClientSummary | null }, refundReasons: readonly OptionChoice[] = []): PrintableDocument {
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
      ...(r.kind === 'refund' && r.reason ? [{ label: 'reason', value: (_t: (key: string) => string, language: 'zh-HK' | 'en') => reasonIn(r.reason, refundReasons, language) }] : []),
    ],
    amount: r.amount,
    terms: [],
    notes: '',
  };
}
