import type { Result } from 'neverthrow';
import type { VoidError } from '../../domain/orders/order';
import type { ReceiptError } from '../../domain/orders/receipts';
import type { QuotationStatus } from '../../domain/quotations/quotation';
import type { Failure, FieldMessage } from '../service/failure';

/**
 * The failures of the sales services (quotations, orders, receipts): the common ones
 * (server/service/failure.ts) and the sales rules' own codes with their details. The route turns one
 * into the reply (./replies.ts), with the domain code and its details (e.g. `maxCents`) in the 422
 * body, so the browser need not re-run the rule.
 */
export type SalesFailure = Failure<
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
  | { readonly code: 'notBankable' }
>;

export type SalesResult<T> = Result<T, SalesFailure>;

/** Field problems in the order they were found (the first becomes the reply's message): one message a field. */
export type FieldProblems = Record<string, FieldMessage>;
