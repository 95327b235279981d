import type { CustomerDocumentData } from '../../../application/links/customerLinks';
import { receiptDocument } from '../../../domain/documents/printable';
import { statementDocument } from '../../../domain/documents/statementDocument';
import type { DocumentLanguage } from '../../../domain/documents/printable';
import { dateRangeText, dateText } from '../../../domain/time/format';
import type { PrintableDocument, Translate } from '../sales/DocumentSheet';

/**
 * The printed document a customer's page shows, from what its link gives (the same sheet as the print
 * view's, by the same domain model); null for a service report, which has a sheet of its own.
 */
export function customerPrintable({ document: d, response }: CustomerDocumentData): PrintableDocument | null {
  const payment = d.letterhead?.payment ?? null;
  switch (d.kind) {
    case 'serviceReport':
      return null;
    case 'receipt':
    case 'refund': {
      const r = d.receipt;
      if (!r) return null;
      const record = { kind: d.kind, number: d.number, date: d.date, method: r.method, methodName: r.methodName, reference: r.reference, amount: r.amount, reason: r.reason, order: { number: r.invoiceNumber } };
      return receiptDocument(record, { letterhead: d.letterhead, client: d.client }, r.reasonWords ? [{ value: r.reason, ...r.reasonWords }] : []);
    }
    case 'statement': {
      const s = d.statement;
      if (!s) return null;
      // The record ids the statement's screen links by are not given to the customer: the sheet prints none.
      const statement = { ...s, entries: s.entries.map((e) => ({ ...e, id: 0 })), open: s.open.map((o) => ({ ...o, id: 0 })) };
      return statementDocument({ clientId: 0, clientCode: s.clientCode, client: d.client, letterhead: d.letterhead, statement, fpsQrUrl: d.fpsQrUrl });
    }
    default:
      break;
  }
  const owed = d.kind === 'invoice' && !d.voided && (d.outstanding ?? 0) > 0;
  return {
    kind: d.kind,
    number: d.number,
    date: d.date,
    letterhead: d.letterhead,
    client: d.client,
    facts:
      d.kind === 'quotation'
        ? [
            { label: 'validUntil', value: (_t: Translate, language: DocumentLanguage) => dateText(d.validUntil ?? '', language) },
            ...(d.contract
              ? [
                  { label: 'period', value: (_t: Translate, language: DocumentLanguage) => dateRangeText(d.contract!.periodStart, d.contract!.periodEnd, language) },
                  { label: 'frequency', value: (t: (key: string) => string) => t(`frequency.${d.contract!.frequency}`) },
                ]
              : []),
            ...(d.salesperson ? [{ label: 'salesperson', value: () => d.salesperson ?? '' }] : []),
          ]
        : [
            { label: 'dueDate', value: (_t: Translate, language: DocumentLanguage) => dateText(d.dueDate ?? '', language) },
            { label: 'orderType', value: (t: (key: string) => string) => t(`orderType.${d.orderType ?? 'new_order'}`) },
            ...(d.quotationNumber ? [{ label: 'quotation', value: () => d.quotationNumber ?? '' }] : []),
          ],
    items: d.items.map((item) => ({ ...item, productId: null, productCode: null })),
    figures:
      d.kind === 'invoice'
        ? { subtotal: d.subtotal, discountRateBp: d.discountRateBp, discount: d.discount, total: d.total, paid: d.paid ?? 0, outstanding: d.outstanding ?? 0 }
        : { subtotal: d.subtotal, discountRateBp: d.discountRateBp, discount: d.discount, total: d.total },
    terms: d.terms,
    notes: d.notes,
    voided: d.voided,
    payment: owed && payment ? { fps: payment.fps, qrImage: d.fpsQrUrl, bankName: payment.bankName, accountName: payment.accountName, accountNumber: payment.accountNumber } : null,
    acceptance: response?.outcome === 'accepted' ? { name: response.name, at: response.at, signature: response.signature } : null,
  };
}
