import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countedTotal, isOverdue, needsReminder, outstandingAmount, paidAmount, paymentStatus, type PaymentStatus, type Payments } from '../../domain/orders/order';
import { BANK_IN_METHODS, needsBankIn, PAYMENT_METHODS } from '../../domain/orders/receipts';
import { orderSql, receiptSql } from '../../server/sql/rules';
import { serverForTests } from './harness';

/**
 * The rules written in SQL (server/sql/rules.ts) give what the domain's functions give: each fragment
 * runs on a real database over a table of cases (every combination of total, paid, void and due date
 * around today; receipts and refunds of every method, banked in or not) and its answer is compared
 * with the domain function's, case by case.
 */

const server = serverForTests();

const TODAY = '2026-11-23';

interface OrderCase {
  readonly id: number;
  readonly total: number;
  readonly paid: number;
  readonly voided: boolean;
  readonly due: string;
}

/** Every combination: nothing/part/all/more paid, totals of zero and more, void or not, due before/on/after today. */
const ORDER_CASES: OrderCase[] = (() => {
  const cases: OrderCase[] = [];
  for (const total of [0, 1, 5_000, 123_456])
    for (const paid of [0, 1, 2_500, 5_000, 123_455, 123_456, 200_000])
      for (const voided of [false, true])
        for (const due of ['2026-11-22', TODAY, '2026-11-24']) cases.push({ id: cases.length + 1, total, paid, voided, due });
  return cases;
})();

const payments = (c: OrderCase): Payments => ({ receipts: [c.paid], refunds: [] });

/** Runs `select id, <fragment> as value from (the cases) o` and gives the values by case id. */
async function onOrders<T>(fragment: (o: ReturnType<typeof orderSql>) => RawBuilder<unknown>): Promise<Map<number, T>> {
  const values = sql.join(ORDER_CASES.map((c) => sql`(${c.id}::int, ${c.total}::int, ${c.paid}::int, ${c.voided}::boolean, ${c.due}::date)`));
  const rows = await sql<{ id: number; value: T }>`with o(id, total, paid, voided, due_date) as (values ${values}) select o.id, ${fragment(orderSql('o'))} as value from o`.execute(server.db);
  expect(rows.rows).toHaveLength(ORDER_CASES.length);
  return new Map(rows.rows.map((r) => [r.id, r.value]));
}

const STATUSES: PaymentStatus[] = ['void', 'paid', 'partial', 'outstanding'];

describe('the order rules in SQL equal the domain', () => {
  it('counted: a void order counts zero (countedTotal), for any of its figures', async () => {
    const got = await onOrders<number>((o) => o.counted('total'));
    const paid = await onOrders<number>((o) => o.counted('paid'));
    for (const c of ORDER_CASES) {
      expect(Number(got.get(c.id)), JSON.stringify(c)).toBe(countedTotal(c.total, c.voided));
      expect(Number(paid.get(c.id)), JSON.stringify(c)).toBe(countedTotal(c.paid, c.voided));
    }
  });

  it('outstanding: what is still owed (outstandingAmount)', async () => {
    const got = await onOrders<number>((o) => o.outstanding);
    for (const c of ORDER_CASES) expect(Number(got.get(c.id)), JSON.stringify(c)).toBe(outstandingAmount(c.total, payments(c), c.voided));
  });

  it('status: the payment status (paymentStatus), every status met', async () => {
    const got = await onOrders<string>((o) => o.status);
    for (const c of ORDER_CASES) expect(got.get(c.id), JSON.stringify(c)).toBe(paymentStatus(c.total, payments(c), c.voided));
    expect(new Set(got.values())).toEqual(new Set(STATUSES));
  });

  for (const status of STATUSES) {
    it(`hasStatus('${status}'): exactly the orders whose paymentStatus is ${status}`, async () => {
      const got = await onOrders<boolean>((o) => o.hasStatus(status));
      for (const c of ORDER_CASES) expect(got.get(c.id), JSON.stringify(c)).toBe(paymentStatus(c.total, payments(c), c.voided) === status);
    });
  }

  it('voided / live: void or not', async () => {
    const voided = await onOrders<boolean>((o) => o.voided);
    const live = await onOrders<boolean>((o) => o.live);
    for (const c of ORDER_CASES) {
      expect(voided.get(c.id)).toBe(paymentStatus(c.total, payments(c), c.voided) === 'void');
      expect(live.get(c.id)).toBe(!c.voided);
    }
  });

  it('needsReminder: something is still owed (needsReminder of the status)', async () => {
    const got = await onOrders<boolean>((o) => o.needsReminder);
    for (const c of ORDER_CASES) expect(got.get(c.id), JSON.stringify(c)).toBe(needsReminder(paymentStatus(c.total, payments(c), c.voided)));
  });

  it('overdue: owed and past its due date by today (isOverdue); due today is not overdue', async () => {
    const got = await onOrders<boolean>((o) => o.overdue(TODAY));
    for (const c of ORDER_CASES) expect(got.get(c.id), JSON.stringify(c)).toBe(isOverdue(paymentStatus(c.total, payments(c), c.voided), c.due, TODAY));
    expect([...got.values()].filter(Boolean).length).toBeGreaterThan(0);
  });
});

