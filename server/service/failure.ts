import type { ServerMessageKey } from '../i18n';

/**
 * The one failure vocabulary of the server's services. A service returns `Result<T, F>` where `F` is
 * `Failure<…>`: the common codes below, plus the area's own domain codes, each an object with a stable
 * `code` and its details (e.g. `{ code: 'receiptExceedsOrderTotal', maxCents }`). Messages are keys,
 * never words: the route turns a failure into its reply, in the caller's language, with the one helper
 * `failureReply` (server/http/failure.ts) and the area's table of refusals for its own codes.
 */

/** A message for a field: its key, with the values it names (`{ max }` …). */
export type FieldMessage = ServerMessageKey | { readonly key: ServerMessageKey; readonly values?: Readonly<Record<string, string | number>> };

/** Field (keyed like the request body: `contacts.0.name` …) → its message(s); the first becomes the reply's message. */
export type FieldKeys = Readonly<Record<string, FieldMessage | readonly FieldMessage[]>>;

/** The failures every area shares. */
export type CommonFailure =
  | { readonly code: 'notFound' }
  | { readonly code: 'forbidden' }
  /** A stale version, or a change that another request made meanwhile. */
  | { readonly code: 'conflict' }
  | { readonly code: 'tooLarge' }
  /** Messages per field. */
  | { readonly code: 'validation'; readonly fields: FieldKeys };

export type CommonCode = CommonFailure['code'];

/**
 * An area's failures: the common ones and its own. `Domain` is either the codes alone
 * (`Failure<'lastAdmin' | 'notSelf'>`) or the failures with their details
 * (`Failure<{ code: 'quotationConverted'; orderNumber: string }>`).
 */
export type Failure<Domain extends string | { readonly code: string } = never> = CommonFailure | (Domain extends string ? { readonly code: Domain } : Domain);

export const notFound = { code: 'notFound' } as const;
export const forbidden = { code: 'forbidden' } as const;
export const conflict = { code: 'conflict' } as const;
export const tooLarge = { code: 'tooLarge' } as const;
export const invalid = (fields: FieldKeys) => ({ code: 'validation', fields }) as const;
/** One field's message. */
export const invalidField = (field: string, key: ServerMessageKey, values?: Readonly<Record<string, string | number>>) => invalid({ [field]: values ? { key, values } : key });

/** Field keys merged, or null when there are none (so a caller can `if (errors) return err(invalid(errors))`). */
export function anyFields(...parts: readonly FieldKeys[]): FieldKeys | null {
  const merged = Object.assign({}, ...parts) as FieldKeys;
  return Object.keys(merged).length > 0 ? merged : null;
}

/** One message key under several fields (e.g. "enter the English or the Chinese name" on both names). */
export const onFields = (fields: readonly string[], key: ServerMessageKey): FieldKeys => Object.fromEntries(fields.map((f) => [f, key]));

/** The message key on the field when the condition holds, else nothing. */
export const fieldIf = (condition: boolean, field: string, key: ServerMessageKey): FieldKeys => (condition ? { [field]: key } : {});
