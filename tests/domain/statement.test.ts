import { describe, expect, it } from 'vitest';
import { ageingBucket, checkStatementPeriod, statementOf, type StatementInvoice, type StatementPayment } from '../../domain/statements/statement';

const invoice = (id: number, date: string, dueDate: string, total: number): StatementInvoice => ({ id, number: `INV-${id}`, date, dueDate, total });
const receipt = (id: number, orderId: number, date: string, amount: number): StatementPayment => ({ id, kind: 'receipt', number: `R-${id}`, date, orderId, amount });
const refund = (id: number, orderId: number, date: string, amount: number): StatementPayment => ({ id, kind: 'refund', number: `F-${id}`, date, orderId, amount });

describe('statement of account', () => {
  it('carries what was owed before the period as the opening balance, lists the period with a running balance, and ends on the closing balance', () => {
    const s = statementOf(
      '2026-10-01',
      '2026-10-31',
      [invoice(1, '2026-09-10', '2026-10-10', 100_00), invoice(2, '2026-10-05', '2026-11-04', 250_00), invoice(3, '2026-11-02', '2026-12-02', 999_00)],
      [receipt(1, 1, '2026-09-20', 40_00), receipt(2, 1, '2026-10-05', 60_00), refund(3, 1, '2026-10-20', 10_00), receipt(4, 2, '2026-11-01', 250_00)],
    );
    expect(s.opening).toBe(60_00);
    expect(s.entries.map((e) => [e.kind, e.number, e.debit, e.credit, e.balance, e.invoiceNumber])).toEqual([
      ['invoice', 'INV-2', 250_00, 0, 310_00, null],
      ['receipt', 'R-2', 0, 60_00, 250_00, 'INV-1'],
      ['refund', 'F-3', 10_00, 0, 260_00, 'INV-1'],
    ]);
    expect(s.closing).toBe(260_00);
  });

  it('ages what is owed at the period end by days past each due date, and the ageing adds up to the closing balance', () => {
    const to = '2026-10-31';
    const s = statementOf(
      '2026-10-01',
      to,
      [
        invoice(1, '2026-10-20', '2026-11-19', 100_00), // not yet due
        invoice(6, '2026-10-01', '2026-10-31', 70_00), // due on the period's last day: not yet due either
        invoice(2, '2026-09-01', '2026-10-01', 200_00), // 30 days: 1–30
        invoice(3, '2026-08-01', '2026-09-30', 300_00), // 31 days: 31–60
        invoice(4, '2026-07-01', '2026-08-01', 400_00), // 91 days: over 90
        invoice(5, '2026-06-01', '2026-07-01', 500_00), // paid in full: not open
      ],
      [receipt(1, 3, '2026-10-02', 50_00), receipt(2, 5, '2026-07-05', 500_00), receipt(3, 4, '2026-11-05', 400_00)],
    );
    // Issue 31, item 23: what is not yet due has its own bucket, apart from what is 1–30 days overdue.
    expect(s.ageing).toEqual({ notDue: 170_00, days1to30: 200_00, days31to60: 250_00, days61to90: 0, over90: 400_00 });
    expect(s.open.map((o) => [o.number, o.outstanding, o.daysOverdue, o.bucket])).toEqual([
      ['INV-4', 400_00, 91, 'over90'],
      ['INV-3', 250_00, 31, 'days31to60'],
      ['INV-2', 200_00, 30, 'days1to30'],
      ['INV-6', 70_00, 0, 'notDue'],
      ['INV-1', 100_00, -19, 'notDue'],
    ]);
    expect(Object.values(s.ageing).reduce((a, b) => a + b, 0)).toBe(s.closing);
  });

  it('leaves out the payments of invoices it was not given (voided ones) and lists one day as invoices, refunds, then receipts', () => {
    const s = statementOf('2026-10-01', '2026-10-31', [invoice(1, '2026-10-03', '2026-10-03', 80_00)], [receipt(9, 1, '2026-10-03', 80_00), refund(8, 1, '2026-10-03', 5_00), receipt(7, 42, '2026-10-03', 999_00)]);
    expect(s.entries.map((e) => e.number)).toEqual(['INV-1', 'F-8', 'R-9']);
    expect(s.closing).toBe(5_00);
    expect(s.open.map((o) => o.outstanding)).toEqual([5_00]);
  });

  it('is empty and zero for a client with nothing, and refuses a period that runs backwards', () => {
    expect(statementOf('2026-10-01', '2026-10-31', [], [])).toEqual({ from: '2026-10-01', to: '2026-10-31', opening: 0, entries: [], closing: 0, open: [], ageing: { notDue: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 } });
    expect(checkStatementPeriod('2026-10-31', '2026-10-01')).toEqual({ code: 'periodReversed' });
    expect(checkStatementPeriod('2026-10-01', '2026-10-01')).toBeNull();
  });

  it('puts each age in its bucket at the edges', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91].map(ageingBucket)).toEqual(['notDue', 'notDue', 'days1to30', 'days1to30', 'days31to60', 'days31to60', 'days61to90', 'days61to90', 'over90']);
  });
});
