import type { ServerMessageKey } from '../i18n';

/** Field → the message key(s) for it (translated by the route into the caller's language). */
export type FieldKeys = Readonly<Record<string, ServerMessageKey | readonly ServerMessageKey[]>>;

/**
 * Why a service refused: a stable `code` and its details. `notFound`, `conflict` (a stale version)
 * and `validation` (messages per field) are common to every area; an area adds its own codes (e.g.
 * `lastAdmin`), each of which its route turns into a status and a message (server/http/failure.ts).
 */
export type Failure<Code extends string = never> =
  | { readonly code: 'notFound' }
  | { readonly code: 'conflict' }
  | { readonly code: 'validation'; readonly fields: FieldKeys }
  | { readonly code: Code };

export const notFound = { code: 'notFound' } as const;
export const conflict = { code: 'conflict' } as const;
export const invalid = (fields: FieldKeys) => ({ code: 'validation', fields }) as const;

/** Field keys merged, or null when there are none (so a caller can `if (errors) return err(invalid(errors))`). */
export function anyFields(...parts: readonly FieldKeys[]): FieldKeys | null {
  const merged = Object.assign({}, ...parts) as FieldKeys;
  return Object.keys(merged).length > 0 ? merged : null;
}

/** One message key under several fields (e.g. "enter the English or the Chinese name" on both names). */
export const onFields = (fields: readonly string[], key: ServerMessageKey): FieldKeys => Object.fromEntries(fields.map((f) => [f, key]));

/** The message key on the field when the condition holds, else nothing. */
export const fieldIf = (condition: boolean, field: string, key: ServerMessageKey): FieldKeys => (condition ? { [field]: key } : {});
