import { sql } from 'kysely';
import { err } from 'neverthrow';
import * as z from 'zod';
import { dbId, listReport, name, num, quantityByUnit, reportRange, singleUnitQuantity, sortValues, type ReportColumn, type ReportContext, type ReportResult, type Row } from './report';
import { categoryAndChildren, clientSortName, filterNames, whereAll } from './filters';
import { o, OrderFilters, orderConditions, ORDER_STATUSES, statusCondition } from './orderFilters';

/**
 * The order reports (spec /reports/orders/…): orders and order items here; the analysis, receipts
 * and commission in their own files. Every figure is summed, grouped and ranked by PostgreSQL; void
 * orders count as zero (each report says how it shows them).
 */

// ------------------------------------------------------------------ orders

const ORDER_COLUMNS: ReportColumn[] = [
  { key: 'number', kind: 'text', sortable: true },
  { key: 'date', kind: 'date', sortable: true },
  { key: 'dueDate', kind: 'date', sortable: true },
  { key: 'type', kind: 'code', codes: 'orderType', sortable: true },
  { key: 'client', kind: 'name', sortable: true },
  { key: 'branch', kind: 'name' },
  { key: 'salesperson', kind: 'text', sortable: true },
  { key: 'subtotal', kind: 'money', sortable: true },
  { key: 'discount', kind: 'money', sortable: true },
  { key: 'total', kind: 'money', sortable: true },
  { key: 'paid', kind: 'money', sortable: true },
  { key: 'outstanding', kind: 'money', sortable: true },
  { key: 'status', kind: 'code', codes: 'paymentStatus', sortable: true },
];
export const OrderQuery = z.object({ ...OrderFilters, status: z.enum(ORDER_STATUSES).optional(), sort: z.enum(sortValues(ORDER_COLUMNS)).default('-date') });

export async function orderReport(ctx: ReportContext, f: z.output<typeof OrderQuery>): Promise<ReportResult> {
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
  const conditions = orderConditions(f, range);
  if (f.status) conditions.push(statusCondition(f.status, ctx.today));
  return listReport(ctx, {
    filename: 'order-report',
    columns: ORDER_COLUMNS,
    query: f,
    range,
    from: sql`from orders o left join clients cl on cl.id = o.client_id left join users s on s.id = o.salesperson_id left join branches b on b.id = o.branch_id where ${whereAll(conditions)}`,
    pageKey: sql`o.id`,
    select: sql`o.id, o.number, o.date::text as date, o.due_date::text as due_date, o.type, cl.id as client_id, cl.name_en, cl.name_zh, b.name_en as branch_en, b.name_zh as branch_zh,
      s.name as salesperson, ${o.counted('subtotal')} as subtotal, ${o.counted('discount')} as discount, ${o.counted('total')} as total, ${o.counted('paid')} as paid,
      ${o.outstanding} as outstanding, ${o.status} as status`,
    // Void orders are listed (status Void) with every money figure as zero, as the invoice list
    // shows them, so each column adds up to its total; their count and their totals as issued are
    // given apart.
    totals: sql`count(*) as count, count(*) filter (where ${o.voided}) as void_count,
      coalesce(sum(o.total) filter (where ${o.voided}), 0) as void_total,
      coalesce(sum(${o.counted('subtotal')}), 0) as subtotal, coalesce(sum(${o.counted('discount')}), 0) as discount,
      coalesce(sum(${o.counted('total')}), 0) as total, coalesce(sum(${o.counted('paid')}), 0) as paid,
      coalesce(sum(${o.outstanding}), 0) as outstanding`,
    sortSql: {
      number: sql`o.number`,
      date: sql`o.date`,
      dueDate: sql`o.due_date`,
      type: sql`o.type`,
      client: clientSortName(ctx.language),
      salesperson: sql`s.name`,
      subtotal: o.counted('subtotal'),
      discount: o.counted('discount'),
      total: o.counted('total'),
      paid: o.counted('paid'),
      outstanding: o.outstanding,
      status: o.status,
    },
    notNullSort: ['number', 'date', 'dueDate', 'type'],
    tieBreak: sql`o.id`,
    toRow: (r) => ({
      id: r.id,
      number: r.number,
      date: r.date,
      dueDate: r.due_date,
      type: r.type,
      client: name(r.name_en as string, r.name_zh as string),
      clientId: r.client_id,
      branch: r.branch_en === null ? null : name(r.branch_en as string, r.branch_zh as string),
      salesperson: r.salesperson ?? '',
      subtotal: num(r.subtotal),
      discount: num(r.discount),
      total: num(r.total),
      paid: num(r.paid),
      outstanding: num(r.outstanding),
      status: r.status,
    }),
    toTotals: (t) => ({ count: num(t.count), subtotal: num(t.subtotal), discount: num(t.discount), total: num(t.total), paid: num(t.paid), outstanding: num(t.outstanding) }),
    sliceBy: sql`o.date`,
    extra: async (t) => ({ voided: { count: num(t.void_count), total: num(t.void_total) }, filterNames: await filterNames(ctx.db, f) }),
  });
}

