import { Hono } from 'hono';
import { sql, type Kysely, type Transaction } from 'kysely';
import * as z from 'zod';
import { centsToDecimal } from '../../../domain/money/money';
import { needsBankIn, PAYMENT_METHOD_CODE } from '../../../domain/orders/receipts';
import { audit } from '../../audit';
import type { Database } from '../../db/schema';
import { translate } from '../../i18n';
import { errorReply } from '../../http/errors';
import type { AppContext, AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { likePattern, pageWindow, parseQuery } from '../../http/query';
import { idParam } from '../../http/fields';
import { paymentMethodFilter, paymentMethodNames, type OptionName } from '../../admin/lists/optionLists';
import { clientSummary, CSV_LIMIT, csvReply, dateText, letterhead, ListPaging, sortEnum, sortOf } from './common';
import { INT_MAX } from '../../db/limits';

export const receiptNumberPrefix = (kind: 'receipt' | 'refund'): 'receipt_prefix' | 'refund_prefix' => (kind === 'receipt' ? 'receipt_prefix' : 'refund_prefix');

const SORTS = ['number', 'date', 'amount', 'client'] as const;
const ListQuery = z.object({
  ...ListPaging,
  /** The spec's bank-in reminder: cash and cheque receipts not yet banked in. */
  action: z.enum(['bank-in']).optional(),
  kind: z.enum(['receipt', 'refund']).optional(),
  method: z.string().regex(PAYMENT_METHOD_CODE).optional(),
  staff_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  order_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  sort: sortEnum(SORTS).default('-date'),
});

function receiptsQuery(c: AppContext, db: Kysely<Database> | Transaction<Database> = c.var.deps.db) {
  return db
    .selectFrom('receipts as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('clients as cl', 'cl.id', 'o.client_id')
    .leftJoin('users as u', 'u.id', 'r.created_by');
}

const columns = [
  'r.id',
  'r.number',
  'r.kind',
  'r.method',
  'r.reference',
  'r.amount',
  'r.reason',
  'r.banked_in',
  'r.banked_in_at',
  'r.order_id',
  'o.number as order_number',
  'o.branch_id',
  'o.client_id',
  'cl.name_en',
  'cl.name_zh',
  'u.name as staff',
] as const;

type ReceiptRow = {
  id: number;
  number: string;
  kind: 'receipt' | 'refund';
  method: string;
  reference: string;
  amount: number;
  reason: string;
  banked_in: boolean;
  banked_in_at: Date | null;
  order_id: number;
  order_number: string;
  client_id: number;
  name_en: string;
  name_zh: string;
  staff: string | null;
  date: string;
};

/** A receipt as the screens show it; `methodName` holds its payment method's words (Settings → Options). */
const toReceipt = (methodName: (code: string) => OptionName) => (r: ReceiptRow) => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  date: r.date,
  method: r.method,
  methodName: methodName(r.method),
  reference: r.reference,
  amount: r.amount,
  reason: r.reason,
  bankedIn: r.banked_in,
  bankedInAt: r.banked_in_at ? new Date(r.banked_in_at).toISOString() : null,
  action: r.kind === 'receipt' && needsBankIn(r.method, r.banked_in) ? 'bank-in' : null,
  order: { id: r.order_id, number: r.order_number },
  client: { id: r.client_id, nameEn: r.name_en, nameZh: r.name_zh },
  staff: r.staff,
});

/** The receipts and refunds of one order, oldest first. */
export async function loadReceipts(c: AppContext, where: { orderId: number }, db: Kysely<Database> | Transaction<Database> = c.var.deps.db) {
  const rows = await receiptsQuery(c, db).select([...columns, dateText('r.date', 'date')]).where('r.order_id', '=', where.orderId).orderBy('r.date').orderBy('r.id').execute();
  return rows.map(toReceipt(await paymentMethodNames(db)));
}

