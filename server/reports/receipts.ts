import { sql, type RawBuilder } from 'kysely';
import { err } from 'neverthrow';
import * as z from 'zod';
import { PAYMENT_METHOD_CODE } from '../../domain/orders/receipts';
import { paymentMethodNames } from '../admin/lists/optionLists';
import { receiptSql } from '../sql/rules';
import { dbId, listReport, name, num, ReportBase, reportRange, sortValues, text, type ReportColumn, type ReportContext, type ReportResult, type Row } from './report';
import { clientSearch, clientSortName, filterNames, whereAll } from './filters';

/** The receipt report (spec /reports/orders/receipt): every receipt and refund as the money moved. */

/** The receipt rules in SQL (server/sql/rules.ts) on `r`. */
const rc = receiptSql('r');

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
export const ReceiptQuery = z.object({
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

export async function receiptReport(ctx: ReportContext, f: z.output<typeof ReceiptQuery>): Promise<ReportResult> {
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
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
  const methodName = await paymentMethodNames(ctx.db);
  return listReport(ctx, {
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
      client: clientSortName(ctx.language),
      method: sql`r.method`,
      amount: SIGNED_AMOUNT,
      bankedIn: sql`r.banked_in`,
      staff: sql`u.name`,
    },
    notNullSort: ['number', 'date', 'kind', 'order', 'method', 'bankedIn'],
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
          ${from} group by r.method order by r.method`.execute(ctx.db)
      ).rows.map((r) => ({ method: r.method, ...methodName(text(r.method)), count: num(r.count), receipts: num(r.receipts), refunds: num(r.refunds), net: num(r.net), awaitingBankIn: num(r.awaiting_bank_in) })),
      filterNames: await filterNames(ctx.db, f),
    }),
  });
}

