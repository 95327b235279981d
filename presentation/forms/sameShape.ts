/**
 * Whether `value` (read back from the tab's storage) has the shape of `template`: an object with the
 * same keys, each value of the same kind; an array whose items all have the shape of the template's
 * first item (any plain items when the template's array is empty). Inside, a nullable place (null in
 * either) takes an object or null. Used before kept input is put back into a form, so input kept by
 * an older version of a form never reaches a newer one.
 */
export function sameShape(template: unknown, value: unknown): boolean {
  return value !== null && value !== undefined && fits(template, value);
}

function fits(template: unknown, value: unknown): boolean {
  if (template === null || template === undefined) return value === null || (typeof value === 'object' && !Array.isArray(value));
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return false;
    const [first] = template as unknown[];
    return value.every((item) => (first === undefined ? item === null || ['string', 'number', 'boolean', 'object'].includes(typeof item) : fits(first, item)));
  }
  if (typeof template === 'object') {
    if (value === null) return true;
    if (typeof value !== 'object' || Array.isArray(value)) return false;
    const want = Object.keys(template);
    const have = value as Record<string, unknown>;
    return want.length === Object.keys(have).length && want.every((key) => key in have && fits((template as Record<string, unknown>)[key], have[key]));
  }
  return typeof value === typeof template;
}
