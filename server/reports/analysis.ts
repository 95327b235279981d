import { sql, type RawBuilder } from 'kysely';
import { err, ok } from 'neverthrow';
import * as z from 'zod';
import { ORDER_TYPES } from '../../domain/orders/order';
import { name, num, orderBy, reportFailure, reportRange, sortValues, text, type ReportColumn, type ReportContext, type ReportPage, type ReportResult, type Row } from './report';
import { filterNames, whereAll } from './filters';
import { monthKey, monthsOf } from './months';
import { o, OrderFilters, orderConditions } from './orderFilters';

/** The order analysis (spec /reports/orders/order-analysis): void orders are left out of every figure and counted apart. */

// ---------------------------------------------------------- order analysis

export const ANALYSIS_GROUPS = ['month', 'type', 'salesperson', 'branch', 'client'] as const;
type AnalysisGroup = (typeof ANALYSIS_GROUPS)[number];

const analysisColumns = (group: AnalysisGroup): ReportColumn[] => [
  group === 'month' ? { key: 'month', kind: 'code', codes: 'month', sortable: true } : group === 'type' ? { key: 'type', kind: 'code', codes: 'orderType', sortable: true } : { key: group, kind: group === 'salesperson' ? 'text' : 'name', sortable: true },
  { key: 'orders', kind: 'count', sortable: true },
  { key: 'subtotal', kind: 'money', sortable: true },
  { key: 'discount', kind: 'money', sortable: true },
  { key: 'total', kind: 'money', sortable: true },
  { key: 'paid', kind: 'money', sortable: true },
  { key: 'outstanding', kind: 'money', sortable: true },
  { key: 'average', kind: 'money', sortable: true },
  { key: 'share', kind: 'rate', sortable: true },
];
export const AnalysisQuery = z.object({
  ...OrderFilters,
  group_by: z.enum(ANALYSIS_GROUPS).default('month'),
  sort: z.string().max(20).optional(),
});

/** The order's month: grouped by its first day, written 'YYYY-MM' once per group (see monthKey). */
const MONTH = monthKey('o');
const MONTH_TEXT = sql`to_char(${MONTH}, 'YYYY-MM')`;

/** The SQL of each grouping: its key (for GROUP BY), the key as the reply gives it (`shown`, else the key) and how it reads. */
const GROUP_SQL: Record<AnalysisGroup, { key: RawBuilder<unknown>; shown?: RawBuilder<unknown>; en: RawBuilder<unknown>; zh: RawBuilder<unknown> }> = {
  month: { key: MONTH, shown: MONTH_TEXT, en: MONTH_TEXT, zh: MONTH_TEXT },
  type: { key: sql`o.type`, en: sql`o.type`, zh: sql`o.type` },
  salesperson: { key: sql`o.salesperson_id`, en: sql`min(s.name)`, zh: sql`min(s.name)` },
  branch: { key: sql`o.branch_id`, en: sql`min(b.name_en)`, zh: sql`min(b.name_zh)` },
  client: { key: sql`o.client_id`, en: sql`min(cl.name_en)`, zh: sql`min(cl.name_zh)` },
};

