import { sql, type RawBuilder } from 'kysely';
import { err } from 'neverthrow';
import * as z from 'zod';
import { ORDER_TYPES } from '../../domain/orders/order';
import { orderSql } from '../sql/rules';
import { dbId, name, num, orderBy, outcome, pageOfRows, quantityByUnit, ReportBase, reportRange, singleUnitQuantity, sortValues, type ReportColumn, type ReportContext, type ReportResult, type Row } from './report';
import { categoryAndChildren, clientSearch, filterNames, whereAll } from './filters';

/**
 * The product report (spec /reports/products/product): per product, what the orders dated in the
 * range sold — quantity, amount, in how many orders and for how many clients, its share of the
 * whole — grouped by the database. Lines without a product are one row ("other lines"). Lines of
 * void orders are left out.
 */

const COLUMNS: ReportColumn[] = [
  { key: 'productCode', kind: 'text', sortable: true },
  { key: 'product', kind: 'name', sortable: true },
  { key: 'category', kind: 'name', sortable: true },
  { key: 'orders', kind: 'count', sortable: true },
  { key: 'clients', kind: 'count', sortable: true },
  { key: 'quantity', kind: 'quantity', sortable: true },
  { key: 'unit', kind: 'code', codes: 'unit', sortable: true },
  { key: 'amount', kind: 'money', sortable: true },
  { key: 'share', kind: 'rate', sortable: true },
];

export const ProductQuery = z.object({
  ...ReportBase,
  category_id: dbId.optional(),
  product_id: dbId.optional(),
  salesperson_id: dbId.optional(),
  client_id: dbId.optional(),
  /** A client's English or Chinese name. */
  q: z.string().trim().max(100).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  sort: z.enum(sortValues(COLUMNS)).default('-amount'),
});

export async function productReport(ctx: ReportContext, f: z.output<typeof ProductQuery>): Promise<ReportResult> {
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
  const conditions: RawBuilder<unknown>[] = [orderSql('o').live, sql`o.date >= ${range.from}::date`, sql`o.date <= ${range.to}::date`];
  if (f.branch_id) conditions.push(sql`o.branch_id = ${f.branch_id}`);
  if (f.salesperson_id) conditions.push(sql`o.salesperson_id = ${f.salesperson_id}`);
  if (f.client_id) conditions.push(sql`o.client_id = ${f.client_id}`);
  if (f.q) conditions.push(sql`exists (select 1 from clients cl where cl.id = o.client_id and ${clientSearch(f.q, null)})`);
  if (f.type) conditions.push(sql`o.type = ${f.type}`);
  if (f.product_id) conditions.push(sql`i.product_id = ${f.product_id}`);
  if (f.category_id) conditions.push(sql`p.category_id in ${categoryAndChildren(f.category_id)}`);
  const en = ctx.language === 'en';
  // One group per product and the grand total in one pass (grouping sets), sorted by the database;
  // the grand amount reaches every product row through a window, for its share. A product list is
  // short, so the whole sorted list is read once and the page taken from it.
  const lines = sql`from order_items i join orders o on o.id = i.order_id left join products p on p.id = i.product_id left join product_categories pc on pc.id = p.category_id
    where ${whereAll(conditions)}`;
  const grouped = sql`select grouping(i.product_id) as is_total, i.product_id as id, min(p.code) as code, min(p.name_en) as name_en, min(p.name_zh) as name_zh, min(p.unit) as unit,
      min(pc.name_en) as category_en, min(pc.name_zh) as category_zh,
      count(distinct o.id) as orders, count(distinct o.client_id) as clients, sum(i.quantity) as quantity, sum(i.line_total) as amount,
      max(case when grouping(i.product_id) = 1 then sum(i.line_total) end) over () as all_amount
    ${lines} group by grouping sets ((i.product_id), ())`;
  const share = sql`(case when g.all_amount > 0 then round(g.amount::numeric * 10000 / g.all_amount) else 0 end)`;
  const order = orderBy(f.sort, {
    productCode: sql`g.code`,
    product: en ? sql`lower(g.name_en)` : sql`g.name_zh`,
    category: en ? sql`g.category_en` : sql`g.category_zh`,
    orders: sql`g.orders`,
    clients: sql`g.clients`,
    quantity: sql`g.quantity`,
    unit: sql`g.unit`,
    amount: sql`g.amount`,
    share,
  });
  const all = (await sql<Row>`select g.*, ${share} as share from (${grouped}) g order by g.is_total desc, ${order}, g.id`.execute(ctx.db)).rows;
  const grand = all.find((r) => num(r.is_total) === 1) ?? {};
  const rows = all
    .filter((r) => num(r.is_total) === 0)
    .map((r) => ({
      id: r.id,
      productCode: r.code ?? '',
      product: r.id === null ? null : name(r.name_en as string, r.name_zh as string),
      category: r.category_en === null ? null : name(r.category_en as string, r.category_zh as string),
      orders: num(r.orders),
      clients: num(r.clients),
      quantity: num(r.quantity),
      unit: r.unit ?? null,
      amount: num(r.amount),
      share: num(r.share),
    }));
  // The totals row holds what adds up: the amount, and the quantity only when every row is of one
  // unit (otherwise a sum per unit beside it). An invoice or a client with several products is on
  // several rows, so their numbers in all are given apart, not as the column's total.
  // A product has one unit, so the product rows' quantities added up per unit are the lines' sums
  // per unit (exact integers), without reading the lines a second time.
  const perUnit = new Map<unknown, number>();
  for (const r of all) if (num(r.is_total) === 0) perUnit.set(r.unit ?? null, (perUnit.get(r.unit ?? null) ?? 0) + num(r.quantity));
  const byUnit = quantityByUnit([...perUnit].map(([unit, quantity]) => ({ unit, quantity })));
  const quantity = singleUnitQuantity(byUnit);
  const totals = { count: rows.length, ...(quantity === null ? {} : { quantity }), amount: num(grand.amount), share: num(grand.amount) > 0 ? 10_000 : 0, quantityByUnit: byUnit };
  const distinct = { orders: num(grand.orders), clients: num(grand.clients) };
  return outcome(
    f.format !== 'json',
    () => ({ filename: 'product-report', columns: COLUMNS, rows, totals }),
    async () => ({
      ...pageOfRows(f, COLUMNS, rows, totals, range),
      distinct,
      filterNames: await filterNames(ctx.db, f),
    }),
  );
}
