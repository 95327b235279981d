import { err, ok } from 'neverthrow';
import { fieldChanges } from '../../audit';
import { termApplies, termsFor, type TermDocumentKind, type TermScope } from '../../../domain/documents/terms';
import { lineTotal } from '../../../domain/money/money';
import { orderFigures, type OrderFigures } from '../../../domain/orders/order';
import type { IsoDate } from '../../../domain/time/dates';
import type { Caller, Db, Tx } from '../caller';
import type { FieldProblems, SalesFailure, SalesResult } from '../failures';
import { conflict, invalid, notFound } from '../../service/failure';
import { MAX_DOCUMENT_CENTS, type DocumentInput, type ItemInput } from './input';
import {
  clientSummary,
  documentOptions,
  existingReferences,
  letterhead,
  loadItems,
  nextNumber,
  NUMBER_PREFIX,
  productNames,
  saveItems,
  termsByIds,
  termScopes,
  type DocumentKind,
} from './repository';

/**
 * What quotations and orders share, written once: the checks of a document's body, its figures, its
 * copied terms, its lines, and the skeletons of creating and editing one (transaction, number, lines,
 * audit line, version check). The quotation and order services add what is their own.
 */

export interface TermText {
  readonly titleEn: string;
  readonly titleZh: string;
  readonly bodyEn: string;
  readonly bodyZh: string;
  /** What the term applies to, copied with it (older copies have none). */
  readonly appliesTo?: TermScope;
}

/** The figures of the lines with the discount, by the domain's rules; null when they overflow. */
export function figuresOf(items: readonly ItemInput[], discountRateBp: number): OrderFigures | null {
  const figures = orderFigures(items, discountRateBp);
  const lineOverflow = items.some((item) => lineTotal(item.quantity, item.unitPrice) > MAX_DOCUMENT_CENTS);
  return lineOverflow || figures.subtotal > MAX_DOCUMENT_CENTS ? null : figures;
}

/**
 * The texts of the chosen order terms, copied onto the document so later edits of a term leave it as
 * issued; null when one is unknown or does not apply to this kind of document (a quotation-only
 * term on an invoice).
 */
async function termTexts(db: Db, termIds: readonly number[], kind: TermDocumentKind): Promise<TermText[] | null> {
  if (termIds.length === 0) return [];
  const rows = await termsByIds(db, termIds);
  if (rows.length !== new Set(termIds).size || rows.some((r) => !termApplies(r.applies_to, kind))) return null;
  return termIds.map((id) => rows.find((r) => r.id === id)!).map((r) => ({ titleEn: r.title_en, titleZh: r.title_zh, bodyEn: r.body_en, bodyZh: r.body_zh, appliesTo: r.applies_to }));
}

function decodeTerms(value: unknown): TermText[] {
  if (!Array.isArray(value)) return [];
  return value.filter((t): t is TermText => typeof t === 'object' && t !== null && 'bodyEn' in t);
}

/** A document's own copies of its terms, those that apply to its kind (see the domain's termsFor). */
export async function documentTerms(db: Db, value: unknown, kind: TermDocumentKind): Promise<TermText[]> {
  const copies = decodeTerms(value);
  if (copies.length === 0) return copies;
  return termsFor(copies, kind, await termScopes(db));
}

/** A document checked: its field problems, the terms to copy and its figures (null on overflow). */
export interface CheckedDocument {
  readonly fields: FieldProblems;
  readonly terms: TermText[];
  readonly figures: OrderFigures | null;
}

/**
 * The checks beyond the shape a quotation and an order share — a known client, branch, salesperson
 * and products, a description (or a product) on every line, terms that apply, figures that fit —
 * with `own` (the kind's own field problems) after those of the references.
 */
