import type { ResultAsync } from 'neverthrow';
import { token } from '../di/token';
import type { ApiError } from '../api/ApiError';
import type { Quotation, QuotationInput, QuotationMove } from '../sales/sales';

/** A quotation as an edit names it: which one, and the version the user saw. */
export interface Versioned {
  readonly id: number;
  readonly version: number;
}

/** The quotations: saving, moving on, turning into an order, deleting. */
export interface QuotationBook {
  create(input: QuotationInput): ResultAsync<Quotation, ApiError>;
  /** A stale version is refused (conflict) and nothing is saved. */
  update(quotation: Versioned, input: QuotationInput): ResultAsync<Quotation, ApiError>;
  move(quotation: Versioned, status: QuotationMove): ResultAsync<Quotation, ApiError>;
  /** An accepted quotation becomes an order; resolves to the new order's id. */
  convert(quotation: Versioned): ResultAsync<number, ApiError>;
  remove(id: number): ResultAsync<void, ApiError>;
}

export const QuotationBook = token<QuotationBook>('QuotationBook');
