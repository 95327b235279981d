import { sql, type Kysely, type Transaction } from 'kysely';
import Papa from 'papaparse';
import * as z from 'zod';
import { lineTotal, MAX_QUANTITY_HUNDREDTHS } from '../../../domain/money/money';
import { orderFigures, type OrderFigures } from '../../../domain/orders/order';
import { termApplies, termsFor, type TermDocumentKind, type TermScope } from '../../../domain/documents/terms';
import { hongKongDate, type IsoDate } from '../../../domain/time/dates';
import { isoDate } from '../../http/dates';
import { codeValue, documentCompany, nextDocumentNumber, writeItems } from '../../db/documents';
import type { Database } from '../../db/schema';

export { codeValue, documentCompany, nextDocumentNumber, writeItems };
import { translate } from '../../i18n';
import type { AppContext } from '../../http/env';
import { optionalText } from '../../http/fields';
import { INT_MAX } from '../../db/limits';

/** The largest amount an integer column holds; totals beyond it are refused (HK$21,474,836.47). */
export const MAX_DOCUMENT_CENTS = 2_147_483_647;

export { isoDate };

/** A date column selected as its 'YYYY-MM-DD' text (the drivers would turn it into a Date at midnight UTC). */
export const dateText = <A extends string>(ref: string, alias: A) => sql<string>`${sql.ref(ref)}::text`.as(alias);

/** One line of a quotation or an order, as the screens send it (quantity in hundredths, price in cents). */
export const ItemInput = z.object({
  productId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  descriptionEn: optionalText(500),
  descriptionZh: optionalText(500),
  quantity: z.number().int().min(1).max(MAX_QUANTITY_HUNDREDTHS),
  unitPrice: z.number().int().min(0).max(MAX_DOCUMENT_CENTS),
});
export type ItemInput = z.output<typeof ItemInput>;

export const ItemsInput = z.array(ItemInput).min(1).max(100);

/** Today in Hong Kong, by the server's clock. */
export const today = (c: AppContext): IsoDate => hongKongDate(c.var.deps.now());

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The lines as the document keeps them: a line of a product without a description of its own gets
 * the product's names, so the issued document reads the same even if the product is renamed later.
 */
export async function withDescriptions(db: Db, items: readonly ItemInput[]): Promise<ItemInput[]> {
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is number => id !== null))];
  const products = ids.length > 0 ? await db.selectFrom('products').select(['id', 'name_en', 'name_zh']).where('id', 'in', ids).execute() : [];
  return items.map((item) => {
    const product = products.find((p) => p.id === item.productId);
    if (!product || item.descriptionEn !== '' || item.descriptionZh !== '') return item;
    return { ...item, descriptionEn: product.name_en, descriptionZh: product.name_zh };
  });
}

/** The figures of the lines with the discount, by the domain's rules; null when they overflow. */
export function figuresOf(items: readonly ItemInput[], discountRateBp: number): OrderFigures | null {
  const figures = orderFigures(items, discountRateBp);
  const lineOverflow = items.some((item) => lineTotal(item.quantity, item.unitPrice) > MAX_DOCUMENT_CENTS);
  return lineOverflow || figures.subtotal > MAX_DOCUMENT_CENTS ? null : figures;
}

/**
 * Checks beyond the shape, shared by quotations and orders: a known client, branch, salesperson and
 * products, and a description (or a product) on every line. Field messages keyed like the body.
 */