export async function checkDocument(db: Db, input: DocumentInput, kind: DocumentKind, own: FieldProblems = {}): Promise<CheckedDocument> {
  const productIds = [...new Set(input.items.map((i) => i.productId).filter((id): id is number => id !== null))];
  const found = await existingReferences(db, { ...input, productIds });
  const fields: Record<string, FieldProblems[string]> = {};
  if (!found.client) fields.clientId = { key: 'validation.invalid' };
  if (input.branchId !== null && !found.branch) fields.branchId = { key: 'validation.invalid' };
  if (input.salespersonId !== null && !found.salesperson) fields.salespersonId = { key: 'validation.invalid' };
  input.items.forEach((item, index) => {
    if (item.productId !== null && !found.products.has(item.productId)) fields[`items.${index}.productId`] = { key: 'validation.invalid' };
    if (item.productId === null && item.descriptionEn === '' && item.descriptionZh === '') fields[`items.${index}.descriptionZh`] = { key: 'sales.itemDescription' };
  });
  Object.assign(fields, own);
  const terms = await termTexts(db, input.termIds, kind);
  if (terms === null) fields.termIds = { key: 'validation.invalid' };
  const figures = figuresOf(input.items, input.discountRateBp);
  if (figures === null) fields.items = { key: 'sales.amountTooLarge' };
  return { fields, terms: terms ?? [], figures };
}

/**
 * The lines as the document keeps them: a line of a product without a description of its own gets
 * the product's names, so the issued document reads the same even if the product is renamed later.
 */
async function withDescriptions(db: Db, items: readonly ItemInput[]): Promise<ItemInput[]> {
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is number => id !== null))];
  const products = await productNames(db, ids);
  return items.map((item) => {
    const product = products.find((p) => p.id === item.productId);
    if (!product || item.descriptionEn !== '' || item.descriptionZh !== '') return item;
    return { ...item, descriptionEn: product.name_en, descriptionZh: product.name_zh };
  });
}

/** Writes the document's lines afresh, each without a description taking its product's names. */
export async function writeLines(tx: Tx, kind: DocumentKind, id: number, items: readonly ItemInput[]): Promise<void> {
  await saveItems(tx, kind, id, await withDescriptions(tx, items));
}

/** The columns of a document's row that quotations and orders share (./repository's quotationRow, orderRow). */
interface DocumentRow {
  readonly id: number;
  readonly client_id: number;
  readonly branch_id: number | null;
  readonly salesperson_id: number | null;
  readonly salesperson_name: string | null;
  readonly discount_rate_bp: number;
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly terms: unknown;
  readonly notes: string;
  readonly version: number;
}

/** What quotations and orders show alike: the client, branch and salesperson, the figures, terms, notes, lines, letterhead and version. */
export async function documentParts(db: Db, kind: DocumentKind, row: DocumentRow) {
  return {
    client: await clientSummary(db, row.client_id),
    clientId: row.client_id,
    branchId: row.branch_id,
    salespersonId: row.salesperson_id,
    salesperson: row.salesperson_name,
    discountRateBp: row.discount_rate_bp,
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    terms: await documentTerms(db, row.terms, kind),
    notes: row.notes,
    items: await loadItems(db, kind, row.id),
    letterhead: await letterhead(db, row.branch_id),
    version: row.version,
  };
}

/** A document list's queries (./repository's quotationList, orderList): a page of rows, and its counts. */
export interface DocumentList<Row, Counts> {
  page(limit: number, offset?: number): Promise<Row[]>;
  counted(): Promise<Counts>;
}

/** The columns of a list row that name its client and salesperson. */
interface ListedParty {
  readonly client_id: number;
  readonly name_en: string;
  readonly name_zh: string;
  readonly salesperson: string | null;
}

/**
 * The lists of a kind of document, each row as the lists show it (its own fields by `toItem`, as of
 * today, then its client and salesperson): a client's tab, a CSV export (at most `limit`), and a page
 * with its counts and the form options.
 */
