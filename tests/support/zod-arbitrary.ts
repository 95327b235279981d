import fc from 'fast-check';
import type * as z from 'zod';

/**
 * fast-check generators written for our zod schemas: given the schema an endpoint validates its
 * body or query with, `inputFor` makes values shaped like it (every field, with its bounds, formats
 * and choices) but mixed at every level with what a careless or hostile caller sends instead: wrong
 * types, missing and extra fields, out-of-range numbers, strings just over their limit, and the
 * hostile strings below. Some of the values are valid, most are not, so a test sees both the 2xx
 * path and the 422 path of the endpoint.
 */

/** Text that breaks careless code: scripts, SQL, very long, control characters, emoji, Chinese, RTL. */
export const HOSTILE_STRINGS: readonly string[] = [
  '陳大文有限公司',
  '旺角彌敦道 ７００ 號 ３ 樓',
  '😀👍🏽👨‍👩‍👧‍👦🇭🇰',
  "'; DROP TABLE clients; --",
  "Robert'); DELETE FROM orders WHERE ('1'='1",
  '1 OR 1=1',
  '<script>alert("x")</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{constructor.constructor("return 1")()}}',
  '${7*7}',
  '%_\\%',
  '\u0001\u0002\u0007\u001b[31m\u007f',
  'line\r\nbreak\ttab',
  '\u202Eevil\u202C',
  '\uFEFFbom',
  ' ',
  '',
  'a'.repeat(256),
  '長'.repeat(5_000),
  'x'.repeat(100_000),
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e309',
  '2026-02-30',
  '0000-00-00',
];

/** Characters PostgreSQL cannot store: the server must refuse them with 422, not fail. */
export const UNSTORABLE_STRINGS: readonly string[] = ['nul\u0000byte', 'half \uD83D emoji', '\uDE00 low half'];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...UNSTORABLE_STRINGS), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
);

/** Anything but what was asked for: a wrong type, at any level. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-1, 0, 1.5, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e308),
  hostileString,
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 3 }),
);

interface Def {
  readonly type: string;
  readonly [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
interface CheckDef {
  readonly check: string;
  readonly [key: string]: unknown;
}
const checksOf = (def: Def): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

/** How often a field's value is replaced by junk, at each level. */
const JUNK_WEIGHT = 1;
const SHAPED_WEIGHT = 6;

/** Values for `schema`: shaped like it, with junk mixed in at every level (see the file's comment). */
export function inputFor(schema: z.ZodType, options: InputOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  if (options.junk === false) return shaped(schema, options, depth);
  return fc.oneof({ arbitrary: shaped(schema, options, depth), weight: SHAPED_WEIGHT }, { arbitrary: junk, weight: JUNK_WEIGHT });
}

export interface InputOptions {
  /** false: no wrong types mixed in (values keep the schema's shape; strings may still be hostile). */
  readonly junk?: boolean;
}

function shaped(schema: unknown, options: InputOptions, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => inputFor(s as z.ZodType, options, depth + 1);
  switch (def.type) {
    case 'string':
      return stringFor(def);
    case 'number':
    case 'int':
      return numberFor(def);
    case 'bigint':
      return fc.integer();
    case 'boolean':
      return def.coerce ? fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0', 'yes')) : fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'enum':
      return fc.oneof({ arbitrary: fc.constantFrom(...Object.values(def.entries as Record<string, string | number>)), weight: 5 }, { arbitrary: hostileString, weight: 1 });
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'object':
      return objectFor(def, options, depth);
    case 'array':
    case 'set': {
      const { min, max } = lengthBounds(def);
      return fc.array(inner(def.element ?? def.valueType), { minLength: Math.max(0, min - 1), maxLength: Math.min(max + 1, depth > 2 ? 2 : 6) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'record':
    case 'map':
      return fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_STRINGS.slice(0, 8))), inner(def.valueType), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return inner(def.left);
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'pipe':
      // The input side: what the caller sends before any transform.
      return defOf(def.in).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return depth > 3 ? junk : inner((def.getter as () => unknown)());
    default:
      // transform, any, unknown, custom…: the caller may send anything.
      return junk;
  }
}

function lengthBounds(def: Def): { min: number; max: number } {
  let min = 0;
  let max = 200;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' || check.check === 'min_size') min = Number(check.minimum);
    if (check.check === 'max_length' || check.check === 'max_size') max = Number(check.maximum);
    if (check.check === 'length_equals') min = max = Number(check.length);
  }
  return { min, max };
}

function stringFor(def: Def): fc.Arbitrary<unknown> {
  const { min, max } = lengthBounds(def);
  const options: fc.Arbitrary<unknown>[] = [
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 30) }),
    fc.string({ minLength: min, maxLength: Math.min(max, 30) }),
    fc.constant('x'.repeat(Math.min(max + 1, 100_001))),
    hostileString,
  ];
  for (const check of checksOf(def)) {
    if (check.check !== 'string_format') continue;
    if (check.format === 'email') options.push(fc.emailAddress(), fc.emailAddress());
    else if (check.pattern instanceof RegExp) options.push(fc.stringMatching(check.pattern), fc.stringMatching(check.pattern));
  }
  if (def.coerce) options.push(fc.integer().map(String));
  return fc.oneof(...options);
}

function numberFor(def: Def): fc.Arbitrary<unknown> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = def.type === 'int';
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = Number(check.value) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = Number(check.value) - (check.inclusive ? 0 : 1);
    if (check.check === 'number_format' && /int/.test(String(check.format))) integer = true;
  }
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER + 2);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER - 2);
  const inRange = integer ? fc.integer({ min: Math.max(lo, -(2 ** 31) + 2), max: Math.min(hi, 2 ** 31 - 2) }) : fc.double({ min: lo, max: hi, noNaN: true });
  const options: fc.Arbitrary<unknown>[] = [inRange, inRange, fc.constantFrom(lo - 1, hi + 1, 0, -1, 0.5, 2 ** 31, 1e21)];
  // A query string or a coercing field receives text.
  if (def.coerce) options.push(inRange.map(String), fc.constantFrom('', 'abc', '1e400', '0x10', ' 7 '));
  return fc.oneof(...options);
}

function objectFor(def: Def, options: InputOptions, depth: number): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, unknown>;
  const keys = Object.keys(shape);
  const fields = keys.map((key) => fc.option(inputFor(shape[key] as z.ZodType, options, depth + 1), { nil: undefined, freq: options.junk === false ? 30 : 8 }));
  const extra = fc.option(fc.tuple(fc.constantFrom('extra', 'id', 'createdBy', 'isAdmin', '__proto__'), junk), { nil: undefined, freq: 4 });
  return fc.tuple(fc.tuple(...fields), extra).map(([values, more]) => {
    const object: Record<string, unknown> = {};
    keys.forEach((key, index) => {
      if (values[index] !== undefined) object[key] = values[index];
    });
    if (more) Object.defineProperty(object, more[0], { value: more[1], enumerable: true, writable: true, configurable: true });
    return object;
  });
}
