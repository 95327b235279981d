import { sql, type RawBuilder } from 'kysely';
import { err, ok } from 'neverthrow';
import * as z from 'zod';
import { dbId, num, pageOfRows, rangeSlices, ReportBase, reportRange, sortValues, text, type ReportColumn, type ReportContext, type ReportPage, type ReportResult, type Row } from './report';
import { filterNames, whereAll } from './filters';
import { monthKey, monthsOf } from './months';
import { o } from './orderFilters';

/** The commission report (spec /reports/orders/commission), its SQL proven equal to the domain's commission() by tests/server/reports.test.ts. */

export const COMMISSION_BASES = ['total', 'received'] as const;

const COMMISSION_COLUMNS: ReportColumn[] = [
  { key: 'salesperson', kind: 'text', sortable: true },
  { key: 'userRate', kind: 'rate', sortable: true },
  { key: 'orders', kind: 'count', sortable: true },
  { key: 'total', kind: 'money', sortable: true },
  { key: 'base', kind: 'money', sortable: true },
  { key: 'commission', kind: 'money', sortable: true },
];
export const CommissionQuery = z.object({
  ...ReportBase,
  salesperson_id: dbId.optional(),
  basis: z.enum(COMMISSION_BASES).default('total'),
  sort: z.enum(sortValues(COMMISSION_COLUMNS)).default('-commission'),
});

/**
 * Integer division rounded half away from zero, as the domain's divideRounded (d > 0), in bigint
 * arithmetic (amounts are at most 2^31 cents and rates 10,000 bp, so no product overflows).
 */
const divideRounded = (n: RawBuilder<unknown>, d: RawBuilder<unknown>) => sql`(case when ${n} >= 0 then (${n} * 2 + ${d}) / (2 * ${d}) else -((-${n} * 2 + ${d}) / (2 * ${d})) end)`;

/**
 * The commission of every order in scope, computed in SQL exactly as the domain's `commission()`:
 * the base (the order's total, or what has been received, never more than the total) is shared out
 * over the lines in proportion to their amounts, each share rounded half away from zero and the
 * rounding rest given to the last line; each line earns its product's own rate, else its category's
 * rate (a sub-category without a rate of its own takes its parent's), else the salesperson's rate
 * (the domain's order of precedence); the shares are added per
 * rate and each rate's sum is rounded once. An order whose lines add up to nothing earns the
 * salesperson's rate on the base. Void orders earn nothing (they are not in scope).
 */
export function commissionPerOrder(where: RawBuilder<unknown>, basis: (typeof COMMISSION_BASES)[number]): RawBuilder<unknown> {
  const base = basis === 'total' ? sql`o.total` : sql`least(o.paid, o.total)`;
  return sql`product_rates as (
      select p.id as product_id, coalesce(p.commission_rate_bp, c.commission_rate_bp, parent.commission_rate_bp) as rate
      from products p left join product_categories c on c.id = p.category_id left join product_categories parent on parent.id = c.parent_id
    ),
    scope as (
      select o.id, o.date, o.salesperson_id, o.total::bigint as total, (case when o.total > 0 then greatest(${base}, 0) else 0 end)::bigint as base, u.commission_rate_bp as user_rate
      from orders o left join users u on u.id = o.salesperson_id where ${o.live} and ${where}
    ),
    lines as (
      select s.id as order_id, s.base, i.line_total::bigint as amount,
        coalesce(r.rate, s.user_rate)::bigint as rate,
        (sum(i.line_total::bigint) over w)::bigint as gross,
        row_number() over w = 1 as is_last
      from scope s join order_items i on i.order_id = s.id
      left join product_rates r on r.product_id = i.product_id
      where s.base > 0
      window w as (partition by s.id order by i.sort_order desc, i.id desc rows between unbounded preceding and unbounded following)
    ),
    shared as (
      select order_id, base, rate, is_last, case when is_last then null else ${divideRounded(sql`(base * amount)`, sql`gross`)} end as share
      from lines where gross > 0
    ),
    by_rate_shared as (
      select order_id, rate, coalesce(sum(share), 0)::bigint as amount, bool_or(is_last) as has_last, min(base) as base from shared group by order_id, rate
    ),
    by_rate as (
      select order_id, rate, amount + case when has_last then base - (sum(amount) over (partition by order_id))::bigint else 0 end as amount
      from by_rate_shared
    ),
    earned as (
      select order_id, sum(${divideRounded(sql`(amount * rate)`, sql`10000`)}) as commission from by_rate where rate is not null group by order_id
      union all
      select s.id, ${divideRounded(sql`(s.base * s.user_rate)`, sql`10000`)} from scope s
      where s.base > 0 and s.user_rate is not null and not exists (select 1 from order_items i where i.order_id = s.id and i.line_total > 0)
    ),
    per_order as (
      select s.id, s.date, s.salesperson_id, s.total, s.base, coalesce(e.commission, 0) as commission
      from scope s left join earned e on e.order_id = s.id
    )`;
}

