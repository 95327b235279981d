import { err, ok, type Result } from 'neverthrow';
import { addDays, isIsoDate, type IsoDate } from '../time/dates';
import { lineTotal, percentOf, sum, type BasisPoints, type Cents, type QuantityHundredths } from '../money/money';

/** The kinds of order the business takes (spec §3). */
export const ORDER_TYPES = ['new_order', 'regular_order', 'review', 'maintenance'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export interface OrderLine {
  readonly quantity: QuantityHundredths;
  readonly unitPrice: Cents;
}

export interface OrderFigures {
  readonly subtotal: Cents;
  readonly discount: Cents;
  readonly total: Cents;
}

/**
 * The figures of an order: the lines' totals added, the discount (a rate in basis points of the
 * subtotal, rounded half away from zero, never more than the subtotal), and what is left.
 */
export function orderFigures(lines: readonly OrderLine[], discountRate: BasisPoints): OrderFigures {
  const subtotal = sum(lines.map((line) => lineTotal(line.quantity, line.unitPrice)));
  const discount = Math.min(subtotal, Math.max(0, percentOf(subtotal, discountRate)));
  return { subtotal, discount, total: subtotal - discount };
}

export interface Payments {
  /** Receipts recorded against the order, in cents. */
  readonly receipts: readonly Cents[];
  /** Refunds paid back, in cents. */
  readonly refunds: readonly Cents[];
}

/** What the client has paid: receipts less refunds. */
export function paidAmount(payments: Payments): Cents {
  return sum(payments.receipts) - sum(payments.refunds);
}

/**
 * What is still owed. A voided order counts as zero: it owes nothing, and its figures are left out
 * of totals and reports.
 */
export function outstandingAmount(total: Cents, payments: Payments, voided: boolean): Cents {
  if (voided) return 0;
  return Math.max(0, total - paidAmount(payments));
}

/** An order's total as it counts in sums and reports: zero when voided. */
export function countedTotal(total: Cents, voided: boolean): Cents {
  return voided ? 0 : total;
}

/**
 * An order's payment status, derived from its figures: void, paid (nothing owed), partial (something
 * paid, something owed), outstanding (nothing paid, something owed). `reminder_outstanding` (spec)
 * lists the orders that are partial or outstanding.
 */
export type PaymentStatus = 'void' | 'paid' | 'partial' | 'outstanding';

export function paymentStatus(total: Cents, payments: Payments, voided: boolean): PaymentStatus {
  if (voided) return 'void';
  const paid = paidAmount(payments);
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partial' : 'outstanding';
}

export function needsReminder(status: PaymentStatus): boolean {
  return status === 'partial' || status === 'outstanding';
}

/** The day payment is due: the order's date plus the payment terms (Settings → Codes) in days. */
export function dueDate(date: IsoDate, paymentTermsDays: number): IsoDate {
  return addDays(date, Math.max(0, paymentTermsDays));
}

/**
 * The due date a form shows when its date changes: it follows the date and the payment terms until
 * the user sets it (`setByUser`), then it stays as set. An unfinished date leaves it as it is.
 */
export function followingDueDate(date: string, paymentTermsDays: number, current: string, setByUser: boolean): string {
  return setByUser || !isIsoDate(date) ? current : dueDate(date, paymentTermsDays);
}

/**
 * The outstanding reminder (spec filter `reminder_outstanding`): something is still owed and the
 * due date has passed, by the Hong Kong date `today`. An order due today is not overdue yet.
 */
export function isOverdue(status: PaymentStatus, due: IsoDate, today: IsoDate): boolean {
  return needsReminder(status) && due < today;
}

export type VoidError = { readonly code: 'orderAlreadyVoid' } | { readonly code: 'orderHasPayments' } | { readonly code: 'orderNotVoid' } | { readonly code: 'voidReasonRequired' };

/**
 * An order may be voided only while nothing is paid on it (refund first), and only with a reason; a
 * voided order may be restored (unvoided), also with a reason.
 */
export function checkVoid(voided: boolean, payments: Payments, reason: string): Result<void, VoidError> {
  if (voided) return err({ code: 'orderAlreadyVoid' });
  if (paidAmount(payments) > 0) return err({ code: 'orderHasPayments' });
  if (reason.trim() === '') return err({ code: 'voidReasonRequired' });
  return ok(undefined);
}

export function checkUnvoid(voided: boolean, reason: string): Result<void, VoidError> {
  if (!voided) return err({ code: 'orderNotVoid' });
  if (reason.trim() === '') return err({ code: 'voidReasonRequired' });
  return ok(undefined);
}
