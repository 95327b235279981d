import { err, ok, type Result } from 'neverthrow';
import type { CategoryNode } from '../../contract/products';
import { audit, fieldChanges } from '../audit';
import type { AppContext } from '../http/env';
import { isForeignKeyViolation } from '../http/fields';
import type { ServerMessageKey } from '../i18n';
import type { Failure } from '../service/failure';
import * as repo from './repository';
import type { CategoryRecord, CategoryValues, ProductFilter, ProductRecord, ProductValues } from './repository';

/**
 * Products and their two-level categories: the rules (a name in either language, a unique code, a
 * known category, two levels only, nothing deleted that is in use), the transactions and the audit
 * lines. Each operation returns a Result whose error the route turns into its reply.
 */

/** Why a change is refused. `fields` holds a message key per field, in the order they are shown. */
export type ProductFailure = Extract<Failure<'productInUse' | 'categoryInUse'>, { code: 'notFound' | 'conflict' | 'validation' | 'productInUse' | 'categoryInUse' }>;

export type { CategoryNode };

/** The category tree: top-level categories in order, each with its sub-categories. */
export async function categoryTree(c: AppContext): Promise<CategoryNode[]> {
  const { categories, productCount } = await repo.categoriesWithCounts(c.var.deps.db);
  return categories
    .filter((r) => r.parentId === null)
    .map((top) => ({
      ...top,
      productCount: productCount(top.id),
      children: categories.filter((r) => r.parentId === top.id).map((child) => ({ ...child, productCount: productCount(child.id), children: [] })),
    }));
}

export function listProducts(c: AppContext, filter: ProductFilter) {
  return repo.listProducts(c.var.deps.db, filter);
}

export function findProduct(c: AppContext, id: number): Promise<ProductRecord | null> {
  return repo.findProduct(c.var.deps.db, id);
}

const NAME_REQUIRED: Record<string, ServerMessageKey> = { nameEn: 'clients.nameRequired', nameZh: 'clients.nameRequired' };

const refused = (fields: Record<string, ServerMessageKey>): Result<never, ProductFailure> | null =>
  Object.keys(fields).length > 0 ? err({ code: 'validation', fields }) : null;

/** Checks beyond the shape: a name in either language, a unique code, a known category. */
async function checkProduct(c: AppContext, input: ProductValues, selfId: number | null): Promise<Record<string, ServerMessageKey>> {
  const { db } = c.var.deps;
  const fields: Record<string, ServerMessageKey> = !input.nameEn && !input.nameZh ? { ...NAME_REQUIRED } : {};
  if (await repo.productCodeTaken(db, input.code, selfId)) fields.code = 'products.codeTaken';
  if (input.categoryId !== null && !(await repo.findCategory(db, input.categoryId))) fields.categoryId = 'validation.invalid';
  return fields;
}

export async function createProduct(c: AppContext, input: ProductValues): Promise<Result<ProductRecord, ProductFailure>> {
  const invalid = refused(await checkProduct(c, input, null));
  if (invalid) return invalid;
  const { db, now } = c.var.deps;
  const created = await db.transaction().execute(async (tx) => {
    const id = await repo.insertProduct(tx, input, now());
    // The audit line goes with the change: both are kept, or neither.
    await audit(c, { action: 'create', entityType: 'product', entityId: id, changes: { ...input } }, tx);
    return (await repo.findProduct(tx, id))!;
  });
  return ok(created);
}

export async function updateProduct(c: AppContext, id: number, input: ProductValues & { readonly version: number }): Promise<Result<ProductRecord, ProductFailure>> {
  const before = await repo.findProduct(c.var.deps.db, id);
  if (!before) return err({ code: 'notFound' });
  const invalid = refused(await checkProduct(c, input, id));
  if (invalid) return invalid;
  const { db, now } = c.var.deps;
  const { version, ...values } = input;
  const after = await db.transaction().execute(async (tx) => {
    if (!(await repo.updateProduct(tx, id, version, values, now()))) return null;
    const saved = (await repo.findProduct(tx, id))!;
    await audit(c, { action: 'update', entityType: 'product', entityId: id, changes: fieldChanges(before, saved, ['code', 'nameEn', 'nameZh', 'categoryId', 'unit', 'unitPrice', 'commissionRateBp', 'active']) }, tx);
    return saved;
  });
  return after ? ok(after) : err({ code: 'conflict' });
}

