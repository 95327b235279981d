import { pluralForm } from '../i18n/plural';

/**
 * The units a product is sold in; their words are in locales: products:unit.<value> names the unit
 * ("Unit: visit", "HK$100.00 / visit"), products:unitCounted.<value>_one / _other says a quantity of
 * it ("1 visit", "1.5 visits", "12 months"; Chinese has one word, 次).
 */
export const PRODUCT_UNITS = ['visit', 'item', 'bottle', 'box', 'set', 'hour', 'month', 'sqft'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

export function isProductUnit(value: unknown): value is ProductUnit {
  return typeof value === 'string' && (PRODUCT_UNITS as readonly string[]).includes(value);
}

/**
 * The word of `unit` after a quantity (in hundredths of the unit), in one language: "visit" after 1,
 * "visits" after 1.5 or 12 (`t` reads the products namespace of that language; a unit it has no
 * counted words for is named as it is).
 */
export function unitAfterQuantity(unit: string, quantityHundredths: number, language: string, t: (key: string) => string): string {
  for (const key of [`unitCounted.${unit}_${pluralForm(language, quantityHundredths / 100)}`, `unitCounted.${unit}_other`, `unit.${unit}`]) {
    const text = t(key);
    if (text !== key) return text;
  }
  return unit;
}

/** Product codes: letters, digits and dashes, 1–32 characters, compared without case. */
export const PRODUCT_CODE = /^[A-Za-z0-9-]{1,32}$/;
