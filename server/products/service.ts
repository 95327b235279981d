import { err, ok, type Result } from 'neverthrow';
import type { CategoryNode } from '../../contract/products';
import { audit, fieldChanges } from '../audit';
import type { AppContext } from '../http/env';
import { isForeignKeyViolation } from '../http/fields';
import type { ServerMessageKey } from '../i18n';
import { serviceContext, type Tx } from '../service/context';
import type { Failure } from '../service/failure';
import { createAudited, updateAudited } from '../service/records';
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

const PRODUCT_FIELDS = ['code', 'nameEn', 'nameZh', 'categoryId', 'unit', 'unitPrice', 'commissionRateBp', 'active', 'activeIngredient'] as const;
const CATEGORY_FIELDS = ['nameEn', 'nameZh', 'parentId', 'commissionRateBp', 'sortOrder'] as const;

export async function createProduct(c: AppContext, input: ProductValues): Promise<Result<ProductRecord, ProductFailure>> {
  const invalid = refused(await checkProduct(c, input, null));
  if (invalid) return invalid;
  const ctx = serviceContext(c);
  return ok(await createAudited(ctx, 'product', async (tx) => (await repo.findProduct(tx, await repo.insertProduct(tx, input, ctx.now())))!, () => ({ ...input })));
}

export async function updateProduct(c: AppContext, id: number, input: ProductValues & { readonly version: number }): Promise<Result<ProductRecord, ProductFailure>> {
  const before = await repo.findProduct(c.var.deps.db, id);
  if (!before) return err({ code: 'notFound' });
  const invalid = refused(await checkProduct(c, input, id));
  if (invalid) return invalid;
  const ctx = serviceContext(c);
  const { version, ...values } = input;
  const update = async (tx: Tx) => ((await repo.updateProduct(tx, id, version, values, ctx.now())) ? repo.findProduct(tx, id) : null);
  return updateAudited(ctx, 'product', id, update, (saved) => fieldChanges(before, saved, PRODUCT_FIELDS));
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
  const ctx = serviceContext(c);
  return ok(await createAudited(ctx, 'product_category', (tx) => repo.insertCategory(tx, input, ctx.now()), () => ({ ...input })));
}

export async function updateCategory(c: AppContext, id: number, input: CategoryValues & { readonly version: number }): Promise<Result<CategoryRecord, ProductFailure>> {
  const before = await repo.findCategory(c.var.deps.db, id);
  if (!before) return err({ code: 'notFound' });
  const invalid = refused(await checkCategory(c, input, id));
  if (invalid) return invalid;
  const ctx = serviceContext(c);
  const { version, ...values } = input;
  return updateAudited(ctx, 'product_category', id, (tx) => repo.updateCategory(tx, id, version, values, ctx.now()), (saved) => fieldChanges(before, saved, CATEGORY_FIELDS));
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