/** Receipts and refunds (spec /orders/receipt, /reminders/bank-in): list, export, bank-in, print. */
export function receiptRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/receipts', ...requirePermission('receipt_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { q, action, kind, method, staff_id, order_id, branch_id, date_from, date_to, sort, page, per_page, format } = query.value;
    // The filters read only the receipts (orders and clients through subqueries), so the count and
    // sum below scan no join; the page of rows joins them for its 20 rows alone.
    const { db } = c.var.deps;
    let filtered = db.selectFrom('receipts as r');
    if (q) {
      const pattern = likePattern(q);
      filtered = filtered.where((eb) =>
        eb.or([
          eb(sql`lower(r.number)`, 'like', pattern),
          eb(sql`lower(r.reference)`, 'like', pattern),
          eb(
            'r.order_id',
            'in',
            eb
              .selectFrom('orders as o')
              .innerJoin('clients as cl', 'cl.id', 'o.client_id')
              .select('o.id')
              .where((inner) => inner.or([inner(sql`lower(o.number)`, 'like', pattern), inner(sql`lower(cl.name_en)`, 'like', pattern), inner(sql`lower(cl.name_zh)`, 'like', pattern)])),
          ),
        ]),
      );
    }
    if (action === 'bank-in') filtered = filtered.where('r.kind', '=', 'receipt').where('r.banked_in', '=', false).where('r.method', 'in', ['cash', 'cheque']);
    if (kind) filtered = filtered.where('r.kind', '=', kind);
    if (method) filtered = filtered.where('r.method', '=', method);
    if (staff_id) filtered = filtered.where('r.created_by', '=', staff_id);
    if (order_id) filtered = filtered.where('r.order_id', '=', order_id);
    if (branch_id) filtered = filtered.where('r.order_id', 'in', (eb) => eb.selectFrom('orders').select('orders.id').where('orders.branch_id', '=', branch_id));
    if (date_from) filtered = filtered.where('r.date', '>=', date_from);
    if (date_to) filtered = filtered.where('r.date', '<=', date_to);
    const base = filtered.innerJoin('orders as o', 'o.id', 'r.order_id').innerJoin('clients as cl', 'cl.id', 'o.client_id').leftJoin('users as u', 'u.id', 'r.created_by');
    const { by: orderColumn, direction } = sortOf(sort, { number: sql`r.number`, date: sql`r.date`, amount: sql`r.amount`, client: sql`coalesce(nullif(cl.name_zh, ''), cl.name_en)` });
    const rowsQuery = base.select([...columns, dateText('r.date', 'date')]).orderBy(orderColumn, direction).orderBy('r.id', direction);
    const methodName = await paymentMethodNames(db);
    if (format === 'csv') {
      const rows = (await rowsQuery.limit(CSV_LIMIT).execute()).map(toReceipt(methodName));
      const h = (key: string) => translate(c.var.language, `sales.csv.${key}` as 'sales.csv.number');
      const l = (key: string) => translate(c.var.language, key as 'sales.csv.number');
      return csvReply(
        c,
        action === 'bank-in' ? 'bank-in' : 'receipts',
        [h('number'), h('kind'), h('date'), h('order'), h('clientZh'), h('clientEn'), h('method'), h('reference'), h('amount'), h('bankedIn'), h('staff')],
        rows.map((r) => [
          r.number,
          l(`sales.receiptKind.${r.kind}`),
          r.date,
          r.order.number,
          r.client.nameZh,
          r.client.nameEn,
          c.var.language === 'en' ? r.methodName.nameEn || r.methodName.nameZh : r.methodName.nameZh || r.methodName.nameEn,
          r.reference,
          centsToDecimal(r.kind === 'refund' ? -r.amount : r.amount),
          r.bankedIn ? l('sales.csv.yes') : l('sales.csv.no'),
          r.staff ?? '',
        ]),
      );
    }
    const counted = await filtered
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>(sql`case when r.kind = 'refund' then -r.amount else r.amount end`).as('net')])
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(page, per_page);
    const items = (await rowsQuery.limit(limit).offset(offset).execute()).map(toReceipt(methodName));
    const [branches, staff, methods] = await Promise.all([
      db.selectFrom('branches').select(['id', 'name_en', 'name_zh']).orderBy('id').execute(),
      db.selectFrom('users').select(['id', 'name']).orderBy('name').execute(),
      paymentMethodFilter(db),
    ]);
    return c.json({
      items,
      total: Number(counted.n),
      netAmount: Number(counted.net ?? 0),
      page,
      perPage: per_page,
      options: { branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh })), staff: staff.map((u) => ({ id: u.id, name: u.name })), paymentMethods: methods },
    });
  });

  /** One receipt or refund with what its printed copy needs. */
  routes.get('/receipts/:id{[0-9]{1,9}}', ...requirePermission('receipt_view'), async (c) => {
    const row = await receiptsQuery(c).select([...columns, dateText('r.date', 'date')]).where('r.id', '=', idParam(c)).executeTakeFirst();
    if (!row) return errorReply(c, 404, 'errors.notFound');
    const { db } = c.var.deps;
    return c.json({ receipt: { ...toReceipt(await paymentMethodNames(db))(row), client: await clientSummary(db, row.client_id) }, letterhead: await letterhead(db, row.branch_id) });
  });

  /** Marks a cash or cheque receipt as banked in; it leaves the bank-in reminder. */
  routes.post('/receipts/:id{[0-9]{1,9}}/bank-in', ...requirePermission('receipt_edit', 'update'), async (c) => {
    const id = idParam(c);
    const { db, now } = c.var.deps;
    const row = await db.selectFrom('receipts').select(['kind', 'method', 'banked_in']).where('id', '=', id).executeTakeFirst();
    if (!row) return errorReply(c, 404, 'errors.notFound');
    if (row.kind !== 'receipt' || !needsBankIn(row.method, row.banked_in)) return errorReply(c, 422, row.banked_in ? 'sales.alreadyBanked' : 'sales.notBankable');
    const updated = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('receipts')
        .set((eb) => ({ banked_in: true, banked_in_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('banked_in', '=', false)
        .returning('id')
        .executeTakeFirst();
      if (row) await audit(c, { action: 'bank-in', entityType: 'receipt', entityId: id, changes: { bankedIn: { from: false, to: true } } }, tx);
      return Boolean(row);
    });
    if (!updated) return errorReply(c, 422, 'sales.alreadyBanked');
    return c.json({ banked: true });
  });

  return routes;
}
