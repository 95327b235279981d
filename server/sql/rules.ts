import { sql, type RawBuilder } from 'kysely';
import type { PaymentStatus } from '../../domain/orders/order';
import { BANK_IN_METHODS } from '../../domain/orders/receipts';

/**
 * The domain's order and receipt rules as SQL, written once (issue 19). Each fragment here is the
 * SQL twin of a domain function, and tests/server/sql-rules.test.ts runs it on a real database over
 * a table of cases and proves it gives what the domain function gives:
 *
 * | fragment                     | domain                                           |
 * |------------------------------|--------------------------------------------------|
 * | `orderSql(a).counted(x)`     | `countedTotal(x, voided)` (void counts zero)     |
 * | `orderSql(a).outstanding`    | `outstandingAmount(total, payments, voided)`     |
 * | `orderSql(a).status`         | `paymentStatus(total, payments, voided)`         |
 * | `orderSql(a).hasStatus(s)`   | `paymentStatus(…) === s`                         |
 * | `orderSql(a).needsReminder`  | `needsReminder(paymentStatus(…))`                |
 * | `orderSql(a).overdue(today)` | `isOverdue(paymentStatus(…), due, today)`        |
 * | `receiptSql(a).signedAmount` | summed: `paidAmount(payments)` (refunds negative) |
 * | `receiptSql(a).awaitsBankIn` | `kind === 'receipt' && needsBankIn(method, banked)` |
 *
 * An order row's `paid` column holds receipts less refunds (the database keeps 0 ≤ paid ≤ total),
 * i.e. `paidAmount(payments)`; `voided` is the order's void flag, `due_date` its due date.
 *
 * Use them by the table's alias: `const o = orderSql('o')` then `sql\`… where ${o.live}\`` or, in
 * the query builder, `.where(o.needsReminder)`. Never write these conditions by hand.
 */

/** A payment status as an SQL literal: a typo is a type error, not a status no order has. */
const statusLiteral = (status: PaymentStatus) => sql.lit(status);

/** The SQL of the order rules on the orders table under `alias` (e.g. 'o', or 'orders' when not aliased). */
export function orderSql(alias: string) {
  const total = sql.ref(`${alias}.total`);
  const paid = sql.ref(`${alias}.paid`);
  const voided = sql.ref(`${alias}.voided`);
  const due = sql.ref(`${alias}.due_date`);
  /** Something still owed: not void and less paid than the total (status partial or outstanding). */
  const needsReminder = sql<boolean>`(not ${voided} and ${paid} < ${total})`;
  const hasStatus = (status: PaymentStatus): RawBuilder<boolean> => {
    switch (status) {
      case 'void':
        return sql<boolean>`${voided}`;
      case 'paid':
        return sql<boolean>`(not ${voided} and ${paid} >= ${total})`;
      case 'partial':
        return sql<boolean>`(not ${voided} and ${paid} > 0 and ${paid} < ${total})`;
      case 'outstanding':
        return sql<boolean>`(not ${voided} and ${paid} <= 0 and ${paid} < ${total})`;
    }
  };
  return {
    /** The order is void. */
    voided: hasStatus('void'),
    /** The order is not void: the one condition for "void counts zero" in a `where` or `filter`. */
    live: sql<boolean>`(not ${voided})`,
    /** A money figure of the order as it counts in sums and reports: zero when the order is void. */
    counted: (value: RawBuilder<unknown> | string): RawBuilder<number> =>
      sql<number>`(case when ${voided} then 0 else ${typeof value === 'string' ? sql.ref(`${alias}.${value}`) : value} end)`,
    /** What is still owed: nothing on a void order, never below zero. */
    outstanding: sql<number>`(case when ${voided} then 0 else greatest(${total} - ${paid}, 0) end)`,
    /** The payment status: 'void' | 'paid' | 'partial' | 'outstanding'. */
    status: sql<PaymentStatus>`(case when ${voided} then ${statusLiteral('void')} when ${paid} >= ${total} then ${statusLiteral('paid')} when ${paid} > 0 then ${statusLiteral('partial')} else ${statusLiteral('outstanding')} end)`,
    /** The order has this payment status (a condition the planner can use, unlike `status = …`). */
    hasStatus,
    /** Something is still owed (the orders list's status=owing; the outstanding reminder before its due date). */
    needsReminder,
    /** The outstanding reminder: something owed and the due date before `today` (Hong Kong, YYYY-MM-DD). */
    overdue: (today: string): RawBuilder<boolean> => sql<boolean>`(${needsReminder} and ${due} < ${today}::date)`,
  };
}

/** The SQL of the receipt rules on the receipts table under `alias`. */
export function receiptSql(alias: string) {
  const kind = sql.ref(`${alias}.kind`);
  const amount = sql.ref(`${alias}.amount`);
  const method = sql.ref(`${alias}.method`);
  const bankedIn = sql.ref(`${alias}.banked_in`);
  return {
    /** The money as it moved: a receipt's amount, a refund's negated; summed over an order's rows it is `paidAmount`. */
    signedAmount: sql<number>`(case when ${kind} = 'refund' then -${amount} else ${amount} end)`,
    /** A receipt that waits to be banked in (the bank-in reminder): paid by a bank-in method and not banked in yet. */
    awaitsBankIn: sql<boolean>`(${kind} = 'receipt' and not ${bankedIn} and ${method} in (${sql.join(BANK_IN_METHODS.map((m) => sql.lit(m)))}))`,
  };
}
