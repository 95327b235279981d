import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { Category, CategoryInput, Product, ProductInput } from '../products/products';

/** Which record an edit saves: its id and the version the form was loaded with (a stale one is a 409). */
export interface EditOf {
  readonly id: number;
  readonly version: number;
}

/**
 * Products and their categories as the product forms need them: save (create, or edit at a
 * version) and delete. The screens' data comes with their route (ScreenDataTypes).
 */
export interface ProductCatalogue {
  saveProduct(input: ProductInput, edit: EditOf | null): ResultAsync<Product, ApiError>;
  deleteProduct(id: number): ResultAsync<void, ApiError>;
  saveCategory(input: CategoryInput, edit: EditOf | null): ResultAsync<Category, ApiError>;
  deleteCategory(id: number): ResultAsync<void, ApiError>;
}

export const ProductCatalogue = token<ProductCatalogue>('ProductCatalogue');
