import { err, ok, type Result } from 'neverthrow';
import type { Cents } from '../money/money';
import { paidAmount, type Payments } from './order';

export type ReceiptError =
  | { readonly code: 'amountNotPositive' }
  | { readonly code: 'orderVoid' }
  /** Spec §5: "Total Receipt Amount must be equal or below Total Amount". */
  | { readonly code: 'receiptExceedsOrderTotal'; readonly maxCents: Cents }
  | { readonly code: 'refundExceedsReceived'; readonly maxCents: Cents };

/**
 * A new receipt of `amount` against an order: positive, not on a voided order, and the receipts less
 * refunds must stay equal or below the order's total.
 */
export function checkReceipt(orderTotal: Cents, payments: Payments, voided: boolean, amount: Cents): Result<void, ReceiptError> {
  if (amount <= 0) return err({ code: 'amountNotPositive' });
  if (voided) return err({ code: 'orderVoid' });
  const room = orderTotal - paidAmount(payments);
  if (amount > room) return err({ code: 'receiptExceedsOrderTotal', maxCents: Math.max(0, room) });
  return ok(undefined);
}

/** A refund of `amount`: positive, and never more than what has been received and not yet refunded. */
export function checkRefund(payments: Payments, amount: Cents): Result<void, ReceiptError> {
  if (amount <= 0) return err({ code: 'amountNotPositive' });
  const refundable = paidAmount(payments);
  if (amount > refundable) return err({ code: 'refundExceedsReceived', maxCents: Math.max(0, refundable) });
  return ok(undefined);
}

/** How a receipt was paid; cheques and cash wait to be banked in (the bank-in reminder). */
export const PAYMENT_METHODS = ['cash', 'cheque', 'bank_transfer', 'fps'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function needsBankIn(method: string, bankedIn: boolean): boolean {
  return !bankedIn && (method === 'cash' || method === 'cheque');
}
