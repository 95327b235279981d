import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import * as z from 'zod';
import { PRODUCT_CODE, PRODUCT_UNITS } from '../../domain/products/units';
import { MAX_CENTS } from '../../domain/money/money';
import { audit, fieldChanges } from '../audit';
import { translate } from '../i18n';
import { errorReply } from '../http/errors';
import type { AppContext, AppEnv } from '../http/env';
import { requirePermission } from '../http/permissions';
import { likePattern, pageWindow, parseQuery } from '../http/query';
import { parseJsonBody } from '../http/validate';
import { fieldErrors, idParam, isForeignKeyViolation, optionalText, sameMessage, versionField } from '../http/fields';
import { INT_MAX } from '../db/limits';
import type { Database } from '../db/schema';

const rate = z.number().int().min(0).max(10_000).nullable().default(null);

const ProductInput = z.object({
  code: z.string().trim().min(1).max(32).regex(PRODUCT_CODE),
  nameEn: optionalText(200),
  nameZh: optionalText(200),
  categoryId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  unit: z.enum(PRODUCT_UNITS),
  unitPrice: z.number().int().min(0).max(Math.min(MAX_CENTS, 2_147_483_647)),
  commissionRateBp: rate,
  active: z.boolean().default(true),
});

const CategoryInput = z.object({
  nameEn: optionalText(120),
  nameZh: optionalText(120),
  parentId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  commissionRateBp: rate,
  sortOrder: z.number().int().min(0).max(9999).default(0),
});

const ListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  active: z.enum(['1', '0']).optional(),
  sort: z.enum(['code', '-code', 'name', '-name', 'price', '-price']).default('code'),
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

type CategoryRow = { id: number; parent_id: number | null; name_en: string; name_zh: string; commission_rate_bp: number | null; sort_order: number; version: number };
const category = (r: CategoryRow) => ({ id: r.id, parentId: r.parent_id, nameEn: r.name_en, nameZh: r.name_zh, commissionRateBp: r.commission_rate_bp, sortOrder: r.sort_order, version: r.version });

