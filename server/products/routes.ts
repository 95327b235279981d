import { Hono } from 'hono';
import * as z from 'zod';
import { CategoryTree, NewCategoryScreen, NewProductScreen, CategoryScreen, CategorySaved, ProductPage, ProductSaved, ProductScreen } from '../../contract/products';
import { MAX_CENTS } from '../../domain/money/money';
import { PRODUCT_CODE, PRODUCT_UNITS } from '../../domain/products/units';
import { INT_MAX } from '../db/limits';
import type { AppEnv } from '../http/env';
import { failureReplies } from '../http/failure';
import { idParam, optionalText, versionField } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { pageWindow, parseQuery } from '../http/query';
import { replies } from '../http/reply';
import { savedReplies, screenReplies, shown, writes } from '../http/handlers';
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
  activeIngredient: z.string().trim().max(200).default(''),
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
const { save, remove } = writes(failureReplies<ProductFailure>({ productInUse: [422, 'products.inUse'], categoryInUse: [422, 'products.categoryInUse'] }));

/** Products and their two-level categories (spec /products…): HTTP in and out; the rules are in ./service. */
export function productRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const product = screenReplies({ list: ProductPage, newForm: NewProductScreen, page: ProductScreen, saved: ProductSaved });
  const category = { tree: replies(CategoryTree), newForm: replies(NewCategoryScreen), page: replies(CategoryScreen), ...savedReplies(CategorySaved) };

  routes.get('/products', product.list, ...requirePermission('product_view'), async (c) => {
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
    return product.list.send(c, { items: rows, total, page, perPage: per_page, categories: await products.categoryTree(c) });
  });

  routes.get('/products/create', product.newForm, ...requirePermission('product_create'), async (c) => product.newForm.send(c, { categories: await products.categoryTree(c), units: [...PRODUCT_UNITS] }));
  routes.post('/products', product.created, ...requirePermission('product_create'), save(ProductInput, products.createProduct, product.created, (saved) => ({ product: saved })));
  const productPage = shown((c) => products.findProduct(c, idParam(c, 'product_id')), product.page, async (found, c) => ({ product: found, categories: await products.categoryTree(c), units: [...PRODUCT_UNITS] }));
  routes.get('/products/:product_id{[0-9]{1,9}}', product.page, ...requirePermission('product_view'), productPage);
  const updateProduct = save(ProductInput.extend({ version: versionField }), (c, input) => products.updateProduct(c, idParam(c, 'product_id'), input), product.saved, (saved) => ({ product: saved }));
  routes.put('/products/:product_id{[0-9]{1,9}}', product.saved, ...requirePermission('product_edit'), updateProduct);
  routes.delete('/products/:product_id{[0-9]{1,9}}', ...requirePermission('product_delete'), remove((c) => products.deleteProduct(c, idParam(c, 'product_id'))));

  // Categories
  routes.get('/product-categories', category.tree, ...requirePermission('product_view'), async (c) => category.tree.send(c, await products.categoryTree(c)));
  routes.get('/product-categories/create', category.newForm, ...requirePermission('product_create'), async (c) => category.newForm.send(c, { categories: await products.categoryTree(c) }));
  routes.post('/product-categories', category.created, ...requirePermission('product_create'), save(CategoryInput, products.createCategory, category.created, (saved) => ({ category: saved })));
  const categoryPage = shown((c) => products.findCategory(c, idParam(c)), category.page, async (found, c) => ({ category: found, categories: await products.categoryTree(c) }));
  routes.get('/product-categories/:id{[0-9]{1,9}}', category.page, ...requirePermission('product_view'), categoryPage);
  const updateCategory = save(CategoryInput.extend({ version: versionField }), (c, input) => products.updateCategory(c, idParam(c), input), category.saved, (saved) => ({ category: saved }));
  routes.put('/product-categories/:id{[0-9]{1,9}}', category.saved, ...requirePermission('product_edit'), updateCategory);
  routes.delete('/product-categories/:id{[0-9]{1,9}}', ...requirePermission('product_delete'), remove((c) => products.deleteCategory(c, idParam(c))));

  return routes;
}
