import { err, ok, type Result } from 'neverthrow';
import { centsToDecimal, parseMoney, parseRate, rateToDecimal } from '../../domain/money/money';
import { PRODUCT_CODE } from '../../domain/products/units';
import { invalid, type FieldMessage, type Invalid } from '../forms/Invalid';
import type { Category, CategoryInput, Product, ProductInput } from './products';

/**
 * The product and category forms' models: what a form holds while the user types, how it opens, and
 * how it is read with the domain's rules (code, money, rate) into what is saved.
 */

/** What a product's form holds while the user types. */
export interface ProductFormValues {
  readonly code: string;
  readonly nameZh: string;
  readonly nameEn: string;
  /** The chosen category's id as text, '' for none. */
  readonly categoryId: string;
  readonly unit: string;
  /** HK dollars as typed, e.g. '1,200.50'. */
  readonly unitPrice: string;
  /** A percentage as typed, '' for none. */
  readonly commission: string;
  readonly active: boolean;
  readonly activeIngredient: string;
}

export interface CategoryFormValues {
  readonly nameZh: string;
  readonly nameEn: string;
  /** The parent's id as text, '' for a top-level category. */
  readonly parentId: string;
  readonly commission: string;
  readonly sortOrder: string;
}

const percent = (bp: number | null | undefined) => (bp === null || bp === undefined ? '' : rateToDecimal(bp));

/** A product's form as it opens: the product's values, or a new product's defaults. */
export function productFormValues(product: Product | null): ProductFormValues {
  return {
    code: product?.code ?? '',
    nameZh: product?.nameZh ?? '',
    nameEn: product?.nameEn ?? '',
    categoryId: product?.categoryId ? String(product.categoryId) : '',
    unit: product?.unit ?? 'visit',
    unitPrice: product ? centsToDecimal(product.unitPrice) : '',
    commission: percent(product?.commissionRateBp),
    active: product?.active ?? true,
    activeIngredient: product?.activeIngredient ?? '',
  };
}

export function categoryFormValues(category: Category | null): CategoryFormValues {
  return {
    nameZh: category?.nameZh ?? '',
    nameEn: category?.nameEn ?? '',
    parentId: category?.parentId ? String(category.parentId) : '',
    commission: percent(category?.commissionRateBp),
    sortOrder: String(category?.sortOrder ?? 0),
  };
}

/** The commission as typed: none when empty, else basis points (or the rule it breaks). */
function readRate(text: string): Result<number | null, FieldMessage> {
  if (text.trim() === '') return ok(null);
  const rate = parseRate(text);
  return rate.isErr() ? err(rule(rate.error.code)) : ok(rate.value);
}

/** The message (products namespace) of a rule the form breaks. */
const rule = (code: string): FieldMessage => ({ key: `products:validation.${code}` });

/** The form read with the domain's rules: the product to save, or a message key per field. */
export function readProductForm(form: ProductFormValues): Result<ProductInput, Invalid> {
  const fields: Record<string, FieldMessage[]> = {};
  if (!PRODUCT_CODE.test(form.code.trim())) fields.code = [rule('code')];
  if (!form.nameZh.trim() && !form.nameEn.trim()) fields.nameZh = fields.nameEn = [rule('name')];
  const price = parseMoney(form.unitPrice);
  if (price.isErr()) fields.unitPrice = [rule(price.error.code)];
  const rate = readRate(form.commission);
  if (rate.isErr()) fields.commissionRateBp = [rate.error];
  if (price.isErr() || rate.isErr() || Object.keys(fields).length > 0) return err(invalid(fields));
  return ok({
    code: form.code.trim(),
    nameZh: form.nameZh.trim(),
    nameEn: form.nameEn.trim(),
    categoryId: form.categoryId ? Number(form.categoryId) : null,
    unit: form.unit,
    unitPrice: price.value,
    commissionRateBp: rate.value,
    active: form.active,
    activeIngredient: form.activeIngredient.trim(),
  });
}

export function readCategoryForm(form: CategoryFormValues): Result<CategoryInput, Invalid> {
  const fields: Record<string, FieldMessage[]> = {};
  if (!form.nameZh.trim() && !form.nameEn.trim()) fields.nameZh = fields.nameEn = [rule('name')];
  const rate = readRate(form.commission);
  if (rate.isErr()) fields.commissionRateBp = [rate.error];
  if (rate.isErr() || Object.keys(fields).length > 0) return err(invalid(fields));
  return ok({
    nameZh: form.nameZh.trim(),
    nameEn: form.nameEn.trim(),
    parentId: form.parentId ? Number(form.parentId) : null,
    commissionRateBp: rate.value,
    sortOrder: Number(form.sortOrder) || 0,
  });
}