/** The category tree: top-level categories in order, each with its sub-categories. */
async function categoryTree(c: AppContext) {
  const rows = await c.var.deps.db.selectFrom('product_categories').selectAll().orderBy('sort_order').orderBy('id').execute();
  const counts = await c.var.deps.db.selectFrom('products').select(['category_id', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('category_id').execute();
  const countOf = (id: number) => Number(counts.find((r) => r.category_id === id)?.n ?? 0);
  return rows
    .filter((r) => r.parent_id === null)
    .map((top) => ({
      ...category(top),
      productCount: countOf(top.id),
      children: rows.filter((r) => r.parent_id === top.id).map((child) => ({ ...category(child), productCount: countOf(child.id), children: [] })),
    }));
}

async function product(c: AppContext, id: number, db: Kysely<Database> = c.var.deps.db) {
  const r = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  return r
    ? { id: r.id, code: r.code, nameEn: r.name_en, nameZh: r.name_zh, categoryId: r.category_id, unit: r.unit, unitPrice: r.unit_price, commissionRateBp: r.commission_rate_bp, active: r.active, version: r.version }
    : null;
}

/** Checks beyond the shape: a name in either language, a unique code, a known category. */
async function checkProduct(c: AppContext, input: z.output<typeof ProductInput>, selfId: number | null) {
  const { db } = c.var.deps;
  const errors: Record<string, string[]> = !input.nameEn && !input.nameZh ? sameMessage(c, ['nameEn', 'nameZh'], 'clients.nameRequired') : {};
  let taken = db.selectFrom('products').select('id').where(sql<string>`lower(code)`, '=', input.code.toLowerCase());
  if (selfId !== null) taken = taken.where('id', '!=', selfId);
  if (await taken.executeTakeFirst()) errors.code = [translate(c.var.language, 'products.codeTaken')];
  if (input.categoryId !== null && !(await db.selectFrom('product_categories').select('id').where('id', '=', input.categoryId).executeTakeFirst())) {
    errors.categoryId = [translate(c.var.language, 'validation.invalid')];
  }
  return errors;
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

/** Products and their two-level categories (spec /products…). */
export function productRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/products', ...requirePermission('product_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { q, category_id, active, sort, page, per_page } = query.value;
    const { db } = c.var.deps;
    let base = db.selectFrom('products');
    if (q) {
      const pattern = likePattern(q);
      base = base.where((eb) => eb.or([eb(sql`lower(products.code)`, 'like', pattern), eb(sql`lower(products.name_en)`, 'like', pattern), eb(sql`lower(products.name_zh)`, 'like', pattern)]));
    }
    if (category_id) {
      // A category includes its sub-categories.
      base = base.where((eb) =>
        eb.or([eb('products.category_id', '=', category_id), eb('products.category_id', 'in', eb.selectFrom('product_categories').select('id').where('parent_id', '=', category_id))]),
      );
    }
    if (active) base = base.where('products.active', '=', active === '1');
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const direction = sort.startsWith('-') ? 'desc' : 'asc';
    const column = sort.replace('-', '');
    const { limit, offset } = pageWindow(page, per_page);
    const rows = await base
      .leftJoin('product_categories as cat', 'cat.id', 'products.category_id')
      .select(['products.id', 'products.code', 'products.name_en', 'products.name_zh', 'products.unit', 'products.unit_price', 'products.active', 'cat.name_en as category_en', 'cat.name_zh as category_zh'])
      .orderBy(column === 'price' ? 'products.unit_price' : column === 'name' ? sql`coalesce(nullif(products.name_zh, ''), products.name_en)` : sql`lower(products.code)`, direction)
      .orderBy('products.id')
      .limit(limit)
      .offset(offset)
      .execute();
    return c.json({
      items: rows.map((r) => ({
        id: r.id,
        code: r.code,
        nameEn: r.name_en,
        nameZh: r.name_zh,
        unit: r.unit,
        unitPrice: r.unit_price,
        active: r.active,
        category: r.category_en === null ? null : { nameEn: r.category_en, nameZh: r.category_zh },
      })),
      total,
      page,
      perPage: per_page,
      categories: await categoryTree(c),
    });
  });

  routes.get('/products/create', ...requirePermission('product_create'), async (c) => c.json({ categories: await categoryTree(c), units: PRODUCT_UNITS }));

  routes.post('/products', ...requirePermission('product_create'), async (c) => {
    const body = await parseJsonBody(c, ProductInput);
    if (body.isErr()) return body.error;
    const input = body.value;
    const errors = await checkProduct(c, input, null);
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const created = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('products')
        .values({
          code: input.code,
          name_en: input.nameEn,
          name_zh: input.nameZh,
          category_id: input.categoryId,
          unit: input.unit,
          unit_price: input.unitPrice,
          commission_rate_bp: input.commissionRateBp,
          active: input.active,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The audit line goes with the change: both are kept, or neither.
      await audit(c, { action: 'create', entityType: 'product', entityId: row.id, changes: input }, tx);
      return product(c, row.id, tx);
    });
    return c.json({ product: created }, 201);
  });

  routes.get('/products/:product_id{[0-9]{1,9}}', ...requirePermission('product_view'), async (c) => {
    const found = await product(c, idParam(c, 'product_id'));
    return found ? c.json({ product: found, categories: await categoryTree(c), units: PRODUCT_UNITS }) : errorReply(c, 404, 'errors.notFound');
  });

  routes.put('/products/:product_id{[0-9]{1,9}}', ...requirePermission('product_edit'), async (c) => {
    const body = await parseJsonBody(c, ProductInput.extend({ version: versionField }));
    if (body.isErr()) return body.error;
    const input = body.value;
    const id = idParam(c, 'product_id');
    const before = await product(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    const errors = await checkProduct(c, input, id);
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const after = await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('products')
        .set((eb) => ({
          code: input.code,
          name_en: input.nameEn,
          name_zh: input.nameZh,
          category_id: input.categoryId,
          unit: input.unit,
          unit_price: input.unitPrice,
          commission_rate_bp: input.commissionRateBp,
          active: input.active,
          updated_at: now(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return null;
      const saved = (await product(c, id, tx))!;
      await audit(c, { action: 'update', entityType: 'product', entityId: id, changes: fieldChanges(before, saved, ['code', 'nameEn', 'nameZh', 'categoryId', 'unit', 'unitPrice', 'commissionRateBp', 'active']) }, tx);
      return saved;
    });
    if (!after) return errorReply(c, 409, 'errors.conflict');
    return c.json({ product: after });
  });

  routes.delete('/products/:product_id{[0-9]{1,9}}', ...requirePermission('product_delete'), async (c) => {
    const id = idParam(c, 'product_id');
    // Locked, checked and deleted in one transaction: a quotation or order line written at the same
    // moment either committed first (and the check sees it) or waits, then finds the product gone.
    const outcome = await c.var.deps.db.transaction().execute(async (tx) => {
      const found = await tx.selectFrom('products').select(['id', 'code', 'name_en', 'name_zh']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!found) return 'notFound' as const;
      for (const check of PRODUCT_RECORD_CHECKS) if (await check(tx, id)) return 'inUse' as const;
      await tx.deleteFrom('products').where('id', '=', id).execute();
      await audit(c, { action: 'delete', entityType: 'product', entityId: id, changes: { code: found.code, nameEn: found.name_en, nameZh: found.name_zh } }, tx);
      return 'deleted' as const;
    });
    if (outcome === 'notFound') return errorReply(c, 404, 'errors.notFound');
    if (outcome === 'inUse') return errorReply(c, 422, 'products.inUse');
    return c.body(null, 204);
  });

  // Categories
  routes.get('/product-categories', ...requirePermission('product_view'), async (c) => c.json(await categoryTree(c)));
  routes.get('/product-categories/create', ...requirePermission('product_create'), async (c) => c.json({ categories: await categoryTree(c) }));

  const checkCategory = async (c: AppContext, input: z.output<typeof CategoryInput>, selfId: number | null) => {
    const errors: Record<string, string[]> = !input.nameEn && !input.nameZh ? sameMessage(c, ['nameEn', 'nameZh'], 'clients.nameRequired') : {};
    if (input.parentId !== null) {
      const parent = await c.var.deps.db.selectFrom('product_categories').select(['id', 'parent_id']).where('id', '=', input.parentId).executeTakeFirst();
      // Two levels only: a sub-category's parent is a top-level category, and never itself.
      if (!parent || parent.parent_id !== null || parent.id === selfId) errors.parentId = [translate(c.var.language, 'products.parentInvalid')];
      if (selfId !== null && (await c.var.deps.db.selectFrom('product_categories').select('id').where('parent_id', '=', selfId).executeTakeFirst())) {
        errors.parentId = [translate(c.var.language, 'products.parentInvalid')];
      }
    }
    return errors;
  };

  routes.post('/product-categories', ...requirePermission('product_create'), async (c) => {
    const body = await parseJsonBody(c, CategoryInput);
    if (body.isErr()) return body.error;
    const input = body.value;
    const errors = await checkCategory(c, input, null);
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const row = await db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('product_categories')
        .values({ name_en: input.nameEn, name_zh: input.nameZh, parent_id: input.parentId, commission_rate_bp: input.commissionRateBp, sort_order: input.sortOrder, created_at: now(), updated_at: now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(c, { action: 'create', entityType: 'product_category', entityId: inserted.id, changes: input }, tx);
      return inserted;
    });
    return c.json({ category: category(row) }, 201);
  });

  routes.get('/product-categories/:id{[0-9]{1,9}}', ...requirePermission('product_view'), async (c) => {
    const row = await c.var.deps.db.selectFrom('product_categories').selectAll().where('id', '=', idParam(c)).executeTakeFirst();
    return row ? c.json({ category: category(row), categories: await categoryTree(c) }) : errorReply(c, 404, 'errors.notFound');
  });

  routes.put('/product-categories/:id{[0-9]{1,9}}', ...requirePermission('product_edit'), async (c) => {
    const body = await parseJsonBody(c, CategoryInput.extend({ version: versionField }));
    if (body.isErr()) return body.error;
    const input = body.value;
    const id = idParam(c);
    const { db, now } = c.var.deps;
    const before = await db.selectFrom('product_categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) return errorReply(c, 404, 'errors.notFound');
    const errors = await checkCategory(c, input, id);
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const row = await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('product_categories')
        .set((eb) => ({ name_en: input.nameEn, name_zh: input.nameZh, parent_id: input.parentId, commission_rate_bp: input.commissionRateBp, sort_order: input.sortOrder, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returningAll()
        .executeTakeFirst();
      if (updated) await audit(c, { action: 'update', entityType: 'product_category', entityId: id, changes: fieldChanges(category(before), category(updated), ['nameEn', 'nameZh', 'parentId', 'commissionRateBp', 'sortOrder']) }, tx);
      return updated;
    });
    if (!row) return errorReply(c, 409, 'errors.conflict');
    return c.json({ category: category(row) });
  });

  routes.delete('/product-categories/:id{[0-9]{1,9}}', ...requirePermission('product_delete'), async (c) => {
    const id = idParam(c);
    // Locked, checked and deleted in one transaction: a product or sub-category saved into it at the
    // same moment either committed first (and the check sees it) or waits, then finds it gone.
    const outcome = await c.var.deps.db
      .transaction()
      .execute(async (tx) => {
        const found = await tx.selectFrom('product_categories').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!found) return 'notFound' as const;
        const used =
          (await tx.selectFrom('product_categories').select('id').where('parent_id', '=', id).executeTakeFirst()) ??
          (await tx.selectFrom('products').select('id').where('category_id', '=', id).executeTakeFirst());
        if (used) return 'inUse' as const;
        const deleted = await tx.deleteFrom('product_categories').where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await audit(c, { action: 'delete', entityType: 'product_category', entityId: id, changes: category(deleted) }, tx);
        return 'deleted' as const;
      })
      .catch((error: unknown) => {
        // The database's own foreign key found a product or sub-category the check could not see.
        if (isForeignKeyViolation(error)) return 'inUse' as const;
        throw error;
      });
    if (outcome === 'notFound') return errorReply(c, 404, 'errors.notFound');
    if (outcome === 'inUse') return errorReply(c, 422, 'products.categoryInUse');
    return c.body(null, 204);
  });

  return routes;
}
