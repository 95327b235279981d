import { err, ok } from 'neverthrow';
import { fieldChanges } from '../../audit';
import { termApplies, termsFor, type TermDocumentKind, type TermScope } from '../../../domain/documents/terms';
import { lineTotal } from '../../../domain/money/money';
import { orderFigures, type OrderFigures } from '../../../domain/orders/order';
import type { Caller, Db, Tx } from '../caller';
import type { FieldProblems, SalesFailure, SalesResult } from '../failures';
import { conflict, invalid, notFound } from '../../service/failure';
import { MAX_DOCUMENT_CENTS, type DocumentInput, type ItemInput } from './input';
import {
  clientSummary,
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

/** What a document shows beside its own columns: its client, its terms, its lines, its letterhead. */
export async function documentParts(db: Db, kind: DocumentKind, row: { id: number; client_id: number; branch_id: number | null; terms: unknown }) {
  return {
    client: await clientSummary(db, row.client_id),
    terms: await documentTerms(db, row.terms, kind),
    items: await loadItems(db, kind, row.id),
    letterhead: await letterhead(db, row.branch_id),
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
