import { errAsync, okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../application/api/ApiError';
import type { ProductCatalogue } from '../../application/ports/ProductCatalogue';
import { CatalogueProductForms } from '../../application/products/CatalogueProductForms';
import { categoryFormValues, productFormValues, readCategoryForm, readProductForm } from '../../application/products/productForm';
import type { Category, CategoryInput, Product, ProductInput } from '../../application/products/products';
import { Category as CategorySchema, Product as ProductSchema } from '../../contract/products';
import { createCore } from '../support/fakes';

const PRODUCT: Product = ProductSchema.parse({ id: 5, code: 'TM-INSP', nameEn: 'Termite inspection', nameZh: '白蟻視察', categoryId: 2, unit: 'visit', unitPrice: 80_000, commissionRateBp: 550, active: true, activeIngredient: 'Fipronil 0.05%', version: 4 });
/** The message of a rule the form breaks (products namespace). */
const rule = (code: string) => ({ key: `products:validation.${code}` });

const CATEGORY: Category = CategorySchema.parse({ id: 2, parentId: 1, nameEn: 'Termites', nameZh: '白蟻', commissionRateBp: null, sortOrder: 3, version: 2 });

/** A catalogue that records what it is asked to save, and answers `outcome`. */
function fakeCatalogue(outcome: ApiError | null = null) {
  const saved: { input: ProductInput | CategoryInput; edit: { id: number; version: number } | null }[] = [];
  const deleted: number[] = [];
  const answer = <T>(value: T) => (outcome ? errAsync<T, ApiError>(outcome) : okAsync<T, ApiError>(value));
  const catalogue: ProductCatalogue = {
    saveProduct: (input, edit) => (saved.push({ input, edit }), answer(PRODUCT)),
    deleteProduct: (id) => (deleted.push(id), answer(undefined)),
    saveCategory: (input, edit) => (saved.push({ input, edit }), answer(CATEGORY)),
    deleteCategory: (id) => (deleted.push(id), answer(undefined)),
  };
  return { catalogue, saved, deleted };
}

function forms(outcome: ApiError | null = null) {
  const core = createCore({ start: '/products/product/5' });
  const fake = fakeCatalogue(outcome);
  return { ...core, ...fake, forms: new CatalogueProductForms(fake.catalogue, core.navigation, core.state) };
}

describe('the product form model', () => {
  it('opens with the product’s values (price in dollars, commission in percent), or a new product’s defaults', () => {
    expect(productFormValues(PRODUCT)).toEqual({ code: 'TM-INSP', nameZh: '白蟻視察', nameEn: 'Termite inspection', categoryId: '2', unit: 'visit', unitPrice: '800.00', commission: '5.5', active: true, activeIngredient: 'Fipronil 0.05%' });
    expect(productFormValues(null)).toEqual({ code: '', nameZh: '', nameEn: '', categoryId: '', unit: 'visit', unitPrice: '', commission: '', active: true, activeIngredient: '' });
  });

  it('reads the price as exact cents and the commission as basis points', () => {
    const form = { ...productFormValues(null), code: ' BB-01 ', nameZh: '床蝨處理', unitPrice: '1,200.10', commission: '5.5', categoryId: '2', activeIngredient: ' Cypermethrin 0.2% ' };
    expect(readProductForm(form)._unsafeUnwrap()).toEqual({ code: 'BB-01', nameZh: '床蝨處理', nameEn: '', categoryId: 2, unit: 'visit', unitPrice: 120_010, commissionRateBp: 550, active: true, activeIngredient: 'Cypermethrin 0.2%' });
    expect(readProductForm({ ...form, commission: '' })._unsafeUnwrap().commissionRateBp).toBeNull();
  });

  it('names every rule the form breaks, by message key, before anything is sent', () => {
    const problem = readProductForm({ ...productFormValues(null), code: 'a b', unitPrice: '12.345', commission: '120' })._unsafeUnwrapErr();
    expect(problem).toEqual({
      code: 'invalid',
      fields: { code: [rule('code')], nameZh: [rule('name')], nameEn: [rule('name')], unitPrice: [rule('moneyFormat')], commissionRateBp: [rule('rateRange')] },
    });
  });
});

describe('the category form model', () => {
  it('opens with the category’s values and reads them back', () => {
    const form = categoryFormValues(CATEGORY);
    expect(form).toEqual({ nameZh: '白蟻', nameEn: 'Termites', parentId: '1', commission: '', sortOrder: '3' });
    expect(readCategoryForm({ ...form, commission: '7.5', sortOrder: 'x' })._unsafeUnwrap()).toEqual({ nameZh: '白蟻', nameEn: 'Termites', parentId: 1, commissionRateBp: 750, sortOrder: 0 });
    expect(readCategoryForm({ ...form, nameZh: ' ', nameEn: '' })._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { nameZh: [rule('name')], nameEn: [rule('name')] } });
  });
});

describe('saving and deleting (ProductForms)', () => {
  it('saves an edit with its version, clears the unsaved flag, opens the list and says it is saved', async () => {
    const { forms: model, saved, state, navigator } = forms();
    state.set({ unsavedChanges: true });
    expect((await model.saveProduct(PRODUCT, productFormValues(PRODUCT))).isOk()).toBe(true);
    expect(saved[0]?.edit).toEqual({ id: 5, version: 4 });
    expect(state.get().unsavedChanges).toBe(false);
    expect(navigator.current().path).toBe('/products/product');
    expect(state.get().notification).toEqual({ title: 'products:saved', type: 'success' });
  });

  it('sends nothing while the form is wrong', async () => {
    const { forms: model, saved } = forms();
    const result = await model.saveCategory(null, categoryFormValues(null));
    expect(result._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { nameZh: [rule('name')], nameEn: [rule('name')] } });
    expect(saved).toEqual([]);
  });

  it('hands a refusal back to the form and stays', async () => {
    const { forms: model, navigator, state } = forms({ code: 'conflict', message: 'changed' });
    const result = await model.saveProduct(PRODUCT, productFormValues(PRODUCT));
    expect(result._unsafeUnwrapErr()).toEqual({ code: 'conflict', message: 'changed' });
    expect(navigator.current().path).toBe('/products/product/5');
    expect(state.get().notification.title).toBe('');
  });

  it('deletes a category and opens the list, with no "saved" notice', async () => {
    const { forms: model, deleted, navigator, state } = forms();
    expect((await model.deleteCategory(CATEGORY)).isOk()).toBe(true);
    expect(deleted).toEqual([2]);
    expect(navigator.current().path).toBe('/products/categories');
    expect(state.get().notification.title).toBe('');
  });
});
