import { sql, type Kysely, type Transaction } from 'kysely';
import { countOf } from '../db/paging';
import type { Database } from '../db/schema';
import { insertStamped, updateAtVersion } from '../db/versioned';
import { likePattern } from '../http/query';

/** Products and their categories in the database: Kysely only, rows in and rows out. */

type Db = Kysely<Database> | Transaction<Database>;

/** What a product's form saves (the columns a create or an edit writes). */
export type ProductValues = {
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly categoryId: number | null;
  readonly unit: string;
  readonly unitPrice: number;
  readonly commissionRateBp: number | null;
  readonly active: boolean;
  /** The pesticide's active ingredient ('' when none). */
  readonly activeIngredient: string;
};

/** What a category's form saves. */
export type CategoryValues = {
  readonly nameEn: string;
  readonly nameZh: string;
  readonly parentId: number | null;
  readonly commissionRateBp: number | null;
  readonly sortOrder: number;
};

/** A product or a category as stored: what its form saves, with its id and version. */
type Stored<Values> = Values & { readonly id: number; readonly version: number };
export type ProductRecord = Stored<ProductValues>;
export type CategoryRecord = Stored<CategoryValues>;

type CategoryRow = { id: number; parent_id: number | null; name_en: string; name_zh: string; commission_rate_bp: number | null; sort_order: number; version: number };
export const categoryRecord = (r: CategoryRow): CategoryRecord => ({
  id: r.id,
  parentId: r.parent_id,
  nameEn: r.name_en,
  nameZh: r.name_zh,
  commissionRateBp: r.commission_rate_bp,
  sortOrder: r.sort_order,
  version: r.version,
});

const productColumns = (v: ProductValues) => ({
  code: v.code,
  name_en: v.nameEn,
  name_zh: v.nameZh,
  category_id: v.categoryId,
  unit: v.unit,
  unit_price: v.unitPrice,
  commission_rate_bp: v.commissionRateBp,
  active: v.active,
  active_ingredient: v.activeIngredient,
});

const categoryColumns = (v: CategoryValues) => ({
  name_en: v.nameEn,
  name_zh: v.nameZh,
  parent_id: v.parentId,
  commission_rate_bp: v.commissionRateBp,
  sort_order: v.sortOrder,
});

/** Every category in display order, and how many products each holds. */
export async function categoriesWithCounts(db: Db): Promise<{ categories: CategoryRecord[]; productCount: (categoryId: number) => number }> {
  const rows = await db.selectFrom('product_categories').selectAll().orderBy('sort_order').orderBy('id').execute();
  const counts = await db.selectFrom('products').select(['category_id', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('category_id').execute();
  return { categories: rows.map(categoryRecord), productCount: (id) => Number(counts.find((r) => r.category_id === id)?.n ?? 0) };
}

export async function findProduct(db: Db, id: number): Promise<ProductRecord | null> {
  const r = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  return r
    ? { id: r.id, code: r.code, nameEn: r.name_en, nameZh: r.name_zh, categoryId: r.category_id, unit: r.unit, unitPrice: r.unit_price, commissionRateBp: r.commission_rate_bp, active: r.active, activeIngredient: r.active_ingredient, version: r.version }
    : null;
}

/** Whether another product (not `selfId`) has this code, whatever its case. */
export async function productCodeTaken(db: Db, code: string, selfId: number | null): Promise<boolean> {
  let taken = db.selectFrom('products').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase());
  if (selfId !== null) taken = taken.where('id', '!=', selfId);
  return (await taken.executeTakeFirst()) !== undefined;
}

export interface ProductFilter {
  readonly q?: string | undefined;
  /** A category, with its sub-categories. */
  readonly categoryId?: number | undefined;
  readonly active?: boolean | undefined;
  readonly sort: 'code' | 'name' | 'price';
  readonly direction: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: number;
}

/** One page of products (with their category's names) and how many match in all. */
export async function listProducts(db: Db, filter: ProductFilter) {
  let base = db.selectFrom('products');
  if (filter.q) {
    const pattern = likePattern(filter.q);
    base = base.where((eb) => eb.or([eb(sql`lower(products.code)`, 'like', pattern), eb(sql`lower(products.name_en)`, 'like', pattern), eb(sql`lower(products.name_zh)`, 'like', pattern)]));
  }
  const categoryId = filter.categoryId;
  if (categoryId) {
    base = base.where((eb) =>
      eb.or([eb('products.category_id', '=', categoryId), eb('products.category_id', 'in', eb.selectFrom('product_categories').select('id').where('parent_id', '=', categoryId))]),
    );
  }
  if (filter.active !== undefined) base = base.where('products.active', '=', filter.active);
  const total = await countOf(base);
  const rows = await base
    .leftJoin('product_categories as cat', 'cat.id', 'products.category_id')
    .select(['products.id', 'products.code', 'products.name_en', 'products.name_zh', 'products.unit', 'products.unit_price', 'products.active', 'cat.name_en as category_en', 'cat.name_zh as category_zh'])
    .orderBy(filter.sort === 'price' ? 'products.unit_price' : filter.sort === 'name' ? sql`coalesce(nullif(products.name_zh, ''), products.name_en)` : sql`lower(products.code)`, filter.direction)
    .orderBy('products.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      code: r.code,
      nameEn: r.name_en,
      nameZh: r.name_zh,
      unit: r.unit,
      unitPrice: r.unit_price,
      active: r.active,
      category: r.category_en === null ? null : { nameEn: r.category_en, nameZh: r.category_zh ?? '' },
    })),
  };
}

