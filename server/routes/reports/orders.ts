import { Hono } from 'hono';
import { sql, type RawBuilder } from 'kysely';
import * as z from 'zod';
import { ORDER_TYPES } from '../../../domain/orders/order';
import { PAYMENT_METHOD_CODE } from '../../../domain/orders/receipts';
import type { AppContext, AppEnv } from '../../http/env';
import { fieldError } from '../../http/errors';
import { requirePermission } from '../../http/permissions';
import { orderSql, receiptSql } from '../../sql/rules';
import { parseQuery } from '../../http/query';
import { paymentMethodNames } from '../../admin/lists/optionLists';
import { today } from '../../http/dates';
import { dbId, exportReply, text, listReport, name, num, orderBy, quantityByUnit, ReportBase, reportJson, reportRange, singleUnitQuantity, sortValues, type ReportColumn, type Row } from './common';
import { categoryAndChildren, clientSearch, clientSortName, filterNames, whereAll } from './filters';

/**
 * The order reports (spec /reports/orders/…): orders, order items, order analysis, receipts and
 * commission. Every figure is summed, grouped and ranked by PostgreSQL; void orders count as zero
 * (each report says how it shows them).
 */

const ORDER_STATUSES = ['paid', 'partial', 'outstanding', 'void', 'overdue'] as const;

const OrderFilters = {
  ...ReportBase,
  salesperson_id: dbId.optional(),
  client_id: dbId.optional(),
  type: z.enum(ORDER_TYPES).optional(),
  q: z.string().trim().max(100).optional(),
};

type OrderFilterValues = { branch_id?: number | undefined; salesperson_id?: number | undefined; client_id?: number | undefined; type?: string | undefined; q?: string | undefined };

/** The conditions on `o` (orders) and `cl` (clients) that the order reports share. */
function orderConditions(f: OrderFilterValues, range: { from: string; to: string }): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`o.date >= ${range.from}::date`, sql`o.date <= ${range.to}::date`];
  if (f.branch_id) conditions.push(sql`o.branch_id = ${f.branch_id}`);
  if (f.salesperson_id) conditions.push(sql`o.salesperson_id = ${f.salesperson_id}`);
  if (f.client_id) conditions.push(sql`o.client_id = ${f.client_id}`);
  if (f.type) conditions.push(sql`o.type = ${f.type}`);
  if (f.q) conditions.push(clientSearch(f.q, 'o.number'));
  return conditions;
}

/** The order rules in SQL (server/sql/rules.ts, each proven equal to the domain): on `o` and `r`. */
const o = orderSql('o');
const rc = receiptSql('r');

function statusCondition(status: (typeof ORDER_STATUSES)[number], todayDate: string): RawBuilder<unknown> {
  return status === 'overdue' ? o.overdue(todayDate) : o.hasStatus(status);
}

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
const OrderQuery = z.object({ ...OrderFilters, status: z.enum(ORDER_STATUSES).optional(), sort: z.enum(sortValues(ORDER_COLUMNS)).default('-date') });

