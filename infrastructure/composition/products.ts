import type { ApiClient } from '../../application/api/ApiClient';
import type { NavigationService } from '../../application/navigation/NavigationService';
import { CatalogueProductForms } from '../../application/products/CatalogueProductForms';
import type { ProductForms } from '../../application/products/ProductForms';
import type { AppState } from '../../application/state/AppState';
import { HttpProductCatalogue } from '../http/products/HttpProductCatalogue';

/**
 * The products area, built when its first screen opens (productModule binds it with lazyPort): the
 * forms' use-case over the HTTP ProductCatalogue, so neither they nor contract/products.ts reach the
 * sign-in page's bundle.
 */
export function productForms(api: ApiClient, navigation: NavigationService, state: AppState): ProductForms {
  return new CatalogueProductForms(new HttpProductCatalogue(api), navigation, state);
}