export const insertProduct = (tx: Db, values: ProductValues, now: Date): Promise<number> => insertStamped(tx, 'products', productColumns(values), now);

/** Writes the product if it is still at `version`; false when it is not (or is gone). */
export const updateProduct = (tx: Db, id: number, version: number, values: ProductValues, now: Date): Promise<boolean> =>
  updateAtVersion(tx, 'products', { id, version }, productColumns(values), now);

/** The product's row, locked for the rest of the transaction. */
export function lockProduct(tx: Db, id: number) {
  return tx.selectFrom('products').select(['id', 'code', 'name_en', 'name_zh']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function deleteProduct(tx: Db, id: number): Promise<void> {
  await tx.deleteFrom('products').where('id', '=', id).execute();
}

/**
 * Whether business records (order and quotation lines, as their tables arrive) use the product; such
 * a product is deactivated rather than deleted. Each feature adds its check here. They run inside the
 * delete's transaction (`db` is that transaction), after the product's row is locked.
 */
export const PRODUCT_RECORD_CHECKS: ((db: Kysely<Database>, productId: number) => Promise<boolean>)[] = [
  async (db, productId) => Boolean(await db.selectFrom('order_items').select('id').where('product_id', '=', productId).executeTakeFirst()),
  async (db, productId) => Boolean(await db.selectFrom('quotation_items').select('id').where('product_id', '=', productId).executeTakeFirst()),
];

export async function findCategory(db: Db, id: number): Promise<CategoryRecord | null> {
  const row = await db.selectFrom('product_categories').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? categoryRecord(row) : null;
}

export async function hasSubCategories(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('product_categories').select('id').where('parent_id', '=', id).executeTakeFirst()) !== undefined;
}

export const insertCategory = async (tx: Db, values: CategoryValues, now: Date): Promise<CategoryRecord> =>
  (await findCategory(tx, await insertStamped(tx, 'product_categories', categoryColumns(values), now)))!;

/** Writes the category if it is still at `version`; null when it is not (or is gone). */
export const updateCategory = async (tx: Db, id: number, version: number, values: CategoryValues, now: Date): Promise<CategoryRecord | null> =>
  (await updateAtVersion(tx, 'product_categories', { id, version }, categoryColumns(values), now)) ? findCategory(tx, id) : null;

export async function lockCategory(tx: Db, id: number): Promise<boolean> {
  return (await tx.selectFrom('product_categories').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
}

/** Whether a sub-category or a product is in the category. */
export async function categoryInUse(tx: Db, id: number): Promise<boolean> {
  return (await hasSubCategories(tx, id)) || (await tx.selectFrom('products').select('id').where('category_id', '=', id).executeTakeFirst()) !== undefined;
}

export async function deleteCategory(tx: Db, id: number): Promise<CategoryRecord> {
  return categoryRecord(await tx.deleteFrom('product_categories').where('id', '=', id).returningAll().executeTakeFirstOrThrow());
}