export async function deleteProduct(c: AppContext, id: number): Promise<Result<void, ProductFailure>> {
  // Locked, checked and deleted in one transaction: a quotation or order line written at the same
  // moment either committed first (and the check sees it) or waits, then finds the product gone.
  const outcome = await c.var.deps.db.transaction().execute(async (tx) => {
    const found = await repo.lockProduct(tx, id);
    if (!found) return 'notFound' as const;
    for (const check of repo.PRODUCT_RECORD_CHECKS) if (await check(tx, id)) return 'productInUse' as const;
    await repo.deleteProduct(tx, id);
    await audit(c, { action: 'delete', entityType: 'product', entityId: id, changes: { code: found.code, nameEn: found.name_en, nameZh: found.name_zh } }, tx);
    return 'deleted' as const;
  });
  return outcome === 'deleted' ? ok(undefined) : err({ code: outcome });
}

export function findCategory(c: AppContext, id: number): Promise<CategoryRecord | null> {
  return repo.findCategory(c.var.deps.db, id);
}

async function checkCategory(c: AppContext, input: CategoryValues, selfId: number | null): Promise<Record<string, ServerMessageKey>> {
  const { db } = c.var.deps;
  const fields: Record<string, ServerMessageKey> = !input.nameEn && !input.nameZh ? { ...NAME_REQUIRED } : {};
  if (input.parentId !== null) {
    const parent = await repo.findCategory(db, input.parentId);
    // Two levels only: a sub-category's parent is a top-level category, and never itself.
    if (!parent || parent.parentId !== null || parent.id === selfId) fields.parentId = 'products.parentInvalid';
    if (selfId !== null && (await repo.hasSubCategories(db, selfId))) fields.parentId = 'products.parentInvalid';
  }
  return fields;
}

export async function createCategory(c: AppContext, input: CategoryValues): Promise<Result<CategoryRecord, ProductFailure>> {
  const invalid = refused(await checkCategory(c, input, null));
  if (invalid) return invalid;
  const { db, now } = c.var.deps;
  const created = await db.transaction().execute(async (tx) => {
    const row = await repo.insertCategory(tx, input, now());
    await audit(c, { action: 'create', entityType: 'product_category', entityId: row.id, changes: { ...input } }, tx);
    return row;
  });
  return ok(created);
}

export async function updateCategory(c: AppContext, id: number, input: CategoryValues & { readonly version: number }): Promise<Result<CategoryRecord, ProductFailure>> {
  const { db, now } = c.var.deps;
  const before = await repo.findCategory(db, id);
  if (!before) return err({ code: 'notFound' });
  const invalid = refused(await checkCategory(c, input, id));
  if (invalid) return invalid;
  const { version, ...values } = input;
  const row = await db.transaction().execute(async (tx) => {
    const updated = await repo.updateCategory(tx, id, version, values, now());
    if (updated) await audit(c, { action: 'update', entityType: 'product_category', entityId: id, changes: fieldChanges(before, updated, ['nameEn', 'nameZh', 'parentId', 'commissionRateBp', 'sortOrder']) }, tx);
    return updated;
  });
  return row ? ok(row) : err({ code: 'conflict' });
}

export async function deleteCategory(c: AppContext, id: number): Promise<Result<void, ProductFailure>> {
  // Locked, checked and deleted in one transaction: a product or sub-category saved into it at the
  // same moment either committed first (and the check sees it) or waits, then finds it gone.
  const outcome = await c.var.deps.db
    .transaction()
    .execute(async (tx) => {
      if (!(await repo.lockCategory(tx, id))) return 'notFound' as const;
      if (await repo.categoryInUse(tx, id)) return 'categoryInUse' as const;
      const deleted = await repo.deleteCategory(tx, id);
      await audit(c, { action: 'delete', entityType: 'product_category', entityId: id, changes: { ...deleted } }, tx);
      return 'deleted' as const;
    })
    .catch((error: unknown) => {
      // The database's own foreign key found a product or sub-category the check could not see.
      if (isForeignKeyViolation(error)) return 'categoryInUse' as const;
      throw error;
    });
  return outcome === 'deleted' ? ok(undefined) : err({ code: outcome });
}
