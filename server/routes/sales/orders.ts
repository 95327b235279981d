import { Hono } from 'hono';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import * as z from 'zod';
import { FULL_RATE_BP, centsToDecimal } from '../../../domain/money/money';
import { checkUnvoid, checkVoid, countedTotal, dueDate, isOverdue, ORDER_TYPES, outstandingAmount, paymentStatus, type PaymentStatus } from '../../../domain/orders/order';
import { checkReceipt, checkRefund, PAYMENT_METHOD_CODE, type ReceiptError } from '../../../domain/orders/receipts';
import type { Database } from '../../db/schema';
import { audit, fieldChanges } from '../../audit';
import { translate } from '../../i18n';
import { errorReply } from '../../http/errors';
import type { AppContext, AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { likePattern, pageWindow, parseQuery, queryId } from '../../http/query';
import { parseJsonBody } from '../../http/validate';
import { fieldErrors, idParam, optionalText, versionField } from '../../http/fields';
import { activeOptions, paymentMethodChoices } from '../../admin/lists/optionLists';
import { listAttachments } from '../attachments';
import { orderAppointments } from '../../appointments/clientAppointments';
import { seesAll } from '../../appointments/store';
import { hasPermission } from '../../../domain/auth/permissions';
import {
  checkDocument,
  clientSummary,
  codeValue,
  CSV_LIMIT,
  csvReply,
  dateText,
  documentTerms,
  documentOptions,
  figuresOf,
  isoDate,
  ItemsInput,
  letterhead,
  ListPaging,
  loadItems,
  documentCompany,
  nextDocumentNumber,
  sortEnum,
  sortOf,
  termTexts,
  today,
  withDescriptions,
  writeItems,
} from './common';
import { loadReceipts, receiptNumberPrefix } from './receipts';
import { INT_MAX } from '../../db/limits';

const OrderFields = {
  type: z.enum(ORDER_TYPES),
  date: isoDate,
  /** Omitted: the date plus the payment terms of Settings → Codes. */
  dueDate: isoDate.nullable().default(null),
  clientId: z.number().int().positive().max(INT_MAX),
  branchId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  salespersonId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  discountRateBp: z.number().int().min(0).max(FULL_RATE_BP).default(0),
  items: ItemsInput,
  termIds: z.array(z.number().int().positive().max(INT_MAX)).max(20).default([]),
  notes: optionalText(5000),
};
/** An invoice made from an appointment's invoice tab is linked to that appointment. */
const CreateOrder = z.object({ ...OrderFields, appointmentId: z.number().int().positive().max(INT_MAX).nullable().default(null) });
const UpdateOrder = z.object({ ...OrderFields, version: versionField });
type CreateInput = z.output<typeof CreateOrder>;

/** The appointment a new invoice is for: one of the same client that the user may see and edit. */
async function checkAppointment(c: AppContext, input: CreateInput): Promise<Record<string, string[]>> {
  if (input.appointmentId === null) return {};
  const user = c.var.user!;
  const row = await c.var.deps.db.selectFrom('appointments').select(['client_id', 'order_id']).where('id', '=', input.appointmentId).executeTakeFirst();
  const visible = row && (seesAll(user) || (await c.var.deps.db.selectFrom('appointment_workers').select('user_id').where('appointment_id', '=', input.appointmentId).where('user_id', '=', user.id).executeTakeFirst()));
  if (!row || !visible || !hasPermission(user, 'appointment_edit')) return { appointmentId: [translate(c.var.language, 'validation.invalid')] };
  if (row.client_id !== input.clientId) return { appointmentId: [translate(c.var.language, 'sales.appointmentOtherClient')] };
  return {};
}
type OrderInput = z.output<z.ZodObject<typeof OrderFields>>;

/** `owing`: something still owed (unpaid or part paid, the domain's outstandingAmount > 0), whatever the due date. */
export const ORDER_STATUS_FILTERS = ['paid', 'partial', 'outstanding', 'owing', 'void', 'reminder_outstanding'] as const;
const SORTS = ['number', 'date', 'due', 'total', 'outstanding', 'client'] as const;
const ListQuery = z.object({
  ...ListPaging,
  status: z.enum(ORDER_STATUS_FILTERS).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  client_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  salesperson_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  sort: sortEnum(SORTS).default('-date'),
});

const ReceiptInput = z.object({
  kind: z.enum(['receipt', 'refund']),
  date: isoDate,
  /** One of the active payment methods (Settings → Options), checked against the list below. */
  method: z.string().trim().regex(PAYMENT_METHOD_CODE),
  reference: optionalText(100),
  amount: z.number().int().min(1).max(2_147_483_647),
  reason: optionalText(1000),
});

const VoidInput = z.object({ reason: z.string().trim().max(1000), version: versionField });

type OrderScope = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

/** The SQL of a status filter, the same rules as the domain's paymentStatus and isOverdue. */
function statusFilter(status: (typeof ORDER_STATUS_FILTERS)[number], todayDate: string) {
  return (eb: OrderScope) => {
    const live = eb('o.voided', '=', false);
    switch (status) {
      case 'void':
        return eb('o.voided', '=', true);
      case 'paid':
        return eb.and([live, eb('o.paid', '>=', eb.ref('o.total'))]);
      case 'partial':
        return eb.and([live, eb('o.paid', '>', 0), eb('o.paid', '<', eb.ref('o.total'))]);
      case 'outstanding':
        return eb.and([live, eb('o.paid', '=', 0), eb('o.total', '>', 0)]);
      case 'owing':
        return eb.and([live, eb('o.paid', '<', eb.ref('o.total'))]);
      case 'reminder_outstanding':
        return eb.and([live, eb('o.paid', '<', eb.ref('o.total')), eb('o.due_date', '<', todayDate)]);
    }
  };
}

function orderState(c: AppContext, r: { total: number; paid: number; voided: boolean; due: string }) {
  const payments = { receipts: [r.paid], refunds: [] };
  const status: PaymentStatus = paymentStatus(r.total, payments, r.voided);
  return { status, outstanding: outstandingAmount(r.total, payments, r.voided), overdue: isOverdue(status, r.due, today(c)) };
}

const LIST_COLUMNS = ['o.id', 'o.number', 'o.type', 'o.total', 'o.paid', 'o.voided', 'o.client_id', 'cl.name_en', 'cl.name_zh', 's.name as salesperson'] as const;

interface ListRow {
  id: number;
  number: string;
  type: (typeof ORDER_TYPES)[number];
  date: string;
  due: string;
  total: number;
  paid: number;
  voided: boolean;
  client_id: number;
  name_en: string;
  name_zh: string;
  salesperson: string | null;
}

/** An order as lists show it, its status and outstanding worked out by the domain. */
const listItem = (c: AppContext, r: ListRow) => ({
  id: r.id,
  number: r.number,
  type: r.type,
  date: r.date,
  dueDate: r.due,
  total: r.total,
  paid: r.paid,
  voided: r.voided,
  ...orderState(c, r),
  client: { id: r.client_id, nameEn: r.name_en, nameZh: r.name_zh },
  salesperson: r.salesperson,
});

/** A client's orders, newest first (the client's order tab). */
export async function clientOrders(c: AppContext, clientId: number) {
  const rows = await c.var.deps.db
    .selectFrom('orders as o')
    .innerJoin('clients as cl', 'cl.id', 'o.client_id')
    .leftJoin('users as s', 's.id', 'o.salesperson_id')
    .select([...LIST_COLUMNS, dateText('o.date', 'date'), dateText('o.due_date', 'due')])
    .where('o.client_id', '=', clientId)
    .orderBy('o.date', 'desc')
    .orderBy('o.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => listItem(c, r));
}

export async function loadOrder(c: AppContext, id: number, db: Kysely<Database> | Transaction<Database> = c.var.deps.db) {
  const r = await db
    .selectFrom('orders as o')
    .leftJoin('users as s', 's.id', 'o.salesperson_id')
    .leftJoin('users as v', 'v.id', 'o.voided_by')
    .leftJoin('quotations as q', 'q.id', 'o.quotation_id')
    .selectAll('o')
    .select(['s.name as salesperson_name', 'v.name as voided_by_name', 'q.number as quotation_number', 'q.kind as quotation_kind', dateText('o.date', 'date_text'), dateText('o.due_date', 'due_text')])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    number: r.number,
    type: r.type,
    date: r.date_text,
    dueDate: r.due_text,
    client: await clientSummary(db, r.client_id),
    clientId: r.client_id,
    branchId: r.branch_id,
    salespersonId: r.salesperson_id,
    salesperson: r.salesperson_name,
    discountRateBp: r.discount_rate_bp,
    subtotal: r.subtotal,
    discount: r.discount,
    total: r.total,
    paid: r.paid,
    ...orderState(c, { total: r.total, paid: r.paid, voided: r.voided, due: r.due_text }),
    voided: r.voided,
    voidReason: r.void_reason,
    voidedAt: r.voided_at ? new Date(r.voided_at).toISOString() : null,
    voidedBy: r.voided_by_name,
    terms: await documentTerms(db, r.terms, 'order'),
    notes: r.notes,
    quotation: r.quotation_id === null ? null : { id: r.quotation_id, number: r.quotation_number, kind: r.quotation_kind },
    items: await loadItems(db, 'order_items', r.id),
    receipts: await loadReceipts(c, { orderId: r.id }, db),
    letterhead: await letterhead(db, r.branch_id),
    version: r.version,
  };
}

async function checkOrder(c: AppContext, input: OrderInput) {
  const errors = await checkDocument(c, input);
  const lang = c.var.language;
  const terms = await termTexts(c.var.deps.db, input.termIds, 'order');
  if (terms === null) errors.termIds = [translate(lang, 'validation.invalid')];
  if (input.dueDate !== null && input.dueDate < input.date) errors.dueDate = [translate(lang, 'sales.dueBeforeDate')];
  const figures = figuresOf(input.items, input.discountRateBp);
  if (figures === null) errors.items = [translate(lang, 'sales.amountTooLarge')];
  return { errors, terms: terms ?? [], figures };
}

/** The message of a receipt rule broken, with the most that could be taken. */
function receiptProblem(c: AppContext, error: ReceiptError) {
  const lang = c.var.language;
  const max = 'maxCents' in error ? error.maxCents : 0;
  const message = translate(lang, `sales.${error.code}`, { max: `HK$${centsToDecimal(max)}` });
  return c.json({ message, code: error.code, maxCents: max, errors: { amount: [message] } }, 422);
}

const label = (c: AppContext, key: string) => translate(c.var.language, key as 'sales.csv.number');

/** Orders (invoices) with their lines, payments, void and unvoid, attachments (spec /orders…). */
export function orderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/orders', ...requirePermission('order_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { q, status, type, client_id, branch_id, salesperson_id, date_from, date_to, sort, page, per_page, format } = query.value;
    const { db } = c.var.deps;
    const todayDate = today(c);
    // The filters read only the orders (the client's names through a subquery), so the count and
    // sum below scan no join; the page of rows joins the clients for its rows alone.
    let base = db.selectFrom('orders as o');
    if (q) {
      const pattern = likePattern(q);
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(o.number)`, 'like', pattern),
          eb('o.client_id', 'in', eb.selectFrom('clients as cl').select('cl.id').where((inner) => inner.or([inner(sql`lower(cl.name_en)`, 'like', pattern), inner(sql`lower(cl.name_zh)`, 'like', pattern)]))),
        ]),
      );
    }
    if (status) base = base.where(statusFilter(status, todayDate));
    if (type) base = base.where('o.type', '=', type);
    if (client_id) base = base.where('o.client_id', '=', client_id);
    if (branch_id) base = base.where('o.branch_id', '=', branch_id);
    if (salesperson_id) base = base.where('o.salesperson_id', '=', salesperson_id);
    if (date_from) base = base.where('o.date', '>=', date_from);
    if (date_to) base = base.where('o.date', '<=', date_to);
    const { by: orderColumn, direction } = sortOf(sort, {
      number: sql`o.number`,
      date: sql`o.date`,
      due: sql`o.due_date`,
      total: sql`o.total`,
      outstanding: sql`case when o.voided then 0 else o.total - o.paid end`,
      client: sql`coalesce(nullif(cl.name_zh, ''), cl.name_en)`,
    });
    const rowsQuery = base
      .innerJoin('clients as cl', 'cl.id', 'o.client_id')
      .leftJoin('users as s', 's.id', 'o.salesperson_id')
      .select([...LIST_COLUMNS, dateText('o.date', 'date'), dateText('o.due_date', 'due')])
      .orderBy(orderColumn, direction)
      .orderBy('o.id', direction);
    const toItem = (r: ListRow) => listItem(c, r);
    if (format === 'csv') {
      const rows = (await rowsQuery.limit(CSV_LIMIT).execute()).map(toItem);
      const h = (key: string) => label(c, `sales.csv.${key}`);
      return csvReply(
        c,
        'orders',
        [h('number'), h('type'), h('date'), h('dueDate'), h('clientZh'), h('clientEn'), h('status'), h('overdue'), h('total'), h('paid'), h('outstanding'), h('salesperson')],
        // As the list shows them: a void invoice counts as zero, and the overdue flag beside the status.
        rows.map((r) => [
          r.number,
          label(c, `sales.orderType.${r.type}`),
          r.date,
          r.dueDate,
          r.client.nameZh,
          r.client.nameEn,
          label(c, `sales.paymentStatus.${r.status}`),
          label(c, r.overdue ? 'sales.csv.yes' : 'sales.csv.no'),
          centsToDecimal(countedTotal(r.total, r.voided)),
          centsToDecimal(r.paid),
          centsToDecimal(r.outstanding),
          r.salesperson ?? '',
        ]),
      );
    }
    const counted = await base
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>(sql`case when o.voided then 0 else o.total - o.paid end`).as('outstanding')])
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(page, per_page);
    const items = (await rowsQuery.limit(limit).offset(offset).execute()).map(toItem);
    return c.json({ items, total: Number(counted.n), outstandingTotal: Number(counted.outstanding ?? 0), page, perPage: per_page, options: await documentOptions(c, 'order') });
  });

  routes.get('/orders/create', ...requirePermission('order_create'), async (c) => {
    const clientId = queryId(c.req.query('client_id'));
    const { db } = c.var.deps;
    const user = c.var.user!;
    const date = today(c);
    const appointmentId = queryId(c.req.query('appointment_id'));
    const paymentTermsDays = Number(await codeValue(db, 'payment_terms_days'));
    return c.json({
      options: await documentOptions(c, 'order'),
      appointmentId,
      // The form moves the due date with the date by the same terms until the user sets it.
      defaults: { type: 'new_order', date, dueDate: dueDate(date, paymentTermsDays), paymentTermsDays, branchId: user.branchId, salespersonId: user.id },
      client: clientId === null ? null : await clientSummary(db, clientId),
    });
  });

  routes.post('/orders', ...requirePermission('order_create'), async (c) => {
    const body = await parseJsonBody(c, CreateOrder);
    if (body.isErr()) return body.error;
    const input = body.value;
    const { errors, terms, figures } = await checkOrder(c, input);
    Object.assign(errors, await checkAppointment(c, input));
    if (Object.keys(errors).length > 0 || !figures) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const paymentTerms = Number(await codeValue(db, 'payment_terms_days'));
    const id = await db.transaction().execute(async (tx) => {
      const number = await nextDocumentNumber(tx, 'invoice_prefix', input.date, await documentCompany(tx, input.branchId, input.clientId));
      const row = await tx
        .insertInto('orders')
        .values({
          number,
          type: input.type,
          date: input.date,
          due_date: input.dueDate ?? dueDate(input.date, paymentTerms),
          client_id: input.clientId,
          branch_id: input.branchId,
          salesperson_id: input.salespersonId,
          discount_rate_bp: input.discountRateBp,
          ...figures,
          terms: JSON.stringify(terms),
          notes: input.notes,
          created_by: c.var.user!.id,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeItems(tx, 'order_items', row.id, await withDescriptions(tx, input.items));
      if (input.appointmentId !== null) {
        await tx.updateTable('appointments').set((eb) => ({ order_id: row.id, updated_at: now(), version: eb('version', '+', 1) })).where('id', '=', input.appointmentId).execute();
      }
      // The audit lines go with the change: both are kept, or neither.
      await audit(c, { action: 'create', entityType: 'order', entityId: row.id, changes: { number, ...input } }, tx);
      if (input.appointmentId !== null) await audit(c, { action: 'link-order', entityType: 'appointment', entityId: input.appointmentId, changes: { orderId: { from: null, to: row.id } } }, tx);
      return row.id;
    });
    return c.json({ order: await loadOrder(c, id) }, 201);
  });

  routes.get('/orders/:id{[0-9]{1,9}}', ...requirePermission('order_view'), async (c) => {
    const order = await loadOrder(c, idParam(c));
    if (!order) return errorReply(c, 404, 'errors.notFound');
    const { db } = c.var.deps;
    // The receipt and refund forms offer the active payment methods and refund reasons (Settings → Options).
    const options = { ...(await documentOptions(c, 'order')), paymentMethods: await paymentMethodChoices(db), refundReasons: await activeOptions(db, 'refund_reason') };
    return c.json({ order, attachments: await listAttachments(c, 'order', order.id), appointments: await orderAppointments(c, order.id), options });
  });

  routes.put('/orders/:id{[0-9]{1,9}}', ...requirePermission('order_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateOrder);
    if (body.isErr()) return body.error;
    const input = body.value;
    const id = idParam(c);
    const before = await loadOrder(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    if (before.version !== input.version) return errorReply(c, 409, 'errors.conflict');
    if (before.voided) return errorReply(c, 422, 'sales.orderLocked');
    const { errors, terms, figures } = await checkOrder(c, input);
    if (figures && figures.total < before.paid) errors.items = [translate(c.var.language, 'sales.totalBelowPaid', { paid: `HK$${centsToDecimal(before.paid)}` })];
    if (Object.keys(errors).length > 0 || !figures) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const updated = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('orders')
        .set((eb) => ({
          type: input.type,
          date: input.date,
          due_date: input.dueDate ?? before.dueDate,
          client_id: input.clientId,
          branch_id: input.branchId,
          salesperson_id: input.salespersonId,
          discount_rate_bp: input.discountRateBp,
          ...figures,
          terms: JSON.stringify(terms),
          notes: input.notes,
          updated_at: now(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .where('voided', '=', false)
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await writeItems(tx, 'order_items', id, await withDescriptions(tx, input.items));
      const after = (await loadOrder(c, id, tx))!;
      const keys = ['type', 'date', 'dueDate', 'clientId', 'branchId', 'salespersonId', 'discountRateBp', 'total', 'terms', 'notes', 'items'] as const;
      await audit(c, { action: 'update', entityType: 'order', entityId: id, changes: fieldChanges(before, after, [...keys]) }, tx);
      return after;
    });
    if (!updated) return errorReply(c, 409, 'errors.conflict');
    return c.json({ order: updated });
  });

  for (const action of ['void', 'unvoid'] as const) {
    routes.post(`/orders/:id{[0-9]{1,9}}/${action}`, ...requirePermission('order_void'), async (c) => {
      const body = await parseJsonBody(c, VoidInput);
      if (body.isErr()) return body.error;
      const id = idParam(c);
      const { db, now } = c.var.deps;
      const outcome = await db.transaction().execute(async (tx) => {
        const order = await tx.selectFrom('orders').select(['voided', 'paid', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!order) return 'notFound' as const;
        if (order.version !== body.value.version) return 'conflict' as const;
        const check = action === 'void' ? checkVoid(order.voided, { receipts: [order.paid], refunds: [] }, body.value.reason) : checkUnvoid(order.voided, body.value.reason);
        if (check.isErr()) return check.error.code;
        await tx
          .updateTable('orders')
          .set((eb) => ({
            voided: action === 'void',
            void_reason: body.value.reason,
            voided_at: action === 'void' ? now() : null,
            voided_by: action === 'void' ? c.var.user!.id : null,
            updated_at: now(),
            version: eb('version', '+', 1),
          }))
          .where('id', '=', id)
          .execute();
        await audit(c, { action, entityType: 'order', entityId: id, changes: { reason: body.value.reason } }, tx);
        return 'ok' as const;
      });
      if (outcome === 'notFound') return errorReply(c, 404, 'errors.notFound');
      if (outcome === 'conflict') return errorReply(c, 409, 'errors.conflict');
      if (outcome !== 'ok') {
        const message = translate(c.var.language, `sales.${outcome}`);
        return c.json({ message, code: outcome, errors: { reason: [message] } }, 422);
      }
      return c.json({ order: await loadOrder(c, id) });
    });
  }

  /**
   * A receipt or a refund against the order. The order's row is locked while the rule is checked and
   * `paid` moved, so receipts recorded at the same time cannot together pass the total (and the
   * database's own check constraint refuses it even if this code were wrong).
   */
  routes.post('/orders/:id{[0-9]{1,9}}/receipts', ...requirePermission('receipt_create'), async (c) => {
    const body = await parseJsonBody(c, ReceiptInput);
    if (body.isErr()) return body.error;
    const input = body.value;
    if (input.kind === 'refund' && input.reason === '') {
      const message = translate(c.var.language, 'sales.refundReason');
      return c.json({ message, errors: { reason: [message] } }, 422);
    }
    const id = idParam(c);
    const { db, now } = c.var.deps;
    if (!(await paymentMethodChoices(db)).some((m) => m.value === input.method)) return fieldErrors(c, { method: [translate(c.var.language, 'sales.methodUnknown')] });
    const outcome = await db.transaction().execute(async (tx) => {
      const order = await tx.selectFrom('orders').select(['total', 'paid', 'voided', 'branch_id', 'client_id']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!order) return { problem: 'notFound' as const };
      const payments = { receipts: [order.paid], refunds: [] };
      const check = input.kind === 'receipt' ? checkReceipt(order.total, payments, order.voided, input.amount) : checkRefund(payments, input.amount);
      if (check.isErr()) return { problem: check.error };
      const number = await nextDocumentNumber(tx, receiptNumberPrefix(input.kind), input.date, await documentCompany(tx, order.branch_id, order.client_id));
      const row = await tx
        .insertInto('receipts')
        .values({
          number,
          order_id: id,
          kind: input.kind,
          date: input.date,
          method: input.method,
          reference: input.reference,
          amount: input.amount,
          reason: input.reason,
          created_by: c.var.user!.id,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('orders')
        .set((eb) => ({ paid: eb('paid', input.kind === 'receipt' ? '+' : '-', input.amount), updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
      await audit(c, { action: 'create', entityType: input.kind, entityId: row.id, changes: { orderId: id, number, ...input } }, tx);
      return { receiptId: row.id, number };
    });
    if ('problem' in outcome && outcome.problem) return outcome.problem === 'notFound' ? errorReply(c, 404, 'errors.notFound') : receiptProblem(c, outcome.problem);
    return c.json({ receiptId: outcome.receiptId, order: await loadOrder(c, id) }, 201);
  });

  return routes;
}