export async function analysisReport(ctx: ReportContext, f: z.output<typeof AnalysisQuery>): Promise<ReportResult> {
  const columns = analysisColumns(f.group_by);
  const sortAllowed = sortValues(columns);
  const sort = f.sort ?? (f.group_by === 'month' ? 'month' : '-total');
  if (!sortAllowed.includes(sort)) return err(reportFailure('sort', 'validation.invalid'));
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
  const { db } = ctx;
  // Void orders are left out of every figure here; how many there were is given apart.
  const joins = sql`from orders o left join clients cl on cl.id = o.client_id left join users s on s.id = o.salesperson_id left join branches b on b.id = o.branch_id`;
  const from = sql`${joins} where ${whereAll([...orderConditions(f, range), o.live])}`;
  const g = GROUP_SQL[f.group_by];
  const measures = sql`count(*) as orders, coalesce(sum(o.subtotal), 0) as subtotal, coalesce(sum(o.discount), 0) as discount, coalesce(sum(o.total), 0) as total,
    coalesce(sum(o.paid), 0) as paid, coalesce(sum(${o.outstanding}), 0) as outstanding`;
  // The share of the grand total by a window over the groups; the average rounded half away from zero.
  const grouped = sql`select ${g.shown ?? g.key} as group_key, ${g.en} as label_en, ${g.zh} as label_zh, ${measures},
      round(coalesce(sum(o.total), 0)::numeric / count(*)) as average,
      case when sum(sum(o.total)) over () > 0 then round(sum(o.total)::numeric * 10000 / sum(sum(o.total)) over ()) else 0 end as share,
      count(*) over () as group_count
    ${from} group by ${g.key}`;
  const order = orderBy(sort, { [f.group_by]: f.group_by === 'month' || f.group_by === 'type' ? sql`group_key` : ctx.language === 'en' ? sql`lower(label_en)` : sql`label_zh`, orders: sql`orders`, subtotal: sql`subtotal`, discount: sql`discount`, total: sql`total`, paid: sql`paid`, outstanding: sql`outstanding`, average: sql`average`, share: sql`share` });
  const toRow = (r: Row): Row => ({
    key: r.group_key === null ? null : text(r.group_key),
    [f.group_by]: f.group_by === 'month' || f.group_by === 'type' ? r.group_key : f.group_by === 'salesperson' ? (r.label_en ?? '') : r.label_en === null ? null : name(r.label_en as string, r.label_zh as string),
    orders: num(r.orders),
    subtotal: num(r.subtotal),
    discount: num(r.discount),
    total: num(r.total),
    paid: num(r.paid),
    outstanding: num(r.outstanding),
    average: num(r.average),
    share: num(r.share),
  });
  // The charts, the totals and the void orders in one pass: by month, by type and by salesperson,
  // and the grand total (void orders counted apart, outside every other figure).
  const live = sql`filter (where ${o.live})`;
  const sets = (
    await sql<Row>`select grouping(${MONTH}) as g_month, grouping(o.type) as g_type, grouping(o.salesperson_id) as g_staff,
        ${MONTH_TEXT} as month, o.type, o.salesperson_id, min(s.name) as salesperson,
        count(*) ${live} as orders, coalesce(sum(o.subtotal) ${live}, 0) as subtotal, coalesce(sum(o.discount) ${live}, 0) as discount,
        coalesce(sum(o.total) ${live}, 0) as total, coalesce(sum(o.paid) ${live}, 0) as paid, coalesce(sum(${o.outstanding}) ${live}, 0) as outstanding,
        count(*) filter (where ${o.voided}) as void_count, coalesce(sum(o.total) filter (where ${o.voided}), 0) as void_total
      ${joins} where ${whereAll(orderConditions(f, range))} group by grouping sets ((${MONTH}), (o.type), (o.salesperson_id), ())`.execute(db)
  ).rows;
  const grand = sets.find((r) => num(r.g_month) === 1 && num(r.g_type) === 1 && num(r.g_staff) === 1) ?? {};
  const totals = { orders: num(grand.orders), subtotal: num(grand.subtotal), discount: num(grand.discount), total: num(grand.total), paid: num(grand.paid), outstanding: num(grand.outstanding), average: num(grand.orders) > 0 ? Math.round(num(grand.total) / num(grand.orders)) : 0, share: num(grand.orders) > 0 ? 10_000 : 0 };
  if (f.format !== 'json') {
    const all = (await sql<Row>`select * from (${grouped}) g order by ${order}, group_key`.execute(db)).rows.map(toRow);
    return ok({ kind: 'export', table: { filename: 'order-analysis', columns, rows: all, totals } });
  }
  const page = (await sql<Row>`select * from (${grouped}) g order by ${order}, group_key limit ${f.per_page} offset ${(f.page - 1) * f.per_page}`.execute(db)).rows;
  const count = page.length > 0 ? num(page[0]!.group_count) : f.page === 1 ? 0 : num((await sql<Row>`select count(distinct ${g.key}) as n ${from}`.execute(db)).rows[0]?.n);
  const rows = page.map(toRow);
  const months = monthsOf(range.from, range.to);
  const byMonth = new Map(sets.filter((r) => num(r.g_month) === 0).map((r) => [String(r.month), r]));
  const body: ReportPage = {
    columns,
    rows,
    totals,
    count,
    page: f.page,
    perPage: f.per_page,
    range,
    sort,
    groupBy: f.group_by,
    voided: { count: num(grand.void_count), total: num(grand.void_total) },
    charts: {
      byMonth: months.map((m) => ({ key: m, total: num(byMonth.get(m)?.total), paid: num(byMonth.get(m)?.paid), orders: num(byMonth.get(m)?.orders) })),
      byType: ORDER_TYPES.map((type) => {
        const r = sets.find((s) => num(s.g_type) === 0 && s.type === type);
        return { key: type, total: num(r?.total), orders: num(r?.orders) };
      }),
      bySalesperson: sets
        .filter((r) => num(r.g_staff) === 0 && num(r.orders) > 0)
        .map((r) => ({ key: text(r.salesperson_id), label: r.salesperson ?? null, total: num(r.total), orders: num(r.orders) }))
        .sort((a, b) => b.total - a.total),
    },
    filterNames: await filterNames(ctx.db, f),
  };
  return ok({ kind: 'page', page: body });
}
