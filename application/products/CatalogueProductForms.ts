import { errAsync, ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { NavigationService } from '../navigation/NavigationService';
import type { ProductCatalogue } from '../ports/ProductCatalogue';
import type { AppState } from '../state/AppState';
import { readCategoryForm, readProductForm, type CategoryFormValues, type ProductFormValues } from './productForm';
import { ProductForms, type FormSaveError } from './ProductForms';
import type { Category, Product } from './products';

export const PRODUCTS_PATH = '/products/product';
export const CATEGORIES_PATH = '/products/categories';
/** Notification title (a message key) shown after a save. */
export const PRODUCT_SAVED = 'products:saved';

/** ProductForms over the ProductCatalogue port: read the form, save, then clear → navigate → notify. */
export class CatalogueProductForms extends ProductForms {
  constructor(
    private readonly catalogue: ProductCatalogue,
    private readonly navigation: NavigationService,
    private readonly state: AppState,
  ) {
    super();
  }

  saveProduct(product: Product | null, form: ProductFormValues): ResultAsync<void, FormSaveError> {
    const input = readProductForm(form);
    if (input.isErr()) return errAsync(input.error);
    return this.catalogue.saveProduct(input.value, product && { id: product.id, version: product.version }).andThen(() => this.done(PRODUCTS_PATH, true));
  }

  deleteProduct(product: Product): ResultAsync<void, ApiError> {
    return this.catalogue.deleteProduct(product.id).andThen(() => this.done(PRODUCTS_PATH, false));
  }

  saveCategory(category: Category | null, form: CategoryFormValues): ResultAsync<void, FormSaveError> {
    const input = readCategoryForm(form);
    if (input.isErr()) return errAsync(input.error);
    return this.catalogue.saveCategory(input.value, category && { id: category.id, version: category.version }).andThen(() => this.done(CATEGORIES_PATH, true));
  }

  deleteCategory(category: Category): ResultAsync<void, ApiError> {
    return this.catalogue.deleteCategory(category.id).andThen(() => this.done(CATEGORIES_PATH, false));
  }

  private done(list: string, saved: boolean): ResultAsync<void, never> {
    this.state.set({ unsavedChanges: false });
    return ResultAsync.fromSafePromise(this.navigation.navigate(list)).map(() => {
      if (saved) this.state.set({ notification: { title: PRODUCT_SAVED, type: 'success' } });
    });
  }
}
