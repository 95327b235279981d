import { centsToDecimal, hundredthsToDecimal, lineTotal, parseMoney, parseQuantity, parseRate, rateToDecimal, type Cents } from '../../domain/money/money';
import { orderFigures, type OrderFigures } from '../../domain/orders/order';
import { isIsoDate } from '../../domain/time/dates';
import type { FieldMessage } from '../forms/Invalid';
import type { ClientSummary, DocumentInput, DocumentItem, DocumentOptions, LineInput, NamedOption, ProductOption, Quotation } from './sales';

/**
 * The form model a quotation and an invoice share: the header, lines, terms and notes as typed, how
 * they open (from the saved document, or a new one's defaults) and how they are read with the
 * domain's rules (money, quantities, rates, dates) into what is saved, or a message key per field.
 */

/** One line as typed: text as the person entered it, read by the domain's parsers. */
export interface LineRow {
  readonly key: number;
  readonly productId: string;
  readonly descriptionZh: string;
  readonly descriptionEn: string;
  readonly quantity: string;
  readonly unitPrice: string;
}

/** The fields quotations and orders share, as typed. */
export interface DocumentForm {
  readonly client: NamedOption | null;
  readonly date: string;
  readonly branchId: string;
  readonly salespersonId: string;
  /** A percentage as typed, '' for none. */
  readonly discount: string;
  readonly lines: readonly LineRow[];
  readonly termIds: readonly number[];
  readonly notes: string;
}

/** Field messages as a form model collects them (keys of the `sales` messages). */
export type FoundMessages = Record<string, FieldMessage[]>;

/** The message (sales namespace) of a rule the form breaks. */
export const salesRule = (key: string): { readonly key: string } => ({ key: `sales:${key}` });

let nextKey = 1;

export const emptyLine = (): LineRow => ({ key: nextKey++, productId: '', descriptionZh: '', descriptionEn: '', quantity: '1', unitPrice: '' });

/** The terms ticked after one is ticked or unticked (each once, in the order ticked). */
export const tickTerm = (termIds: readonly number[], id: number, ticked: boolean): number[] => (ticked ? [...termIds.filter((t) => t !== id), id] : termIds.filter((t) => t !== id));

/** A form with lines as text to compare, without the lines' keys (made anew on each render of the saved record). */
export const comparableForm = (form: { readonly lines: readonly LineRow[] }): string => JSON.stringify({ ...form, lines: form.lines.map(({ key: _key, ...line }) => line) });

/** Rows kept from an earlier page (a draft) with fresh keys, since keys are made anew on each load. */
export const rekeyLines = (rows: readonly LineRow[]): LineRow[] => rows.map((row) => ({ ...row, key: nextKey++ }));

/** A saved line back into the form's text. A line of a product shows no description of its own unless it had one. */
export const lineFrom = (item: DocumentItem): LineRow => ({
  key: nextKey++,
  productId: item.productId === null ? '' : String(item.productId),
  descriptionZh: item.descriptionZh,
  descriptionEn: item.descriptionEn,
  quantity: hundredthsToDecimal(item.quantity),
  unitPrice: centsToDecimal(item.unitPrice),
});

/**
 * What choosing a product changes on a line: the product brings its list price and its names (the
 * person may change them for this line). Descriptions typed by hand are kept; those the previous
 * product brought are replaced.
 */
export function chooseProduct(row: LineRow, productId: string, products: readonly ProductOption[]): Partial<LineRow> {
  const product = products.find((p) => String(p.id) === productId);
  const previous = products.find((p) => String(p.id) === row.productId);
  const untouched = (row.descriptionZh === '' && row.descriptionEn === '') || (previous !== undefined && row.descriptionZh === previous.nameZh && row.descriptionEn === previous.nameEn);
  return {
    productId,
    ...(product ? { unitPrice: centsToDecimal(product.unitPrice) } : {}),
    ...(product && untouched ? { descriptionZh: product.nameZh, descriptionEn: product.nameEn } : {}),
  };
}

