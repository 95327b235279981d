import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUnvoid, checkVoid, countedTotal, dueDate, followingDueDate, isOverdue, needsReminder, ORDER_TYPES, outstandingAmount, paidAmount, paymentStatus } from '../../domain/orders/order';
import en from '../../locales/en/sales.json';
import zh from '../../locales/zh-HK/sales.json';
import { checkReceipt, checkRefund, needsBankIn, signedAmount } from '../../domain/orders/receipts';

const pay = (receipts: number[], refunds: number[] = []) => ({ receipts, refunds });

describe('order types', () => {
  it('are the four of the spec, each named in both languages', () => {
    expect(ORDER_TYPES).toEqual(['new_order', 'regular_order', 'review', 'maintenance']);
    expect(ORDER_TYPES.map((type) => en.orderType[type])).toEqual(['New Order', 'Regular Order', 'Review', 'Maintenance']);
    for (const type of ORDER_TYPES) expect(zh.orderType[type]).toMatch(/\p{Script=Han}/u);
  });
});

describe('paid and outstanding', () => {
  it('pays receipts less refunds, and owes the rest', () => {
    expect(paidAmount(pay([3_000, 2_000], [500]))).toBe(4_500);
    expect(outstandingAmount(10_000, pay([3_000, 2_000], [500]), false)).toBe(5_500);
    expect(outstandingAmount(10_000, pay([10_000]), false)).toBe(0);
  });

  it('counts a voided order as zero: nothing owed, nothing in totals', () => {
    expect(outstandingAmount(10_000, pay([]), true)).toBe(0);
    expect(countedTotal(10_000, true)).toBe(0);
    expect(countedTotal(10_000, false)).toBe(10_000);
  });

  it('names the status: paid, partial, outstanding, void; reminders go to partial and outstanding', () => {
    expect(paymentStatus(10_000, pay([10_000]), false)).toBe('paid');
    expect(paymentStatus(10_000, pay([1]), false)).toBe('partial');
    expect(paymentStatus(10_000, pay([]), false)).toBe('outstanding');
    expect(paymentStatus(10_000, pay([]), true)).toBe('void');
    expect(paymentStatus(0, pay([]), false)).toBe('paid');
    expect(['paid', 'partial', 'outstanding', 'void'].filter((s) => needsReminder(s as never))).toEqual(['partial', 'outstanding']);
  });
});

describe('receipts (spec §5: Total Receipt Amount must be equal or below Total Amount)', () => {
  it('accepts up to the total and refuses a cent more, saying how much is left', () => {
    expect(checkReceipt(10_000, pay([4_000]), false, 6_000).isOk()).toBe(true);
    expect(checkReceipt(10_000, pay([4_000]), false, 6_001)._unsafeUnwrapErr()).toEqual({ code: 'receiptExceedsOrderTotal', maxCents: 6_000 });
  });

  it('counts refunds back in: after a refund, that much can be received again', () => {
    expect(checkReceipt(10_000, pay([10_000], [2_000]), false, 2_000).isOk()).toBe(true);
    expect(checkReceipt(10_000, pay([10_000], [2_000]), false, 2_001).isErr()).toBe(true);
  });

  it('refuses nothing-amounts and receipts on a voided order', () => {
    expect(checkReceipt(10_000, pay([]), false, 0)._unsafeUnwrapErr().code).toBe('amountNotPositive');
    expect(checkReceipt(10_000, pay([]), true, 100)._unsafeUnwrapErr().code).toBe('orderVoid');
  });

  it('never lets accepted receipts add up past the total, whatever comes in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: -100, max: 600_000 }), { maxLength: 30 }), (total, attempts) => {
        const receipts: number[] = [];
        for (const amount of attempts) if (checkReceipt(total, pay(receipts), false, amount).isOk()) receipts.push(amount);
        expect(receipts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
      }),
    );
  });

  it('refunds no more than has been received', () => {
    expect(checkRefund(pay([3_000], [1_000]), 2_000).isOk()).toBe(true);
    expect(checkRefund(pay([3_000], [1_000]), 2_001)._unsafeUnwrapErr()).toEqual({ code: 'refundExceedsReceived', maxCents: 2_000 });
    expect(checkRefund(pay([]), 1)._unsafeUnwrapErr().code).toBe('refundExceedsReceived');
  });

  it('waits for cash and cheques to be banked in, not for transfers', () => {
    expect(needsBankIn('cash', false)).toBe(true);
    expect(needsBankIn('cheque', false)).toBe(true);
    expect(needsBankIn('cheque', true)).toBe(false);
    expect(needsBankIn('fps', false)).toBe(false);
    expect(needsBankIn('bank_transfer', false)).toBe(false);
  });
});