export function documentListing<Filter, Row extends ListedParty, Item extends object, Counts extends object>(
  kind: DocumentKind,
  queries: {
    readonly list: (db: Db, filter: Filter, today: IsoDate) => DocumentList<Row, Counts>;
    readonly ofClient: (db: Db, clientId: number) => Promise<Row[]>;
  },
  toItem: (row: Row, today: IsoDate) => Item,
) {
  const listed = (r: Row, today: IsoDate) => ({ ...toItem(r, today), client: { id: r.client_id, nameEn: r.name_en, nameZh: r.name_zh }, salesperson: r.salesperson });
  return {
    ofClient: async (db: Db, today: IsoDate, clientId: number) => (await queries.ofClient(db, clientId)).map((r) => listed(r, today)),
    forExport: async (caller: Caller, filter: Filter, limit: number) => (await queries.list(caller.db, filter, caller.today).page(limit)).map((r) => listed(r, caller.today)),
    page: async (caller: Caller, filter: Filter, window: { limit: number; offset: number }) => {
      const list = queries.list(caller.db, filter, caller.today);
      const counted = await list.counted();
      const items = (await list.page(window.limit, window.offset)).map((r) => listed(r, caller.today));
      return { items, ...counted, options: await documentOptions(caller.db, kind) };
    },
  };
}

/** A document's figures once checked (present when there are no field problems). */
const checkedFigures = (checked: CheckedDocument): SalesResult<OrderFigures> =>
  Object.keys(checked.fields).length > 0 || !checked.figures ? err(invalid(checked.fields)) : ok(checked.figures);

/**
 * Creates a document in one transaction: its number (by its branch's or client's company), its row
 * (`insert`), its lines, what else goes with it (`more`) and its audit line — all kept, or none.
 */
export async function createDocument(
  caller: Caller,
  kind: DocumentKind,
  input: DocumentInput,
  checked: CheckedDocument,
  insert: (tx: Tx, number: string, figures: OrderFigures) => Promise<number>,
  more?: (tx: Tx, id: number) => Promise<void>,
): Promise<SalesResult<number>> {
  const figures = checkedFigures(checked);
  if (figures.isErr()) return err(figures.error);
  const id = await caller.db.transaction().execute(async (tx) => {
    const number = await nextNumber(tx, NUMBER_PREFIX[kind], input.date, input.branchId, input.clientId);
    const id = await insert(tx, number, figures.value);
    await writeLines(tx, kind, id, input.items);
    // The audit line goes with the change: both are kept, or neither.
    await caller.audit({ action: 'create', entityType: kind, entityId: id, changes: { number, ...input } }, tx);
    if (more) await more(tx, id);
    return id;
  });
  return ok(id);
}

/** How an edit of a document goes: its loader, what locks it, its own checks, its row update. */
export interface DocumentEdit<D extends Record<string, unknown> & { version: number }> {
  readonly id: number;
  readonly version: number;
  readonly input: DocumentInput;
  readonly load: (db: Db, id: number) => Promise<D | null>;
  /** Why the document cannot be edited as it stands, if so. */
  readonly locked: (before: D) => SalesFailure | null;
  readonly check: (before: D) => Promise<CheckedDocument>;
  /** Updates the row where the version (and the lock) still hold; whether it did. */
  readonly update: (tx: Tx, before: D, checked: CheckedDocument, figures: OrderFigures) => Promise<boolean>;
  /** The fields compared for the audit line. */
  readonly audited: readonly (keyof D & string)[];
}

/**
 * Edits a document: 404 when there is none, 409 when it was changed since it was loaded (also when
 * that happens during the edit), the kind's lock, the checks; then the row, its lines and the audit
 * line of what changed, in one transaction. The document as it now is.
 */
export async function editDocument<D extends Record<string, unknown> & { version: number }>(caller: Caller, kind: DocumentKind, edit: DocumentEdit<D>): Promise<SalesResult<D>> {
  const before = await edit.load(caller.db, edit.id);
  if (!before) return err(notFound);
  if (before.version !== edit.version) return err(conflict);
  const lock = edit.locked(before);
  if (lock) return err(lock);
  const checked = await edit.check(before);
  const figures = checkedFigures(checked);
  if (figures.isErr()) return err(figures.error);
  const after = await caller.db.transaction().execute(async (tx) => {
    if (!(await edit.update(tx, before, checked, figures.value))) return null;
    await writeLines(tx, kind, edit.id, edit.input.items);
    const after = (await edit.load(tx, edit.id))!;
    await caller.audit({ action: 'update', entityType: kind, entityId: edit.id, changes: fieldChanges(before, after, [...edit.audited]) }, tx);
    return after;
  });
  return after ? ok(after) : err(conflict);
}