async function orderReport(c: AppContext) {
  const query = parseQuery(c, OrderQuery);
  if (query.isErr()) return query.error;
  const f = query.value;
  const range = reportRange(c, f);
  if (range instanceof Response) return range;
  const conditions = orderConditions(f, range);
  if (f.status) conditions.push(statusCondition(f.status, today(c)));
  return listReport(c, {
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
      client: clientSortName(c),
      salesperson: sql`s.name`,
      subtotal: o.counted('subtotal'),
      discount: o.counted('discount'),
      total: o.counted('total'),
      paid: o.counted('paid'),
      outstanding: o.outstanding,
      status: o.status,
    },
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
    extra: async () => {
      const t = (await sql<Row>`select count(*) filter (where ${o.voided}) as n, coalesce(sum(o.total) filter (where ${o.voided}), 0) as total from orders o left join clients cl on cl.id = o.client_id where ${whereAll(conditions)}`.execute(c.var.deps.db)).rows[0] ?? {};
      return { voided: { count: num(t.n), total: num(t.total) }, filterNames: await filterNames(c, f) };
    },
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
const ItemQuery = z.object({ ...OrderFilters, product_id: dbId.optional(), category_id: dbId.optional(), sort: z.enum(sortValues(ITEM_COLUMNS)).default('-date') });

async function itemsReport(c: AppContext) {
  const query = parseQuery(c, ItemQuery);
  if (query.isErr()) return query.error;
  const f = query.value;
  const range = reportRange(c, f);
  if (range instanceof Response) return range;
  // Lines of void orders are left out: a void order counts as zero.
  const conditions = [...orderConditions(f, range), o.live];
  if (f.product_id) conditions.push(sql`i.product_id = ${f.product_id}`);
  if (f.category_id) conditions.push(sql`p.category_id in ${categoryAndChildren(f.category_id)}`);
  const en = c.var.language === 'en';
  const itemsFrom = sql`from order_items i join orders o on o.id = i.order_id left join clients cl on cl.id = o.client_id
      left join products p on p.id = i.product_id left join product_categories pc on pc.id = p.category_id
      where ${whereAll(conditions)}`;
  return listReport(c, {
    filename: 'order-items-report',
    columns: ITEM_COLUMNS,
    query: f,
    range,
    from: itemsFrom,
    pageKey: sql`i.id`,
    select: sql`i.id, o.id as order_id, o.number, o.date::text as date, cl.name_en, cl.name_zh, p.code,
      coalesce(nullif(i.description_en, ''), p.name_en, '') as description_en, coalesce(nullif(i.description_zh, ''), p.name_zh, '') as description_zh,
      pc.name_en as category_en, pc.name_zh as category_zh, i.quantity, p.unit, i.unit_price, i.line_total`,
    // Quantities add up per unit only: one sum per product unit beside the totals.
    totals: sql`count(*) as count, coalesce(sum(i.line_total), 0) as line_total,
      (select coalesce(jsonb_agg(jsonb_build_object('unit', u.unit, 'quantity', u.quantity)), '[]'::jsonb) from (select p.unit, sum(i.quantity) as quantity ${itemsFrom} group by p.unit) u) as by_unit`,
    sortSql: {
      number: sql`o.number`,
      date: sql`o.date`,
      client: clientSortName(c),
      productCode: sql`p.code`,
      description: en ? sql`lower(coalesce(nullif(i.description_en, ''), p.name_en))` : sql`coalesce(nullif(i.description_zh, ''), p.name_zh)`,
      category: en ? sql`pc.name_en` : sql`pc.name_zh`,
      quantity: sql`i.quantity`,
      unit: sql`p.unit`,
      unitPrice: sql`i.unit_price`,
      lineTotal: sql`i.line_total`,
    },
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
    extra: async () => ({ filterNames: await filterNames(c, f) }),
  });
}

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
const AnalysisQuery = z.object({
  ...OrderFilters,
  group_by: z.enum(ANALYSIS_GROUPS).default('month'),
  sort: z.string().max(20).optional(),
});

/** The SQL of each grouping: its key (for GROUP BY) and how it reads. */
const GROUP_SQL: Record<AnalysisGroup, { key: RawBuilder<unknown>; en: RawBuilder<unknown>; zh: RawBuilder<unknown> }> = {
  month: { key: sql`to_char(o.date, 'YYYY-MM')`, en: sql`to_char(o.date, 'YYYY-MM')`, zh: sql`to_char(o.date, 'YYYY-MM')` },
  type: { key: sql`o.type`, en: sql`o.type`, zh: sql`o.type` },
  salesperson: { key: sql`o.salesperson_id`, en: sql`min(s.name)`, zh: sql`min(s.name)` },
  branch: { key: sql`o.branch_id`, en: sql`min(b.name_en)`, zh: sql`min(b.name_zh)` },
  client: { key: sql`o.client_id`, en: sql`min(cl.name_en)`, zh: sql`min(cl.name_zh)` },
};

async function analysisReport(c: AppContext) {
  const query = parseQuery(c, AnalysisQuery);
  if (query.isErr()) return query.error;
  const f = query.value;
  const columns = analysisColumns(f.group_by);
  const sortAllowed = sortValues(columns);
  const sort = f.sort ?? (f.group_by === 'month' ? 'month' : '-total');
  if (!sortAllowed.includes(sort)) return fieldError(c, 'sort', 'validation.invalid');
  const range = reportRange(c, f);
  if (range instanceof Response) return range;
  const { db } = c.var.deps;
  // Void orders are left out of every figure here; how many there were is given apart.
  const joins = sql`from orders o left join clients cl on cl.id = o.client_id left join users s on s.id = o.salesperson_id left join branches b on b.id = o.branch_id`;
  const from = sql`${joins} where ${whereAll([...orderConditions(f, range), o.live])}`;
  const g = GROUP_SQL[f.group_by];
  const measures = sql`count(*) as orders, coalesce(sum(o.subtotal), 0) as subtotal, coalesce(sum(o.discount), 0) as discount, coalesce(sum(o.total), 0) as total,
    coalesce(sum(o.paid), 0) as paid, coalesce(sum(${o.outstanding}), 0) as outstanding`;
  // The share of the grand total by a window over the groups; the average rounded half away from zero.
  const grouped = sql`select ${g.key} as group_key, ${g.en} as label_en, ${g.zh} as label_zh, ${measures},
      round(coalesce(sum(o.total), 0)::numeric / count(*)) as average,
      case when sum(sum(o.total)) over () > 0 then round(sum(o.total)::numeric * 10000 / sum(sum(o.total)) over ()) else 0 end as share,
      count(*) over () as group_count
    ${from} group by ${g.key}`;
  const order = orderBy(sort, { [f.group_by]: f.group_by === 'month' || f.group_by === 'type' ? sql`group_key` : c.var.language === 'en' ? sql`lower(label_en)` : sql`label_zh`, orders: sql`orders`, subtotal: sql`subtotal`, discount: sql`discount`, total: sql`total`, paid: sql`paid`, outstanding: sql`outstanding`, average: sql`average`, share: sql`share` });
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
    await sql<Row>`select grouping(to_char(o.date, 'YYYY-MM')) as g_month, grouping(o.type) as g_type, grouping(o.salesperson_id) as g_staff,
        to_char(o.date, 'YYYY-MM') as month, o.type, o.salesperson_id, min(s.name) as salesperson,
        count(*) ${live} as orders, coalesce(sum(o.subtotal) ${live}, 0) as subtotal, coalesce(sum(o.discount) ${live}, 0) as discount,
        coalesce(sum(o.total) ${live}, 0) as total, coalesce(sum(o.paid) ${live}, 0) as paid, coalesce(sum(${o.outstanding}) ${live}, 0) as outstanding,
        count(*) filter (where ${o.voided}) as void_count, coalesce(sum(o.total) filter (where ${o.voided}), 0) as void_total
      ${joins} where ${whereAll(orderConditions(f, range))} group by grouping sets ((to_char(o.date, 'YYYY-MM')), (o.type), (o.salesperson_id), ())`.execute(db)
  ).rows;
  const grand = sets.find((r) => num(r.g_month) === 1 && num(r.g_type) === 1 && num(r.g_staff) === 1) ?? {};
  const totals = { orders: num(grand.orders), subtotal: num(grand.subtotal), discount: num(grand.discount), total: num(grand.total), paid: num(grand.paid), outstanding: num(grand.outstanding), average: num(grand.orders) > 0 ? Math.round(num(grand.total) / num(grand.orders)) : 0, share: num(grand.orders) > 0 ? 10_000 : 0 };
  const exported = await exportReply(c, f.format, f.headers, async () => ({
    filename: 'order-analysis',
    columns,
    rows: (await sql<Row>`select * from (${grouped}) g order by ${order}, group_key`.execute(db)).rows.map(toRow),
    totals,
  }));
  if (exported) return exported;
  const page = (await sql<Row>`select * from (${grouped}) g order by ${order}, group_key limit ${f.per_page} offset ${(f.page - 1) * f.per_page}`.execute(db)).rows;
  const count = page.length > 0 ? num(page[0]!.group_count) : f.page === 1 ? 0 : num((await sql<Row>`select count(distinct ${g.key}) as n ${from}`.execute(db)).rows[0]?.n);
  const rows = page.map(toRow);
  const months = monthsOf(range.from, range.to);
  const byMonth = new Map(sets.filter((r) => num(r.g_month) === 0).map((r) => [String(r.month), r]));
  return reportJson(c, {
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
    filterNames: await filterNames(c, f),
  });
}

/** The months ('YYYY-MM') a range touches, in order (a chart shows the empty ones too). */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 200; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return out;
}