export async function commissionReport(ctx: ReportContext, f: z.output<typeof CommissionQuery>): Promise<ReportResult> {
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
  const { db } = ctx;
  const month = monthKey('po');
  // Per salesperson, per month and the grand total in one pass over the orders' commissions, a
  // quarter of the range at a time (each order's commission is its own, so the parts add up; a
  // month is never in two parts), so no one query holds the database for long.
  const sets = new Map<string, Row>();
  for (const part of rangeSlices(range)) {
    const conditions: RawBuilder<unknown>[] = [sql`o.date >= ${part.from}::date`, sql`o.date <= ${part.to}::date`];
    if (f.branch_id) conditions.push(sql`o.branch_id = ${f.branch_id}`);
    if (f.salesperson_id) conditions.push(sql`o.salesperson_id = ${f.salesperson_id}`);
    const rows = (
      await sql<Row>`with ${commissionPerOrder(whereAll(conditions), f.basis)}
        select grouping(po.salesperson_id) as g_staff, grouping(${month}) as g_month, po.salesperson_id, to_char(${month}, 'YYYY-MM') as month,
          min(u.name) as salesperson, min(u.commission_rate_bp) as user_rate, count(*) as orders, sum(po.total) as total, sum(po.base) as base, sum(po.commission) as commission
        from per_order po left join users u on u.id = po.salesperson_id
        group by grouping sets ((po.salesperson_id), (${month}), ())`.execute(db)
    ).rows;
    for (const row of rows) {
      const key = [row.g_staff, row.g_month, row.salesperson_id, row.month].map(text).join('|');
      const seen = sets.get(key);
      sets.set(key, seen ? { ...seen, orders: num(seen.orders) + num(row.orders), total: num(seen.total) + num(row.total), base: num(seen.base) + num(row.base), commission: num(seen.commission) + num(row.commission) } : row);
    }
  }
  const grouped = [...sets.values()];
  const toRow = (r: Row): Row => ({
    salespersonId: r.salesperson_id,
    salesperson: r.salesperson ?? '',
    userRate: r.user_rate === null ? null : num(r.user_rate),
    orders: num(r.orders),
    total: num(r.total),
    base: num(r.base),
    commission: num(r.commission),
  });
  const staffRows = grouped.filter((r) => num(r.g_staff) === 0 && num(r.g_month) === 1);
  const key = f.sort.replace(/^-/, '');
  const direction = f.sort.startsWith('-') ? -1 : 1;
  const rows = staffRows
    .map(toRow)
    .sort((a, b) => {
      const x = a[key];
      const y = b[key];
      const cmp = typeof x === 'string' || typeof y === 'string' ? text(x).localeCompare(text(y)) : num(x) - num(y);
      return cmp * direction || num(a.salespersonId) - num(b.salespersonId);
    });
  const grand = grouped.find((r) => num(r.g_staff) === 1 && num(r.g_month) === 1) ?? {};
  const totals = { orders: num(grand.orders), total: num(grand.total), base: num(grand.base), commission: num(grand.commission) };
  if (f.format !== 'json') return ok({ kind: 'export', table: { filename: `commission-${f.basis}`, columns: COMMISSION_COLUMNS, rows, totals } });
  const byMonth = new Map(grouped.filter((r) => num(r.g_month) === 0).map((r) => [String(r.month), num(r.commission)]));
  const body: ReportPage = {
    ...pageOfRows(f, COMMISSION_COLUMNS, rows, totals, range),
    basis: f.basis,
    charts: {
      bySalesperson: rows.map((r) => ({ key: text(r.salespersonId), label: r.salesperson, commission: r.commission })),
      byMonth: monthsOf(range.from, range.to).map((m) => ({ key: m, commission: byMonth.get(m) ?? 0 })),
    },
    filterNames: await filterNames(ctx.db, f),
  };
  return ok({ kind: 'page', page: body });
}