describe('the receipt rules in SQL equal the domain', () => {
  interface ReceiptCase {
    readonly id: number;
    readonly order: number;
    readonly kind: 'receipt' | 'refund';
    readonly amount: number;
    readonly method: string;
    readonly bankedIn: boolean;
  }
  // Every method the domain knows, one staff may add, and one unknown; receipts and refunds; banked in or not.
  const METHODS = [...PAYMENT_METHODS, 'octopus', 'CASH'];
  const RECEIPT_CASES: ReceiptCase[] = (() => {
    const cases: ReceiptCase[] = [];
    for (const method of METHODS)
      for (const kind of ['receipt', 'refund'] as const)
        for (const bankedIn of [false, true]) cases.push({ id: cases.length + 1, order: (cases.length % 7) + 1, kind, amount: 100 * (cases.length + 1), method, bankedIn });
    return cases;
  })();
  const values = () => sql.join(RECEIPT_CASES.map((c) => sql`(${c.id}::int, ${c.order}::int, ${c.kind}::text, ${c.amount}::int, ${c.method}::text, ${c.bankedIn}::boolean)`));
  const cte = () => sql`with r(id, order_id, kind, amount, method, banked_in) as (values ${values()})`;

  it('awaitsBankIn: a receipt by a bank-in method not banked in yet (needsBankIn), built from BANK_IN_METHODS', async () => {
    const rows = await sql<{ id: number; value: boolean }>`${cte()} select r.id, ${receiptSql('r').awaitsBankIn} as value from r`.execute(server.db);
    const got = new Map(rows.rows.map((r) => [r.id, r.value]));
    for (const c of RECEIPT_CASES) expect(got.get(c.id), JSON.stringify(c)).toBe(c.kind === 'receipt' && needsBankIn(c.method, c.bankedIn));
    expect(RECEIPT_CASES.filter((c) => got.get(c.id)).map((c) => c.method).sort()).toEqual([...BANK_IN_METHODS].sort());
  });

  it('signedAmount summed per order: receipts less refunds (paidAmount)', async () => {
    const rows = await sql<{ order_id: number; paid: string }>`${cte()} select r.order_id, sum(${receiptSql('r').signedAmount}) as paid from r group by r.order_id`.execute(server.db);
    expect(rows.rows.length).toBe(7);
    for (const row of rows.rows) {
      const mine = RECEIPT_CASES.filter((c) => c.order === row.order_id);
      const domain = paidAmount({ receipts: mine.filter((c) => c.kind === 'receipt').map((c) => c.amount), refunds: mine.filter((c) => c.kind === 'refund').map((c) => c.amount) });
      expect(Number(row.paid), `order ${row.order_id}`).toBe(domain);
    }
  });
});
