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

/**
 * How a receipt was paid: a code of the payment methods under Settings → Options. These four are the
 * ones every database starts with (the seed) and the only ones the domain knows by name; staff may
 * add others (e.g. 'octopus'), which follow the rules of a payment that needs no banking in.
 */
export const PAYMENT_METHODS = ['cash', 'cheque', 'bank_transfer', 'fps'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The shape of a payment method's code (an option value): lower-case letters, digits and _. */
export const PAYMENT_METHOD_CODE = /^[a-z0-9_]{1,40}$/;

/** Cash and cheques wait to be banked in (the bank-in reminder); every other method does not. */
export const BANK_IN_METHODS: readonly PaymentMethod[] = ['cash', 'cheque'];

export function needsBankIn(method: string, bankedIn: boolean): boolean {
  return !bankedIn && (BANK_IN_METHODS as readonly string[]).includes(method);
}

/** What a receipt adds to what is paid: its amount, or less its amount for a refund (lists and sums show it so). */
export function signedAmount(receipt: { readonly kind: 'receipt' | 'refund'; readonly amount: Cents }): Cents {
  return receipt.kind === 'refund' ? -receipt.amount : receipt.amount;
}
