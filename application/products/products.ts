import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';

/** Products and categories as the use-cases and screens know them (the wire's shapes: contract/products.ts). */

export interface Category {
  readonly id: number;
  readonly parentId: number | null;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly commissionRateBp: number | null;
  readonly sortOrder: number;
  readonly version: number;
}

/** A category in the tree, with how many products it holds and its sub-categories (two levels). */
export interface CategoryNode extends Category {
  readonly productCount: number;
  readonly children: readonly CategoryNode[];
}

/** The tree as a flat list in display order (each top-level category followed by its sub-categories). */
export function flattenCategories(tree: readonly CategoryNode[]): CategoryNode[] {
  return tree.flatMap((top) => [top, ...top.children]);
}

/*
 * What the products and categories screens offer for the signed-in user's product rights (products
 * and categories share them). Plain functions here, with the screens' other helpers: this module
 * loads with those screens only (ProductForms itself is bound lazily), and a module of its own would
 * add a chunk's name to the sign-in page's entry.
 */

/** The product and category lists' "New …" button, by product_create. */
export function catalogueOffers(user: User | null): { readonly create: boolean } {
  return { create: hasPermission(user, 'product_create') };
}

/**
 * A product's or category's form (`record` null: a new one): saving a new one by product_create, an
 * existing one by product_edit; deleting an existing one by product_delete.
 */
export function catalogueFormOffers(user: User | null, record: object | null): { readonly edit: boolean; readonly delete: boolean } {
  return { edit: hasPermission(user, record ? 'product_edit' : 'product_create'), delete: record !== null && hasPermission(user, 'product_delete') };
}

export interface ProductRow {
  readonly id: number;
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly unit: string;
  readonly unitPrice: number;
  readonly active: boolean;
  readonly category: { readonly nameEn: string; readonly nameZh: string } | null;
}

export interface Product {
  readonly id: number;
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
  readonly version: number;
}

/** What a product's form saves. */
export interface ProductInput {
  readonly code: string;
  readonly nameZh: string;
  readonly nameEn: string;
  readonly categoryId: number | null;
  readonly unit: string;
  readonly unitPrice: number;
  readonly commissionRateBp: number | null;
  readonly active: boolean;
  readonly activeIngredient: string;
}

/** What a category's form saves. */
export interface CategoryInput {
  readonly nameZh: string;
  readonly nameEn: string;
  readonly parentId: number | null;
  readonly commissionRateBp: number | null;
  readonly sortOrder: number;
}

/** The list screen's data: a page of products and the category tree for the filter. */
export interface ProductList {
  readonly items: readonly ProductRow[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  readonly categories: readonly CategoryNode[];
}

/** A product form's data: the product (null on create) and the categories to choose from. */
export interface ProductFormData {
  readonly product: Product | null;
  readonly categories: readonly CategoryNode[];
}

/** A category form's data: the category (null on create) and the top-level categories. */
export interface CategoryFormData {
  readonly category: Category | null;
  readonly categories: readonly CategoryNode[];
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    products: ProductList;
    productForm: ProductFormData;
    categories: readonly CategoryNode[];
    categoryForm: CategoryFormData;
  }
}
