import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { EditOf, ProductCatalogue } from '../../../application/ports/ProductCatalogue';
import type { Category, CategoryInput, Product, ProductInput } from '../../../application/products/products';
import { CategorySaved, ProductSaved } from '../../../contract/products';
import { decoderOf } from '../wire';

const saveRequest = <B extends object>(path: string, body: B, edit: EditOf | null) =>
  edit ? { method: 'PUT' as const, path: `${path}/${edit.id}`, body: { ...body, version: edit.version } } : { method: 'POST' as const, path, body };

/**
 * Products and categories over the API (/api/products…, /api/product-categories…), decoded with
 * contract/products.ts. Loaded with the first products screen (infrastructure/composition/products.ts, bound with lazyPort), so the
 * schemas stay off the sign-in page's bundle.
 */
export class HttpProductCatalogue implements ProductCatalogue {
  constructor(private readonly api: ApiClient) {}

  saveProduct(input: ProductInput, edit: EditOf | null): ResultAsync<Product, ApiError> {
    return this.api.call(saveRequest('/api/products', input, edit), decoderOf(ProductSaved)).map((reply) => reply.product);
  }

  deleteProduct(id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/products/${id}`).map(() => undefined);
  }

  saveCategory(input: CategoryInput, edit: EditOf | null): ResultAsync<Category, ApiError> {
    return this.api.call(saveRequest('/api/product-categories', input, edit), decoderOf(CategorySaved)).map((reply) => reply.category);
  }

  deleteCategory(id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/product-categories/${id}`).map(() => undefined);
  }
}
