import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { CategoryFormValues, ProductFormValues } from './productForm';
import type { Category, Product } from './products';

/** A save refused here (nothing sent: the domain's rules found fields wrong), or by the server. */
export type FormSaveError = Invalid | ApiError;

/**
 * Saving and deleting products and categories from their forms: the form is read with the domain's
 * rules (nothing is sent while it is wrong), saved, and then the unsaved-changes flag is cleared, the
 * list opens and (after a save) says it is saved. A failure comes back to the form (a stale save:
 * 409, what was typed is kept). The class is the screens' key (`useService(ProductForms)`); its
 * implementation, CatalogueProductForms, loads with the first products screen, not with the sign-in
 * page.
 */
export abstract class ProductForms {
  /** Creates (`product` null) or edits the product at the version its form was loaded with. */
  abstract saveProduct(product: Product | null, form: ProductFormValues): ResultAsync<void, FormSaveError>;
  abstract deleteProduct(product: Product): ResultAsync<void, ApiError>;
  abstract saveCategory(category: Category | null, form: CategoryFormValues): ResultAsync<void, FormSaveError>;
  abstract deleteCategory(category: Category): ResultAsync<void, ApiError>;
}
