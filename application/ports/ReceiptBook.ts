import type { ResultAsync } from 'neverthrow';
import { token } from '../di/token';
import type { ApiError } from '../api/ApiError';

/** Receipts once recorded: banking a cash or cheque receipt in. */
export interface ReceiptBook {
  /** Marks a cash or cheque receipt as banked in; it leaves the bank-in reminder. */
  bankIn(receiptId: number): ResultAsync<void, ApiError>;
}

export const ReceiptBook = token<ReceiptBook>('ReceiptBook');
