/** The units a product is sold in; their words are in locales (products:unit.<value>). */
export const PRODUCT_UNITS = ['visit', 'item', 'bottle', 'box', 'set', 'hour', 'month', 'sqft'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

export function isProductUnit(value: unknown): value is ProductUnit {
  return typeof value === 'string' && (PRODUCT_UNITS as readonly string[]).includes(value);
}

/** Product codes: letters, digits and dashes, 1–32 characters, compared without case. */
export const PRODUCT_CODE = /^[A-Za-z0-9-]{1,32}$/;
