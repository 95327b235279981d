import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { TermScope } from '../../../domain/documents/terms';
import { FPS_PROXY_TYPES } from '../../../domain/payments/fps';
import { codeValue, documentCompany, nextDocumentNumber, writeItems, type PrefixKey } from '../../db/documents';
import type { Db, Tx } from '../caller';
import type { ItemInput } from './input';

/** SQL of what quotations and orders share: their lines, terms, client, letterhead and form options. */

export { codeValue, writeItems };

/** The two kinds of sales document, their tables and number prefixes. */
export type DocumentKind = 'quotation' | 'order';
export const ITEMS_TABLE = { quotation: 'quotation_items', order: 'order_items' } as const satisfies Record<DocumentKind, string>;
export const NUMBER_PREFIX = { quotation: 'quotation_prefix', order: 'invoice_prefix' } as const satisfies Record<DocumentKind, PrefixKey>;

/** The next number of a document of its branch's (else its client's) company. */
export async function nextNumber(tx: Tx, prefix: PrefixKey, date: string, branchId: number | null, clientId: number | null): Promise<string> {
  return nextDocumentNumber(tx, prefix, date, await documentCompany(tx, branchId, clientId));
}

/** Which of the records a document names exist: its client, branch, salesperson and products. */
export async function existingReferences(db: Db, input: { clientId: number; branchId: number | null; salespersonId: number | null; productIds: readonly number[] }) {
  const client = await db.selectFrom('clients').select('id').where('id', '=', input.clientId).executeTakeFirst();
  const branch = input.branchId === null ? null : await db.selectFrom('branches').select('id').where('id', '=', input.branchId).executeTakeFirst();
  const salesperson = input.salespersonId === null ? null : await db.selectFrom('users').select('id').where('id', '=', input.salespersonId).executeTakeFirst();
  const products = input.productIds.length > 0 ? (await db.selectFrom('products').select('id').where('id', 'in', [...input.productIds]).execute()).map((r) => r.id) : [];
  return { client: client !== undefined, branch: branch !== undefined, salesperson: salesperson !== undefined, products: new Set(products) };
}

/** The names of the products with these ids. */
export async function productNames(db: Db, ids: readonly number[]) {
  return ids.length > 0 ? db.selectFrom('products').select(['id', 'name_en', 'name_zh']).where('id', 'in', [...ids]).execute() : [];
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
export async function loadItems(db: Db, kind: DocumentKind, ownerId: number): Promise<DocumentItem[]> {
  const owner = kind === 'quotation' ? 'quotation_id' : 'order_id';
  const rows = await db
    .selectFrom(`${ITEMS_TABLE[kind]} as i` as 'order_items as i')
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

/** Writes a document's lines afresh. */
export const saveItems = (tx: Tx, kind: DocumentKind, ownerId: number, items: readonly ItemInput[]) => writeItems(tx, ITEMS_TABLE[kind], ownerId, items);

/** The order terms with these ids, with what each applies to. */
export async function termsByIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('order_terms').select(['id', 'title_en', 'title_zh', 'body_en', 'body_zh', 'applies_to']).where('id', 'in', [...ids]).execute();
}

/** The titles of every order term and what each applies to (to match a document's copies). */
export async function termScopes(db: Db): Promise<{ titleEn: string; titleZh: string; appliesTo: TermScope }[]> {
  const rows = await db.selectFrom('order_terms').select(['title_en', 'title_zh', 'applies_to']).execute();
  return rows.map((k) => ({ titleEn: k.title_en, titleZh: k.title_zh, appliesTo: k.applies_to }));
}

/** The options the document forms need: branches, salespeople, active products, terms. */
export async function documentOptions(db: Db, appliesTo: DocumentKind) {
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
    contact: contact ? { name: contact.name, phones: Array.isArray(contact.phones) ? contact.phones : [] } : null,
  };
}

/** The company a document prints under: its branch's company, or the first company; and the branch. */
export async function letterheadCompany(db: Db, branchId: number | null) {
  const branch = branchId === null ? undefined : await db.selectFrom('branches').selectAll().where('id', '=', branchId).executeTakeFirst();
  let query = db.selectFrom('companies').selectAll();
  query = branch ? query.where('id', '=', branch.company_id) : query.orderBy('id');
  const company = await query.executeTakeFirst();
  return company ? { company, branch } : null;
}

/** The letterhead a document prints under: its branch's company, or the first company. */
export async function letterhead(db: Db, branchId: number | null) {
  const found = await letterheadCompany(db, branchId);
  if (!found) return null;
  const { company, branch } = found;
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
    payment: paymentDetails(company),
  };
}

/** How a company is paid (its FPS identifier and bank account), or null when it has set neither. */
function paymentDetails(company: { fps_type: string; fps_value: string; bank_name: string; bank_account_name: string; bank_account_number: string }) {
  const type = FPS_PROXY_TYPES.find((t) => t === company.fps_type);
  const fps = type && company.fps_value ? { type, value: company.fps_value } : null;
  const bank = { bankName: company.bank_name, accountName: company.bank_account_name, accountNumber: company.bank_account_number };
  return fps || bank.bankName || bank.accountName || bank.accountNumber ? { fps, ...bank } : null;
}

/** The list filters quotations and orders share (client, branch, salesperson, date range), on table alias `t`. */
export interface PartyFilter {
  readonly client_id?: number;
  readonly branch_id?: number;
  readonly salesperson_id?: number;
  readonly date_from?: string;
  readonly date_to?: string;
}

/**
 * The condition of a `PartyFilter` on the document table aliased `t` ('q' or 'o'), for a `where`;
 * null when nothing is set (so the query is left as it is).
 */
export function partyFilter(t: 'q' | 'o', f: PartyFilter) {
  const column = (name: string) => sql.ref(`${t}.${name}`);
  const wanted: [string, '=' | '>=' | '<=', string | number | undefined][] = [
    ['client_id', '=', f.client_id],
    ['branch_id', '=', f.branch_id],
    ['salesperson_id', '=', f.salesperson_id],
    ['date', '>=', f.date_from],
    ['date', '<=', f.date_to],
  ];
  const set = wanted.filter((w): w is [string, '=' | '>=' | '<=', string | number] => w[2] !== undefined && w[2] !== '' && w[2] !== 0);
  if (set.length === 0) return null;
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => eb.and(set.map(([name, op, value]) => eb(column(name), op, value)));
}

/** The sort expression of a client's name (Chinese, else English) on the joined `cl`. */
export const clientNameSort = sql`coalesce(nullif(cl.name_zh, ''), cl.name_en)`;
