/**
 * Text PostgreSQL cannot store: the NUL character (text columns refuse it) and UTF-16 halves of an
 * emoji with no other half (they cannot be written as UTF-8). A request carrying either is refused
 * with 422 on the field, before validation, rather than failing in the database.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or object key) in `value` that cannot be stored, or null. */
export function unstorableTextPath(value: unknown, path: readonly (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? [...path] : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return [...path, key];
      const found = unstorableTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