/** The line's amount while typing (null until both numbers read). */
export function lineAmount(row: LineRow): Cents | null {
  const quantity = parseQuantity(row.quantity);
  const price = parseMoney(row.unitPrice);
  return quantity.isOk() && price.isOk() ? lineTotal(quantity.value, price.value) : null;
}

/** The lines as the API takes them (those that read), and the field messages (keyed like the server's: items.0.quantity). */
export function readLines(rows: readonly LineRow[]): { lines: LineInput[]; fields: FoundMessages } {
  const fields: FoundMessages = {};
  const lines: LineInput[] = [];
  if (rows.length === 0) fields.items = [salesRule('lines.none')];
  rows.forEach((row, index) => {
    const quantity = parseQuantity(row.quantity);
    const price = parseMoney(row.unitPrice);
    if (quantity.isErr()) fields[`items.${index}.quantity`] = [salesRule(`lines.${quantity.error.code}`)];
    if (price.isErr()) fields[`items.${index}.unitPrice`] = [salesRule(`validation.${price.error.code}`)];
    if (!row.productId && !row.descriptionZh.trim() && !row.descriptionEn.trim()) fields[`items.${index}.descriptionZh`] = [salesRule('lines.describe')];
    if (quantity.isOk() && price.isOk()) {
      lines.push({ productId: row.productId ? Number(row.productId) : null, descriptionZh: row.descriptionZh.trim(), descriptionEn: row.descriptionEn.trim(), quantity: quantity.value, unitPrice: price.value });
    }
  });
  return { lines, fields };
}

/** The live figures of the form's readable lines and discount, by the domain's rules (an unreadable discount counts as none). */
export function documentFigures(form: Pick<DocumentForm, 'lines' | 'discount'>): OrderFigures {
  const rate = parseRate(form.discount.trim() === '' ? '0' : form.discount);
  return orderFigures(readLines(form.lines).lines, rate.isOk() ? rate.value : 0);
}

/** What a quotation and an invoice share of their saved form: the document's header, lines, terms and notes. */
type SharedDocument = Pick<Quotation, 'client' | 'date' | 'branchId' | 'salespersonId' | 'discountRateBp' | 'items' | 'terms' | 'notes'>;

/** A new document's start: the day, branch and salesperson it defaults to, and the client it is made for. */
export interface NewDocument {
  readonly defaults: { readonly date: string; readonly branchId: number | null; readonly salespersonId: number | null };
  readonly client: ClientSummary | null;
}

/**
 * The shared fields a quotation's or an invoice's form opens with: the saved document's own (its
 * discount as the percentage people type), or for a new one its defaults, one empty line and every
 * term ticked.
 */
export function documentStart(saved: SharedDocument | null, fresh: NewDocument | null, options: DocumentOptions): DocumentForm {
  if (saved) {
    return {
      client: saved.client,
      date: saved.date,
      branchId: String(saved.branchId ?? ''),
      salespersonId: String(saved.salespersonId ?? ''),
      discount: saved.discountRateBp > 0 ? rateToDecimal(saved.discountRateBp) : '',
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

/**
 * The shared fields read with the domain's rules: what the API takes (with what did read), and
 * every field message at once (none when all is well). The quotation's and invoice's models add
 * their own fields' messages before deciding.
 */
export function readDocument(form: DocumentForm): { fields: FoundMessages; value: DocumentInput } {
  const fields: FoundMessages = {};
  if (!form.client) fields.clientId = [salesRule('validation.client')];
  if (!isIsoDate(form.date)) fields.date = [salesRule('validation.date')];
  const rate = form.discount.trim() === '' ? null : parseRate(form.discount);
  if (rate?.isErr()) fields.discountRateBp = [salesRule(`validation.${rate.error.code}`)];
  const lines = readLines(form.lines);
  Object.assign(fields, lines.fields);
  return {
    fields,
    value: {
      clientId: form.client?.id ?? 0,
      date: form.date,
      branchId: form.branchId ? Number(form.branchId) : null,
      salespersonId: form.salespersonId ? Number(form.salespersonId) : null,
      discountRateBp: rate?.isOk() ? rate.value : 0,
      items: lines.lines,
      termIds: [...form.termIds],
      notes: form.notes.trim(),
    },
  };
}