// ------------------------------------------------------------- order items

const ITEM_COLUMNS: ReportColumn[] = [
  { key: 'number', kind: 'text', sortable: true },
  { key: 'date', kind: 'date', sortable: true },
  { key: 'client', kind: 'name', sortable: true },
  { key: 'productCode', kind: 'text', sortable: true },
  { key: 'description', kind: 'name', sortable: true },
  { key: 'category', kind: 'name', sortable: true },
  { key: 'quantity', kind: 'quantity', sortable: true },
  { key: 'unit', kind: 'code', codes: 'unit', sortable: true },
  { key: 'unitPrice', kind: 'money', sortable: true },
  { key: 'lineTotal', kind: 'money', sortable: true },
];
export const ItemQuery = z.object({ ...OrderFilters, product_id: dbId.optional(), category_id: dbId.optional(), sort: z.enum(sortValues(ITEM_COLUMNS)).default('-date') });

export async function itemsReport(ctx: ReportContext, f: z.output<typeof ItemQuery>): Promise<ReportResult> {
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
  // Lines of void orders are left out: a void order counts as zero.
  const conditions = [...orderConditions(f, range), o.live];
  if (f.product_id) conditions.push(sql`i.product_id = ${f.product_id}`);
  if (f.category_id) conditions.push(sql`p.category_id in ${categoryAndChildren(f.category_id)}`);
  const en = ctx.language === 'en';
  const itemsFrom = sql`from order_items i join orders o on o.id = i.order_id left join clients cl on cl.id = o.client_id
      left join products p on p.id = i.product_id left join product_categories pc on pc.id = p.category_id
      where ${whereAll(conditions)}`;
  return listReport(ctx, {
    filename: 'order-items-report',
    columns: ITEM_COLUMNS,
    query: f,
    range,
    from: itemsFrom,
    pageKey: sql`i.id`,
    select: sql`i.id, o.id as order_id, o.number, o.date::text as date, cl.name_en, cl.name_zh, p.code,
      coalesce(nullif(i.description_en, ''), p.name_en, '') as description_en, coalesce(nullif(i.description_zh, ''), p.name_zh, '') as description_zh,
      pc.name_en as category_en, pc.name_zh as category_zh, i.quantity, p.unit, i.unit_price, i.line_total`,
    // Quantities add up per unit only: one sum per product unit beside the totals. The lines are
    // read once, grouped by unit, and the count and amount added up from those groups.
    totals: sql`count(*) as count, coalesce(sum(i.line_total), 0) as line_total`,
    totalsQuery: (from) => sql`select coalesce(sum(u.count), 0) as count, coalesce(sum(u.line_total), 0) as line_total,
        coalesce(jsonb_agg(jsonb_build_object('unit', u.unit, 'quantity', u.quantity)), '[]'::jsonb) as by_unit
      from (select p.unit, count(*) as count, sum(i.line_total) as line_total, sum(i.quantity) as quantity ${from} group by p.unit) u`,
    sliceBy: sql`o.date`,
    sortSql: {
      number: sql`o.number`,
      date: sql`o.date`,
      client: clientSortName(ctx.language),
      productCode: sql`p.code`,
      description: en ? sql`lower(coalesce(nullif(i.description_en, ''), p.name_en))` : sql`coalesce(nullif(i.description_zh, ''), p.name_zh)`,
      category: en ? sql`pc.name_en` : sql`pc.name_zh`,
      quantity: sql`i.quantity`,
      unit: sql`p.unit`,
      unitPrice: sql`i.unit_price`,
      lineTotal: sql`i.line_total`,
    },
    notNullSort: ['number', 'date', 'quantity', 'unitPrice', 'lineTotal'],
    tieBreak: sql`i.id`,
    toRow: (r) => ({
      id: r.id,
      orderId: r.order_id,
      number: r.number,
      date: r.date,
      client: name(r.name_en as string, r.name_zh as string),
      productCode: r.code ?? '',
      description: name(r.description_en as string, r.description_zh as string),
      category: r.category_en === null ? null : name(r.category_en as string, r.category_zh as string),
      quantity: num(r.quantity),
      unit: r.unit ?? null,
      unitPrice: num(r.unit_price),
      lineTotal: num(r.line_total),
    }),
    toTotals: (t) => {
      const byUnit = quantityByUnit(Array.isArray(t.by_unit) ? (t.by_unit as Row[]) : []);
      const quantity = singleUnitQuantity(byUnit);
      return { count: num(t.count), ...(quantity === null ? {} : { quantity }), lineTotal: num(t.line_total), quantityByUnit: byUnit };
    },
    extra: async () => ({ filterNames: await filterNames(ctx.db, f) }),
  });
}

