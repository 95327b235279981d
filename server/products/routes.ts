import { Hono } from 'hono';
import * as z from 'zod';
import { CategoryTree, NewCategoryScreen, NewProductScreen, CategoryScreen, CategorySaved, ProductPage, ProductSaved, ProductScreen } from '../../contract/products';
import { MAX_CENTS } from '../../domain/money/money';
import { PRODUCT_CODE, PRODUCT_UNITS } from '../../domain/products/units';
import { INT_MAX } from '../db/limits';
import type { AppEnv } from '../http/env';
import { errorReply } from '../http/errors';
import { failureReplies } from '../http/failure';
import { idParam, optionalText, versionField } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { pageWindow, parseQuery } from '../http/query';
import { replies } from '../http/reply';
import { parseJsonBody } from '../http/validate';
import * as products from './service';
import type { ProductFailure } from './service';

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

/** The reply for a refused change: the same statuses and messages as ever. */
const failureReply = failureReplies<ProductFailure>({ productInUse: [422, 'products.inUse'], categoryInUse: [422, 'products.categoryInUse'] });

/** Products and their two-level categories (spec /products…): HTTP in and out; the rules are in ./service. */
export function productRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const list = replies(ProductPage);
  const newProduct = replies(NewProductScreen);
  const productCreated = replies(ProductSaved, 201);
  const productPage = replies(ProductScreen);
  const productSaved = replies(ProductSaved);
  const tree = replies(CategoryTree);
  const newCategory = replies(NewCategoryScreen);
  const categoryCreated = replies(CategorySaved, 201);
  const categoryPage = replies(CategoryScreen);
  const categorySaved = replies(CategorySaved);

  routes.get('/products', list, ...requirePermission('product_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { q, category_id, active, sort, page, per_page } = query.value;
    const { total, rows } = await products.listProducts(c, {
      q,
      categoryId: category_id,
      active: active === undefined ? undefined : active === '1',
      sort: sort.replace('-', '') as 'code' | 'name' | 'price',
      direction: sort.startsWith('-') ? 'desc' : 'asc',
      ...pageWindow(page, per_page),
    });
    return list.send(c, { items: rows, total, page, perPage: per_page, categories: await products.categoryTree(c) });
  });

  routes.get('/products/create', newProduct, ...requirePermission('product_create'), async (c) => newProduct.send(c, { categories: await products.categoryTree(c), units: [...PRODUCT_UNITS] }));

  routes.post('/products', productCreated, ...requirePermission('product_create'), async (c) => {
    const body = await parseJsonBody(c, ProductInput);
    if (body.isErr()) return body.error;
    const created = await products.createProduct(c, body.value);
    return created.isErr() ? failureReply(c, created.error) : productCreated.send(c, { product: created.value });
  });

  routes.get('/products/:product_id{[0-9]{1,9}}', productPage, ...requirePermission('product_view'), async (c) => {
    const found = await products.findProduct(c, idParam(c, 'product_id'));
    return found ? productPage.send(c, { product: found, categories: await products.categoryTree(c), units: [...PRODUCT_UNITS] }) : errorReply(c, 404, 'errors.notFound');
  });

  routes.put('/products/:product_id{[0-9]{1,9}}', productSaved, ...requirePermission('product_edit'), async (c) => {
    const body = await parseJsonBody(c, ProductInput.extend({ version: versionField }));
    if (body.isErr()) return body.error;
    const saved = await products.updateProduct(c, idParam(c, 'product_id'), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : productSaved.send(c, { product: saved.value });
  });

  routes.delete('/products/:product_id{[0-9]{1,9}}', ...requirePermission('product_delete'), async (c) => {
    const deleted = await products.deleteProduct(c, idParam(c, 'product_id'));
    return deleted.isErr() ? failureReply(c, deleted.error) : c.body(null, 204);
  });

  // Categories
  routes.get('/product-categories', tree, ...requirePermission('product_view'), async (c) => tree.send(c, await products.categoryTree(c)));
  routes.get('/product-categories/create', newCategory, ...requirePermission('product_create'), async (c) => newCategory.send(c, { categories: await products.categoryTree(c) }));

  routes.post('/product-categories', categoryCreated, ...requirePermission('product_create'), async (c) => {
    const body = await parseJsonBody(c, CategoryInput);
    if (body.isErr()) return body.error;
    const created = await products.createCategory(c, body.value);
    return created.isErr() ? failureReply(c, created.error) : categoryCreated.send(c, { category: created.value });
  });

  routes.get('/product-categories/:id{[0-9]{1,9}}', categoryPage, ...requirePermission('product_view'), async (c) => {
    const found = await products.findCategory(c, idParam(c));
    return found ? categoryPage.send(c, { category: found, categories: await products.categoryTree(c) }) : errorReply(c, 404, 'errors.notFound');
  });

  routes.put('/product-categories/:id{[0-9]{1,9}}', categorySaved, ...requirePermission('product_edit'), async (c) => {
    const body = await parseJsonBody(c, CategoryInput.extend({ version: versionField }));
    if (body.isErr()) return body.error;
    const saved = await products.updateCategory(c, idParam(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : categorySaved.send(c, { category: saved.value });
  });

  routes.delete('/product-categories/:id{[0-9]{1,9}}', ...requirePermission('product_delete'), async (c) => {
    const deleted = await products.deleteCategory(c, idParam(c));
    return deleted.isErr() ? failureReply(c, deleted.error) : c.body(null, 204);
  });

  return routes;
}