export async function checkDocument(
  c: AppContext,
  input: { clientId: number; branchId: number | null; salespersonId: number | null; items: readonly ItemInput[] },
): Promise<Record<string, string[]>> {
  const { db } = c.var.deps;
  const lang = c.var.language;
  const errors: Record<string, string[]> = {};
  const invalid = () => [translate(lang, 'validation.invalid')];
  if (!(await db.selectFrom('clients').select('id').where('id', '=', input.clientId).executeTakeFirst())) errors.clientId = invalid();
  if (input.branchId !== null && !(await db.selectFrom('branches').select('id').where('id', '=', input.branchId).executeTakeFirst())) errors.branchId = invalid();
  if (input.salespersonId !== null && !(await db.selectFrom('users').select('id').where('id', '=', input.salespersonId).executeTakeFirst())) {
    errors.salespersonId = invalid();
  }
  const productIds = [...new Set(input.items.map((i) => i.productId).filter((id): id is number => id !== null))];
  const known = productIds.length > 0 ? new Set((await db.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((r) => r.id)) : new Set<number>();
  input.items.forEach((item, index) => {
    if (item.productId !== null && !known.has(item.productId)) errors[`items.${index}.productId`] = invalid();
    if (item.productId === null && item.descriptionEn === '' && item.descriptionZh === '') {
      errors[`items.${index}.descriptionZh`] = [translate(lang, 'sales.itemDescription')];
    }
  });
  return errors;
}

export interface DocumentItem {
  readonly id: number;
  readonly productId: number | null;
  readonly productCode: string | null;
  readonly descriptionEn: string;
  readonly descriptionZh: string;
  readonly quantity: number;
  readonly unit: string | null;
  readonly unitPrice: number;
  readonly lineTotal: number;
}

/** A document's lines in order; a line without its own description shows its product's names. */
export async function loadItems(db: Db, table: 'quotation_items' | 'order_items', ownerId: number): Promise<DocumentItem[]> {
  const owner = table === 'quotation_items' ? 'quotation_id' : 'order_id';
  const rows = await db
    .selectFrom(`${table} as i` as 'order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.id', 'i.product_id', 'i.description_en', 'i.description_zh', 'i.quantity', 'i.unit_price', 'i.line_total', 'p.code', 'p.name_en', 'p.name_zh', 'p.unit'])
    .where(sql.ref(`i.${owner}`), '=', ownerId)
    .orderBy('i.sort_order')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    productCode: r.code,
    descriptionEn: r.description_en || (r.name_en ?? ''),
    descriptionZh: r.description_zh || (r.name_zh ?? ''),
    quantity: r.quantity,
    // The product's unit (products:unit.<value>); null for a line without a product.
    unit: r.unit ?? null,
    unitPrice: r.unit_price,
    lineTotal: r.line_total,
  }));
}

export interface TermText {
  readonly titleEn: string;
  readonly titleZh: string;
  readonly bodyEn: string;
  readonly bodyZh: string;
  /** What the term applies to, copied with it (older copies have none). */
  readonly appliesTo?: TermScope;
}

/**
 * The texts of the chosen order terms, copied onto the document so later edits of a term leave it as
 * issued; null when one is unknown or does not apply to this kind of document (a quotation-only
 * term on an invoice).
 */
export async function termTexts(db: Db, termIds: readonly number[], kind: TermDocumentKind): Promise<TermText[] | null> {
  if (termIds.length === 0) return [];
  const rows = await db.selectFrom('order_terms').select(['id', 'title_en', 'title_zh', 'body_en', 'body_zh', 'applies_to']).where('id', 'in', [...termIds]).execute();
  if (rows.length !== new Set(termIds).size || rows.some((r) => !termApplies(r.applies_to, kind))) return null;
  return termIds.map((id) => rows.find((r) => r.id === id)!).map((r) => ({ titleEn: r.title_en, titleZh: r.title_zh, bodyEn: r.body_en, bodyZh: r.body_zh, appliesTo: r.applies_to }));
}

export function decodeTerms(value: unknown): TermText[] {
  if (!Array.isArray(value)) return [];
  return value.filter((t): t is TermText => typeof t === 'object' && t !== null && 'bodyEn' in t);
}

/** A document's own copies of its terms, those that apply to its kind (see the domain's termsFor). */
export async function documentTerms(db: Db, value: unknown, kind: TermDocumentKind): Promise<TermText[]> {
  const copies = decodeTerms(value);
  if (copies.length === 0) return copies;
  const known = await db.selectFrom('order_terms').select(['title_en', 'title_zh', 'applies_to']).execute();
  return termsFor(
    copies,
    kind,
    known.map((k) => ({ titleEn: k.title_en, titleZh: k.title_zh, appliesTo: k.applies_to })),
  );
}