// ------------------------------------------------------------------ receipts

const RECEIPT_COLUMNS: ReportColumn[] = [
  { key: 'number', kind: 'text', sortable: true },
  { key: 'date', kind: 'date', sortable: true },
  { key: 'kind', kind: 'code', codes: 'receiptKind', sortable: true },
  { key: 'order', kind: 'text', sortable: true },
  { key: 'client', kind: 'name', sortable: true },
  // The method's words from Settings → Options (a method added there has no fixed translation).
  { key: 'method', kind: 'name', sortable: true },
  { key: 'reference', kind: 'text' },
  { key: 'amount', kind: 'money', sortable: true },
  { key: 'bankedIn', kind: 'bool', sortable: true },
  { key: 'staff', kind: 'text', sortable: true },
];
const ReceiptQuery = z.object({
  ...ReportBase,
  kind: z.enum(['receipt', 'refund']).optional(),
  method: z.string().regex(PAYMENT_METHOD_CODE).optional(),
  staff_id: dbId.optional(),
  client_id: dbId.optional(),
  banked: z.enum(['yes', 'no']).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(sortValues(RECEIPT_COLUMNS)).default('date'),
});

/** A receipt adds its amount, a refund takes it away. */
const SIGNED_AMOUNT = rc.signedAmount;

