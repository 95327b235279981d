import type { ClientSummary, DocumentOptions, Quotation } from '../../../application/sales/sales';
import type { DocumentForm } from './DocumentFields';
import { emptyLine, lineFrom } from './LinesEditor';

/** What a quotation and an invoice share of their form: the document's header, lines, terms and notes. */
type SharedDocument = Pick<Quotation, 'client' | 'date' | 'branchId' | 'salespersonId' | 'discountRateBp' | 'items' | 'terms' | 'notes'>;

/** A new document's start: the day, branch and salesperson it defaults to, and the client it is made for. */
interface NewDocument {
  readonly defaults: { readonly date: string; readonly branchId: number | null; readonly salespersonId: number | null };
  readonly client: ClientSummary | null;
}

/**
 * The shared fields a quotation's or an invoice's form opens with: the saved document's own, or for a
 * new one its defaults, one empty line and every term ticked.
 */
export function documentStart(saved: SharedDocument | null, fresh: NewDocument | null, options: DocumentOptions): DocumentForm {
  if (saved) {
    return {
      client: saved.client,
      date: saved.date,
      branchId: String(saved.branchId ?? ''),
      salespersonId: String(saved.salespersonId ?? ''),
      discount: saved.discountRateBp > 0 ? String(saved.discountRateBp / 100) : '',
      lines: saved.items.map(lineFrom),
      termIds: options.terms.filter((o) => saved.terms.some((s) => s.titleEn === o.titleEn && s.titleZh === o.titleZh)).map((o) => o.id),
      notes: saved.notes,
    };
  }
  return {
    client: fresh?.client ?? null,
    date: fresh?.defaults.date ?? '',
    branchId: String(fresh?.defaults.branchId ?? ''),
    salespersonId: String(fresh?.defaults.salespersonId ?? ''),
    discount: '',
    lines: [emptyLine()],
    termIds: options.terms.map((o) => o.id),
    notes: '',
  };
}
