/**
 * The wire of products and their two-level categories (server/products/routes.ts ↔ the browser's
 * HttpProductCatalogue): every reply and each request body the browser sends.
 */
import * as z from 'zod/mini';
import { PRODUCT_UNITS } from '../domain/products/units';
import { BilingualName, Cents, codedName, Id, listPage, Version } from './common';

/** A commission rate in basis points (5.5% = 550), or none (the category's or the user's applies). */
export const RateBp = z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(10_000)));

const categoryFields = {
  id: Id,
  parentId: z.nullable(Id),
  nameEn: z.string(),
  nameZh: z.string(),
  commissionRateBp: RateBp,
  sortOrder: z.number().check(z.int()),
  version: Version,
};

/** A category as a create or an edit returns it. */
export const Category = z.object(categoryFields);
export type Category = z.infer<typeof Category>;

/** A sub-category in the tree (two levels only: it has no children). */
export const SubCategoryNode = z.object({ ...categoryFields, productCount: z.number().check(z.int()), children: z.array(z.never()) });

/** A top-level category in the tree, with how many products it holds and its sub-categories. */
export const CategoryNode = z.object({ ...categoryFields, productCount: z.number().check(z.int()), children: z.array(SubCategoryNode) });
export type CategoryNode = z.infer<typeof CategoryNode>;

/** GET /api/product-categories: the tree. */
export const CategoryTree = z.array(CategoryNode);

/** A product's row in the list. */
export const ProductRow = z.object({
  ...codedName,
  unit: z.string(),
  unitPrice: Cents,
  active: z.boolean(),
  category: z.nullable(BilingualName),
});
export type ProductRow = z.infer<typeof ProductRow>;

/** GET /api/products: a page of products, and the category tree for the filter. */
export const ProductPage = listPage(ProductRow, { categories: CategoryTree });
export type ProductPage = z.infer<typeof ProductPage>;

/** What the product form edits; the form sends one of the known units, a stored product may have another. */
const productFields = <Unit extends z.ZodMiniType<string>>(unit: Unit) => ({
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  categoryId: z.nullable(Id),
  unit,
  unitPrice: Cents,
  commissionRateBp: RateBp,
  active: z.boolean(),
  /** The pesticide's active ingredient ('' when none), printed on service reports (issue 22). */
  activeIngredient: z.string(),
});

export const Product = z.object({ id: Id, ...productFields(z.string()), version: Version });
export type Product = z.infer<typeof Product>;

/** POST and PUT /api/products…: the product as saved. */
export const ProductSaved = z.object({ product: Product });

/** GET /api/products/create: what the new product's form offers. */
export const NewProductScreen = z.object({ categories: CategoryTree, units: z.array(z.enum(PRODUCT_UNITS)) });
export type NewProductScreen = z.infer<typeof NewProductScreen>;

/** GET /api/products/:id: the product and what its form offers. */
export const ProductScreen = z.object({ product: Product, categories: CategoryTree, units: z.array(z.enum(PRODUCT_UNITS)) });
export type ProductScreen = z.infer<typeof ProductScreen>;

/** POST and PUT /api/product-categories…: the category as saved. */
export const CategorySaved = z.object({ category: Category });

/** GET /api/product-categories/create. */
export const NewCategoryScreen = z.object({ categories: CategoryTree });

/** GET /api/product-categories/:id. */
export const CategoryScreen = z.object({ category: Category, categories: CategoryTree });
export type CategoryScreen = z.infer<typeof CategoryScreen>;

/** The body of POST /api/products (and of PUT with the version). */
export const ProductInput = z.object(productFields(z.enum(PRODUCT_UNITS)));
export type ProductInput = z.infer<typeof ProductInput>;

/** The body of POST /api/product-categories (and of PUT with the version). */
export const CategoryInput = z.object({
  nameEn: z.string(),
  nameZh: z.string(),
  parentId: z.nullable(Id),
  commissionRateBp: RateBp,
  sortOrder: z.number().check(z.int()),
});
export type CategoryInput = z.infer<typeof CategoryInput>;