describe('void and unvoid', () => {
  it('voids an unpaid order with a reason only', () => {
    expect(checkVoid(false, pay([]), 'Client cancelled').isOk()).toBe(true);
    expect(checkVoid(false, pay([]), '  ')._unsafeUnwrapErr().code).toBe('voidReasonRequired');
    expect(checkVoid(true, pay([]), 'again')._unsafeUnwrapErr().code).toBe('orderAlreadyVoid');
  });

  it('refuses to void an order with money on it until it is refunded', () => {
    expect(checkVoid(false, pay([100]), 'x')._unsafeUnwrapErr().code).toBe('orderHasPayments');
    expect(checkVoid(false, pay([100], [100]), 'x').isOk()).toBe(true);
  });

  it('restores only a voided order, with a reason', () => {
    expect(checkUnvoid(true, 'Voided by mistake').isOk()).toBe(true);
    expect(checkUnvoid(false, 'x')._unsafeUnwrapErr().code).toBe('orderNotVoid');
    expect(checkUnvoid(true, '')._unsafeUnwrapErr().code).toBe('voidReasonRequired');
  });
});

describe('due date and the outstanding reminder', () => {
  it('falls due the payment terms after the order date, across a month end', () => {
    expect(dueDate('2026-11-20', 30)).toBe('2026-12-20');
    expect(dueDate('2026-01-31', 0)).toBe('2026-01-31');
    expect(dueDate('2026-02-20', 10)).toBe('2026-03-02');
  });

  it('on a form, follows the date and the payment terms until the user sets it', () => {
    // A back-dated invoice falls due 30 days after its own date, not after today's.
    expect(followingDueDate('2026-09-01', 30, '2026-12-23', false)).toBe('2026-10-01');
    // Set by the user: it stays.
    expect(followingDueDate('2026-09-01', 30, '2026-11-30', true)).toBe('2026-11-30');
    // A date being typed (not a date yet) leaves it as it is.
    expect(followingDueDate('2026-09', 30, '2026-12-23', false)).toBe('2026-12-23');
  });

  it('reminds only when something is owed and the due date has passed', () => {
    expect(isOverdue('outstanding', '2026-11-22', '2026-11-23')).toBe(true);
    expect(isOverdue('partial', '2026-11-22', '2026-11-23')).toBe(true);
    expect(isOverdue('outstanding', '2026-11-23', '2026-11-23')).toBe(false);
    expect(isOverdue('paid', '2026-01-01', '2026-11-23')).toBe(false);
    expect(isOverdue('void', '2026-01-01', '2026-11-23')).toBe(false);
  });
});

describe('edges of the void rule', () => {
  it('refuses to void an order with even one cent received, and allows it once that cent is refunded', () => {
    expect(checkVoid(false, pay([1]), 'x')._unsafeUnwrapErr().code).toBe('orderHasPayments');
    expect(checkVoid(false, pay([1], [1]), 'x').isOk()).toBe(true);
  });
});

describe('a receipt’s signed amount', () => {
  it('adds a receipt and takes a refund away', () => {
    expect(signedAmount({ kind: 'receipt', amount: 40_000 })).toBe(40_000);
    expect(signedAmount({ kind: 'refund', amount: 10_000 })).toBe(-10_000);
  });
});
