import { err, type Result } from 'neverthrow';
import type { VoidError } from '../../domain/orders/order';
import type { ReceiptError } from '../../domain/orders/receipts';
import type { QuotationStatus } from '../../domain/quotations/quotation';
import type { ServerMessageKey } from '../i18n';

/**
 * The one failure style of the sales services (quotations, orders, receipts): a typed union with a
 * stable `code` and its details. The route turns it into the reply (./replies.ts), with the domain
 * code and its details (e.g. `maxCents`) in the 422 body, so the browser need not re-run the rule.
 */

/** A message (by key, with its values) for one field of the body. */
export interface FieldProblem {
  readonly key: ServerMessageKey;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** Field problems in the order they were found (the first becomes the reply's message). */
export type FieldProblems = Record<string, FieldProblem>;

export type SalesFailure =
  | { readonly code: 'notFound' }
  | { readonly code: 'conflict' }
  | { readonly code: 'validation'; readonly fields: FieldProblems }
  /** A void invoice cannot be edited. */
  | { readonly code: 'orderLocked' }
  | VoidError
  | ReceiptError
  /** Only a draft quotation can be edited. */
  | { readonly code: 'quotationLocked' }
  | { readonly code: 'quotationTransition'; readonly from: QuotationStatus; readonly to: QuotationStatus }
  | { readonly code: 'quotationConverted'; readonly orderNumber: string }
  | { readonly code: 'quotationNotAccepted' }
  | { readonly code: 'quotationDeleteDraft' }
  | { readonly code: 'alreadyBanked' }
  | { readonly code: 'notBankable' };

export type SalesResult<T> = Result<T, SalesFailure>;

export const notFound = () => err({ code: 'notFound' } as const);
export const conflict = () => err({ code: 'conflict' } as const);
export const invalid = (fields: FieldProblems) => err({ code: 'validation', fields } as const);
/** One field's problem. */
export const invalidField = (field: string, key: ServerMessageKey, values?: FieldProblem['values']) => invalid({ [field]: values ? { key, values } : { key } });

/** Field problems found, if any. */
export const hasProblems = (fields: FieldProblems): boolean => Object.keys(fields).length > 0;
