/**
 * Small readers for API replies: the screens get plain typed values whatever arrives (a missing
 * field reads as its empty value), so a reply of another shape never breaks a render.
 */
export type Json = Record<string, unknown>;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const nullableStr = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
export const nullableInt = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const bool = (v: unknown): boolean => v === true;
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The records of a list decoded one by one; entries that are not objects are dropped. */
export const records = <T>(v: unknown, decode: (r: Json) => T): T[] => (Array.isArray(v) ? v.filter(isRecord).map(decode) : []);

/** One record decoded, or null when the value is not an object. */
export const record = <T>(v: unknown, decode: (r: Json) => T): T | null => (isRecord(v) ? decode(v) : null);

/** A value from a fixed list, or the fallback. */
export const oneOf = <T extends string>(v: unknown, values: readonly T[], fallback: T): T => ((values as readonly unknown[]).includes(v) ? (v as T) : fallback);
