import { sql, type RawBuilder } from 'kysely';
import { err } from 'neverthrow';
import * as z from 'zod';
import { orderSql } from '../sql/rules';
import { dbId, listReport, name, num, ReportBase, reportRange, sortValues, type ReportColumn, type ReportContext, type ReportResult } from './report';
import { clientSearch, clientSortName, filterNames, whereAll } from './filters';

/**
 * The client report (spec /reports/clients/client): per client, the orders dated in the range —
 * how many, their total, what has been paid and what is still owed, the first and last order —
 * grouped and summed by the database. Void orders count as zero: they are left out.
 */

/** The order rules in SQL (server/sql/rules.ts) on `o`. */
const o = orderSql('o');

const COLUMNS: ReportColumn[] = [
  { key: 'code', kind: 'text', sortable: true },
  { key: 'client', kind: 'name', sortable: true },
  { key: 'area', kind: 'name', sortable: true },
  { key: 'orders', kind: 'count', sortable: true },
  { key: 'total', kind: 'money', sortable: true },
  { key: 'paid', kind: 'money', sortable: true },
  { key: 'outstanding', kind: 'money', sortable: true },
  { key: 'firstOrder', kind: 'date', sortable: true },
  { key: 'lastOrder', kind: 'date', sortable: true },
];

export const ClientQuery = z.object({
  ...ReportBase,
  area_id: dbId.optional(),
  tag: z.string().trim().max(60).optional(),
  q: z.string().trim().max(100).optional(),
  /** with_orders (default): clients with an order in the range; all: every client, idle ones with zeros; owing: those still owing. */
  activity: z.enum(['with_orders', 'all', 'owing']).default('with_orders'),
  sort: z.enum(sortValues(COLUMNS)).default('-total'),
});

export async function clientReport(ctx: ReportContext, f: z.output<typeof ClientQuery>): Promise<ReportResult> {
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
  const conditions: RawBuilder<unknown>[] = [];
  if (f.branch_id) conditions.push(sql`cl.branch_id = ${f.branch_id}`);
  if (f.area_id) conditions.push(sql`exists (select 1 from client_addresses a where a.client_id = cl.id and a.area_id = ${f.area_id})`);
  if (f.tag) conditions.push(sql`cl.tags @> ${JSON.stringify([f.tag])}::jsonb`);
  if (f.q) conditions.push(clientSearch(f.q, null));
  const having = f.activity === 'with_orders' ? sql`having count(o.id) > 0` : f.activity === 'owing' ? sql`having coalesce(sum(${o.outstanding}), 0) > 0` : sql``;
  const grouped = sql`select cl.id, cl.name_en, cl.name_zh, ${clientSortName(ctx.language)} as sort_name,
      (select ar.name_en from client_addresses a join areas ar on ar.id = a.area_id where a.client_id = cl.id order by a.sort_order, a.id limit 1) as area_en,
      (select ar.name_zh from client_addresses a join areas ar on ar.id = a.area_id where a.client_id = cl.id order by a.sort_order, a.id limit 1) as area_zh,
      count(o.id) as orders, coalesce(sum(o.total), 0) as total, coalesce(sum(o.paid), 0) as paid, coalesce(sum(${o.outstanding}), 0) as outstanding,
      min(o.date)::text as first_order, max(o.date)::text as last_order
    from clients cl left join orders o on o.client_id = cl.id and ${o.live} and o.date >= ${range.from}::date and o.date <= ${range.to}::date
    where ${whereAll(conditions)} group by cl.id ${having}`;
  return listReport(ctx, {
    filename: 'client-report',
    columns: COLUMNS,
    query: f,
    range,
    from: sql`from (${grouped}) g`,
    select: sql`g.*`,
    totals: sql`count(*) as count, coalesce(sum(g.orders), 0) as orders, coalesce(sum(g.total), 0) as total, coalesce(sum(g.paid), 0) as paid, coalesce(sum(g.outstanding), 0) as outstanding, min(g.first_order) as first_order, max(g.last_order) as last_order`,
    sortSql: {
      code: sql`g.id`,
      client: sql`g.sort_name`,
      area: ctx.language === 'en' ? sql`g.area_en` : sql`g.area_zh`,
      orders: sql`g.orders`,
      total: sql`g.total`,
      paid: sql`g.paid`,
      outstanding: sql`g.outstanding`,
      firstOrder: sql`g.first_order`,
      lastOrder: sql`g.last_order`,
    },
    tieBreak: sql`g.id`,
    toRow: (r) => ({
      id: r.id,
      code: `C${String(r.id).padStart(6, '0')}`,
      client: name(r.name_en as string, r.name_zh as string),
      area: r.area_en === null ? null : name(r.area_en as string, r.area_zh as string),
      orders: num(r.orders),
      total: num(r.total),
      paid: num(r.paid),
      outstanding: num(r.outstanding),
      firstOrder: r.first_order,
      lastOrder: r.last_order,
    }),
    toTotals: (t) => ({ count: num(t.count), orders: num(t.orders), total: num(t.total), paid: num(t.paid), outstanding: num(t.outstanding), firstOrder: t.first_order ?? null, lastOrder: t.last_order ?? null }),
    extra: async () => ({ filterNames: await filterNames(ctx.db, f) }),
  });
}
