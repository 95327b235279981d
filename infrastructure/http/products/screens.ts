import * as z from 'zod/mini';
import type { Decode } from '../../../application/api/ApiClient';
import type { CategoryFormData, CategoryNode, ProductFormData, ProductList } from '../../../application/products/products';
import { CategoryScreen, CategoryTree, NewCategoryScreen, NewProductScreen, ProductPage, ProductScreen } from '../../../contract/products';
import { decoderOf } from '../wire';

/**
 * The products screens' data read from their route's reply (contract/products.ts), loaded with the
 * first products screen (SCREEN_DECODERS). A create form's reply has no record: it opens empty.
 */
export const products: Decode<ProductList> = decoderOf(ProductPage);

export const productForm: Decode<ProductFormData> = decoderOf(
  z.union([
    z.pipe(ProductScreen, z.transform(({ product, categories }): ProductFormData => ({ product, categories }))),
    z.pipe(NewProductScreen, z.transform(({ categories }): ProductFormData => ({ product: null, categories }))),
  ]),
);

export const categories: Decode<readonly CategoryNode[]> = decoderOf(CategoryTree);

export const categoryForm: Decode<CategoryFormData> = decoderOf(
  z.union([
    z.pipe(CategoryScreen, z.transform(({ category, categories: tree }): CategoryFormData => ({ category, categories: tree }))),
    z.pipe(NewCategoryScreen, z.transform(({ categories: tree }): CategoryFormData => ({ category: null, categories: tree }))),
  ]),
);
