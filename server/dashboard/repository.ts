import { sql, type Kysely } from 'kysely';
import { addDays, type IsoDate } from '../../domain/time/dates';
import type { Database } from '../db/schema';
import { orderSql, receiptSql } from '../sql/rules';

/**
 * The dashboard's SQL: each figure with the same conditions as the list it links to, the order and
 * receipt rules from server/sql/rules.ts.
 */

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
type Db = Kysely<Database>;

/**
 * Everything still owed: the orders list's status=owing (not void, paid < total). Of that, what is
 * overdue: the outstanding reminder's rule (status=reminder_outstanding), past its due date.
 */
export async function owedFigures(db: Db, day: IsoDate) {
  const o = orderSql('o');
  const r = await sql<{ n: string; owed: string | null; overdue_n: string; overdue_owed: string | null }>`select count(*) as n, sum(${o.outstanding}) as owed,
    count(*) filter (where ${o.overdue(day)}) as overdue_n, sum(${o.outstanding}) filter (where ${o.overdue(day)}) as overdue_owed
    from orders o where ${o.needsReminder}`.execute(db);
  const row = r.rows[0];
  return { count: num(row?.n), amount: num(row?.owed), overdue: { count: num(row?.overdue_n), amount: num(row?.overdue_owed) } };
}

/** The bank-in reminder's own rule (receipts list action=bank-in). */
export async function bankInFigures(db: Db) {
  const r = await sql<{ n: string; amount: string | null }>`select count(*) as n, sum(r.amount) as amount from receipts r where ${receiptSql('r').awaitsBankIn}`.execute(db);
  return { count: num(r.rows[0]?.n), amount: num(r.rows[0]?.amount) };
}

/** The quotations list's expiring_within rule: sent, still valid, and valid no longer than `withinDays`. */
export async function expiringQuotationFigures(db: Db, day: IsoDate, withinDays: number) {
  const r = await sql<{ n: string; amount: string | null }>`select count(*) as n, sum(q.total) as amount from quotations q
    where q.status = 'sent' and (q.date + (q.valid_days - 1)) >= ${day}::date and (q.date + (q.valid_days - 1)) <= ${addDays(day, withinDays)}::date`.execute(db);
  return { count: num(r.rows[0]?.n), amount: num(r.rows[0]?.amount) };
}

/** Invoiced (void orders count as zero) and received (receipts less refunds) per month ('YYYY-MM') from `from` to `to`. */
export async function revenueByMonth(db: Db, from: IsoDate, to: IsoDate): Promise<Map<string, { invoiced: number; received: number }>> {
  const r = await sql<{ month: string; invoiced: string | null; received: string | null }>`
    with invoiced as (select to_char(o.date, 'YYYY-MM') as month, sum(o.total) as amount from orders o where ${orderSql('o').live} and o.date >= ${from}::date and o.date <= ${to}::date group by 1),
    received as (select to_char(r.date, 'YYYY-MM') as month, sum(${receiptSql('r').signedAmount}) as amount from receipts r where r.date >= ${from}::date and r.date <= ${to}::date group by 1)
    select coalesce(i.month, r.month) as month, i.amount as invoiced, r.amount as received from invoiced i full join received r on r.month = i.month`.execute(db);
  return new Map(r.rows.map((row) => [row.month, { invoiced: num(row.invoiced), received: num(row.received) }]));
}

/** The names of the clients by id. */
export function clientNames(db: Db, ids: readonly number[]) {
  return ids.length === 0 ? Promise.resolve([]) : db.selectFrom('clients').select(['id', 'name_en', 'name_zh']).where('id', 'in', [...ids]).execute();
}