/** The options the document forms need: branches, salespeople, active products, terms. */
export async function documentOptions(c: AppContext, appliesTo: 'quotation' | 'order') {
  const { db } = c.var.deps;
  const [branches, salespeople, products, terms] = await Promise.all([
    db.selectFrom('branches').select(['id', 'name_en', 'name_zh']).orderBy('id').execute(),
    db.selectFrom('users').select(['id', 'name']).where('active', '=', true).orderBy('name').execute(),
    db.selectFrom('products').select(['id', 'code', 'name_en', 'name_zh', 'unit', 'unit_price']).where('active', '=', true).orderBy(sql`lower(code)`).execute(),
    db
      .selectFrom('order_terms')
      .select(['id', 'title_en', 'title_zh'])
      .where('active', '=', true)
      .where('applies_to', 'in', [appliesTo, 'both'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return {
    branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh })),
    salespeople: salespeople.map((u) => ({ id: u.id, name: u.name })),
    products: products.map((p) => ({ id: p.id, code: p.code, nameEn: p.name_en, nameZh: p.name_zh, unit: p.unit, unitPrice: p.unit_price })),
    terms: terms.map((t) => ({ id: t.id, titleEn: t.title_en, titleZh: t.title_zh })),
  };
}

/** A client as documents show it: code and both names, never the HKID. */
export async function clientSummary(db: Db, clientId: number) {
  const row = await db.selectFrom('clients').select(['id', 'name_en', 'name_zh']).where('id', '=', clientId).executeTakeFirst();
  if (!row) return null;
  const address = await db.selectFrom('client_addresses').select(['address']).where('client_id', '=', clientId).orderBy('sort_order').orderBy('id').executeTakeFirst();
  const contact = await db
    .selectFrom('client_contacts')
    .select(['name', 'phones'])
    .where('client_id', '=', clientId)
    .orderBy('is_primary', 'desc')
    .orderBy('sort_order')
    .executeTakeFirst();
  return {
    id: row.id,
    code: `C${String(row.id).padStart(6, '0')}`,
    nameEn: row.name_en,
    nameZh: row.name_zh,
    address: address?.address ?? '',
    contact: contact ? { name: contact.name, phones: Array.isArray(contact.phones) ? (contact.phones) : [] } : null,
  };
}

/** The letterhead a document prints under: its branch's company, or the first company. */
export async function letterhead(db: Db, branchId: number | null) {
  const branch = branchId === null ? undefined : await db.selectFrom('branches').selectAll().where('id', '=', branchId).executeTakeFirst();
  let query = db.selectFrom('companies').selectAll();
  query = branch ? query.where('id', '=', branch.company_id) : query.orderBy('id');
  const company = await query.executeTakeFirst();
  if (!company) return null;
  return {
    nameEn: company.name_en,
    nameZh: company.name_zh,
    addressEn: company.address_en,
    addressZh: company.address_zh,
    branchAddress: branch?.address ?? '',
    phone: branch?.phone || company.phone,
    fax: company.fax,
    website: company.website,
    email: company.email,
    brNumber: company.br_number,
    logoUrl: company.logo_key ? `/api/companies/${company.id}/logo?v=${company.logo_key.slice(-8)}` : null,
    chopUrl: company.chop_key ? `/api/companies/${company.id}/chop?v=${company.chop_key.slice(-8)}` : null,
  };
}

/** A list's sort parameter ('-' in front for descending; checked by `sortEnum`) as its expression and direction. */
export function sortOf<T>(sort: string, columns: Readonly<Record<string, T>>): { by: T; direction: 'asc' | 'desc' } {
  const by = columns[sort.replace(/^-/, '')];
  if (by === undefined) throw new Error(`No sort column for ${sort}`);
  return { by, direction: sort.startsWith('-') ? 'desc' : 'asc' };
}

/** The sort parameter's allowed values for the given columns: each ascending and '-' descending. */
export const sortEnum = <K extends string>(columns: readonly K[]) => z.enum(columns.flatMap((k) => [k, `-${k}`]) as [`${K}` | `-${K}`, ...(`${K}` | `-${K}`)[]]);

/**
 * Cells a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return),
 * which the CSV writer neutralises with a leading apostrophe; a plain negative amount ("-100.00", a
 * refund) is no formula and stays a number.
 */
const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/**
 * A CSV file of `rows` under the given headers (in the caller's language), for Excel as well: UTF-8
 * with a byte-order mark and CRLF line ends. papaparse quotes what needs quoting (commas, quotes,
 * line breaks) and neutralises cells that a spreadsheet would read as a formula.
 */
export function csvReply(c: AppContext, filename: string, headers: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const body = `\uFEFF${Papa.unparse({ fields: [...headers], data: rows.map((r) => [...r]) }, { newline: '\r\n', escapeFormulae: FORMULA_START })}`;
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}-${today(c)}.csv"`,
  });
}

export const ListPaging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['json', 'csv']).default('json'),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  branch_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  q: z.string().trim().max(100).optional(),
};

/** The most rows one CSV export writes. */
export const CSV_LIMIT = 50_000;