async function receiptReport(c: AppContext) {
  const query = parseQuery(c, ReceiptQuery);
  if (query.isErr()) return query.error;
  const f = query.value;
  const range = reportRange(c, f);
  if (range instanceof Response) return range;
  // Every receipt and refund as the money moved, including those of an order voided later (an
  // order is voided only once its receipts have been refunded, so they net to zero).
  const conditions: RawBuilder<unknown>[] = [sql`r.date >= ${range.from}::date`, sql`r.date <= ${range.to}::date`];
  if (f.branch_id) conditions.push(sql`o.branch_id = ${f.branch_id}`);
  if (f.kind) conditions.push(sql`r.kind = ${f.kind}`);
  if (f.method) conditions.push(sql`r.method = ${f.method}`);
  if (f.staff_id) conditions.push(sql`r.created_by = ${f.staff_id}`);
  if (f.client_id) conditions.push(sql`o.client_id = ${f.client_id}`);
  if (f.banked) conditions.push(f.banked === 'yes' ? sql`r.banked_in` : sql`not r.banked_in`);
  if (f.q) conditions.push(sql`(${clientSearch(f.q, 'o.number')} or lower(r.number) like ${`%${f.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`})`);
  const from = sql`from receipts r join orders o on o.id = r.order_id left join clients cl on cl.id = o.client_id left join users u on u.id = r.created_by where ${whereAll(conditions)}`;
  const methodName = await paymentMethodNames(c.var.deps.db);
  return listReport(c, {
    filename: 'receipt-report',
    columns: RECEIPT_COLUMNS,
    query: f,
    range,
    from,
    pageKey: sql`r.id`,
    select: sql`r.id, r.number, r.date::text as date, r.kind, o.id as order_id, o.number as order_number, cl.name_en, cl.name_zh, r.method, r.reference, ${SIGNED_AMOUNT} as amount, r.banked_in, u.name as staff`,
    totals: sql`count(*) as count, coalesce(sum(r.amount) filter (where r.kind = 'receipt'), 0) as receipts, coalesce(sum(r.amount) filter (where r.kind = 'refund'), 0) as refunds, coalesce(sum(${SIGNED_AMOUNT}), 0) as net`,
    sortSql: {
      number: sql`r.number`,
      date: sql`r.date`,
      kind: sql`r.kind`,
      order: sql`o.number`,
      client: clientSortName(c),
      method: sql`r.method`,
      amount: SIGNED_AMOUNT,
      bankedIn: sql`r.banked_in`,
      staff: sql`u.name`,
    },
    tieBreak: sql`r.id`,
    toRow: (r) => ({
      id: r.id,
      number: r.number,
      date: r.date,
      kind: r.kind,
      orderId: r.order_id,
      order: r.order_number,
      client: name(r.name_en as string, r.name_zh as string),
      method: methodName(text(r.method)),
      reference: r.reference ?? '',
      amount: num(r.amount),
      bankedIn: r.banked_in === true,
      staff: r.staff ?? '',
    }),
    toTotals: (t) => ({ count: num(t.count), receipts: num(t.receipts), refunds: num(t.refunds), amount: num(t.net) }),
    extra: async () => ({
      byMethod: (
        await sql<Row>`select r.method, count(*) as count, coalesce(sum(r.amount) filter (where r.kind = 'receipt'), 0) as receipts,
            coalesce(sum(r.amount) filter (where r.kind = 'refund'), 0) as refunds, coalesce(sum(${SIGNED_AMOUNT}), 0) as net,
            count(*) filter (where ${rc.awaitsBankIn}) as awaiting_bank_in
          ${from} group by r.method order by r.method`.execute(c.var.deps.db)
      ).rows.map((r) => ({ method: r.method, ...methodName(text(r.method)), count: num(r.count), receipts: num(r.receipts), refunds: num(r.refunds), net: num(r.net), awaitingBankIn: num(r.awaiting_bank_in) })),
      filterNames: await filterNames(c, f),
    }),
  });
}

// ---------------------------------------------------------------- commission

export const COMMISSION_BASES = ['total', 'received'] as const;

const COMMISSION_COLUMNS: ReportColumn[] = [
  { key: 'salesperson', kind: 'text', sortable: true },
  { key: 'userRate', kind: 'rate', sortable: true },
  { key: 'orders', kind: 'count', sortable: true },
  { key: 'total', kind: 'money', sortable: true },
  { key: 'base', kind: 'money', sortable: true },
  { key: 'commission', kind: 'money', sortable: true },
];
const CommissionQuery = z.object({
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

async function commissionReport(c: AppContext) {
  const query = parseQuery(c, CommissionQuery);
  if (query.isErr()) return query.error;
  const f = query.value;
  const range = reportRange(c, f);
  if (range instanceof Response) return range;
  const { db } = c.var.deps;
  const conditions: RawBuilder<unknown>[] = [sql`o.date >= ${range.from}::date`, sql`o.date <= ${range.to}::date`];
  if (f.branch_id) conditions.push(sql`o.branch_id = ${f.branch_id}`);
  if (f.salesperson_id) conditions.push(sql`o.salesperson_id = ${f.salesperson_id}`);
  const ctes = commissionPerOrder(whereAll(conditions), f.basis);
  // Per salesperson, per month and the grand total in one pass over the orders' commissions.
  const sets = (
    await sql<Row>`with ${ctes}
      select grouping(po.salesperson_id) as g_staff, grouping(to_char(po.date, 'YYYY-MM')) as g_month, po.salesperson_id, to_char(po.date, 'YYYY-MM') as month,
        min(u.name) as salesperson, min(u.commission_rate_bp) as user_rate, count(*) as orders, sum(po.total) as total, sum(po.base) as base, sum(po.commission) as commission
      from per_order po left join users u on u.id = po.salesperson_id
      group by grouping sets ((po.salesperson_id), (to_char(po.date, 'YYYY-MM')), ())`.execute(db)
  ).rows;
  const toRow = (r: Row): Row => ({
    salespersonId: r.salesperson_id,
    salesperson: r.salesperson ?? '',
    userRate: r.user_rate === null ? null : num(r.user_rate),
    orders: num(r.orders),
    total: num(r.total),
    base: num(r.base),
    commission: num(r.commission),
  });
  const staffRows = sets.filter((r) => num(r.g_staff) === 0 && num(r.g_month) === 1);
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
  const grand = sets.find((r) => num(r.g_staff) === 1 && num(r.g_month) === 1) ?? {};
  const totals = { orders: num(grand.orders), total: num(grand.total), base: num(grand.base), commission: num(grand.commission) };
  const exported = await exportReply(c, f.format, f.headers, () => Promise.resolve({ filename: `commission-${f.basis}`, columns: COMMISSION_COLUMNS, rows, totals }));
  if (exported) return exported;
  const byMonth = new Map(sets.filter((r) => num(r.g_month) === 0).map((r) => [String(r.month), num(r.commission)]));
  return reportJson(c, {
    columns: COMMISSION_COLUMNS,
    rows: rows.slice((f.page - 1) * f.per_page, f.page * f.per_page),
    totals,
    count: rows.length,
    page: f.page,
    perPage: f.per_page,
    range,
    sort: f.sort,
    basis: f.basis,
    charts: {
      bySalesperson: rows.map((r) => ({ key: text(r.salespersonId), label: r.salesperson, commission: r.commission })),
      byMonth: monthsOf(range.from, range.to).map((m) => ({ key: m, commission: byMonth.get(m) ?? 0 })),
    },
    filterNames: await filterNames(c, f),
  });
}

/** The order reports; each needs report_view. */
export function orderReportRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/reports/orders/order', ...requirePermission('report_view'), orderReport);
  routes.get('/reports/orders/items', ...requirePermission('report_view'), itemsReport);
  routes.get('/reports/orders/order-analysis', ...requirePermission('report_view'), analysisReport);
  routes.get('/reports/orders/receipt', ...requirePermission('report_view'), receiptReport);
  routes.get('/reports/orders/commission', ...requirePermission('report_view'), commissionReport);
  return routes;
}
