import { sql } from 'kysely';
import type { ORDER_TYPES, OrderFigures } from '../../../domain/orders/order';
import { dateText } from '../../db/columns';
import { insertStamped, updateAtVersion } from '../../db/versioned';
import { orderSql } from '../../sql/rules';
import { sortOf } from '../../http/list';
import { likePattern } from '../../http/query';
import type { Db, Tx } from '../caller';
import { clientNameSort, partyFilter, type PartyFilter } from '../documents/repository';

/** SQL of orders (invoices): the list and its filters, one order's row, the writes. */

/** `owing`: something still owed (unpaid or part paid, the domain's outstandingAmount > 0), whatever the due date. */
export const ORDER_STATUS_FILTERS = ['paid', 'partial', 'outstanding', 'owing', 'void', 'reminder_outstanding'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** The order rules in SQL, built once from the domain (server/sql/rules.ts), on the alias `o`. */
const o = orderSql('o');

/** The SQL of a status filter: the domain's paymentStatus, needsReminder and isOverdue (see server/sql/rules.ts). */
function statusFilter(status: OrderStatusFilter, todayDate: string) {
  switch (status) {
    case 'void':
    case 'paid':
    case 'partial':
    case 'outstanding':
      return o.hasStatus(status);
    case 'owing':
      return o.needsReminder;
    case 'reminder_outstanding':
      return o.overdue(todayDate);
  }
}

const LIST_COLUMNS = ['o.id', 'o.number', 'o.type', 'o.total', 'o.paid', 'o.voided', 'o.client_id', 'cl.name_en', 'cl.name_zh', 's.name as salesperson'] as const;

export interface OrderListRow {
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

/** A client's orders, newest first (at most 200). */
export function ordersOfClient(db: Db, clientId: number): Promise<OrderListRow[]> {
  return db
    .selectFrom('orders as o')
    .innerJoin('clients as cl', 'cl.id', 'o.client_id')
    .leftJoin('users as s', 's.id', 'o.salesperson_id')
    .select([...LIST_COLUMNS, dateText('o.date', 'date'), dateText('o.due_date', 'due')])
    .where('o.client_id', '=', clientId)
    .orderBy('o.date', 'desc')
    .orderBy('o.id', 'desc')
    .limit(200)
    .execute();
}

export interface OrderFilter extends PartyFilter {
  readonly q?: string;
  readonly status?: OrderStatusFilter;
  readonly type?: (typeof ORDER_TYPES)[number];
  readonly sort: string;
}

/**
 * The list's queries. The filters read only the orders (the client's names through a subquery), so
 * the count and sum scan no join; the page of rows joins the clients for its rows alone.
 */
export function orderList(db: Db, f: OrderFilter, todayDate: string) {
  let base = db.selectFrom('orders as o');
  if (f.q) {
    const pattern = likePattern(f.q);
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(o.number)`, 'like', pattern),
        eb('o.client_id', 'in', eb.selectFrom('clients as cl').select('cl.id').where((inner) => inner.or([inner(sql`lower(cl.name_en)`, 'like', pattern), inner(sql`lower(cl.name_zh)`, 'like', pattern)]))),
      ]),
    );
  }
  if (f.status) base = base.where(statusFilter(f.status, todayDate));
  const type = f.type;
  if (type) base = base.where('o.type', '=', type);
  const party = partyFilter('o', f);
  if (party) base = base.where(party);
  const { by, direction } = sortOf(f.sort, {
    number: sql`o.number`,
    date: sql`o.date`,
    due: sql`o.due_date`,
    total: sql`o.total`,
    outstanding: o.outstanding,
    client: clientNameSort,
  });
  const rows = base
    .innerJoin('clients as cl', 'cl.id', 'o.client_id')
    .leftJoin('users as s', 's.id', 'o.salesperson_id')
    .select([...LIST_COLUMNS, dateText('o.date', 'date'), dateText('o.due_date', 'due')])
    .orderBy(by, direction)
    .orderBy('o.id', direction);
  return {
    page: (limit: number, offset = 0): Promise<OrderListRow[]> => rows.limit(limit).offset(offset).execute(),
    /** How many, and what is still owed on them. */
    counted: () =>
      base
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>(o.outstanding).as('outstanding')])
        .executeTakeFirstOrThrow()
        .then((r) => ({ total: Number(r.n), outstandingTotal: Number(r.outstanding ?? 0) })),
  };
}

/** One order's row with its salesperson's and voider's names and its quotation. */
export function orderRow(db: Db, id: number) {
  return db
    .selectFrom('orders as o')
    .leftJoin('users as s', 's.id', 'o.salesperson_id')
    .leftJoin('users as v', 'v.id', 'o.voided_by')
    .leftJoin('quotations as q', 'q.id', 'o.quotation_id')
    .selectAll('o')
    .select(['s.name as salesperson_name', 'v.name as voided_by_name', 'q.number as quotation_number', 'q.kind as quotation_kind', dateText('o.date', 'date_text'), dateText('o.due_date', 'due_text')])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

/** The columns an order's form sets. */
export interface OrderColumns {
  readonly type: (typeof ORDER_TYPES)[number];
  readonly date: string;
  readonly dueDate: string;
  readonly clientId: number;
  readonly branchId: number | null;
  readonly salespersonId: number | null;
  readonly discountRateBp: number;
  readonly figures: OrderFigures;
  readonly terms: unknown;
  readonly notes: string;
}

const columnsOf = (o: OrderColumns) => ({
  type: o.type,
  date: o.date,
  due_date: o.dueDate,
  client_id: o.clientId,
  branch_id: o.branchId,
  salesperson_id: o.salespersonId,
  discount_rate_bp: o.discountRateBp,
  ...o.figures,
  terms: JSON.stringify(o.terms),
  notes: o.notes,
});

/** Inserts an order (from a quotation when `quotationId` is set); its id. */
export function insertOrder(tx: Tx, number: string, o: OrderColumns, by: { userId: number; now: Date; quotationId?: number }): Promise<number> {
  return insertStamped(tx, 'orders', { number, ...columnsOf(o), ...(by.quotationId === undefined ? {} : { quotation_id: by.quotationId }), created_by: by.userId }, by.now);
}

/** Updates an order still at `version` and not void; whether it did. */
export function updateOrder(tx: Tx, id: number, version: number, o: OrderColumns, now: Date): Promise<boolean> {
  return updateAtVersion(tx, 'orders', { id, version }, columnsOf(o), now, { voided: false });
}

/** What voiding needs of an order, its row locked until the transaction ends. */
export const lockOrderForVoid = (tx: Tx, id: number) => tx.selectFrom('orders').select(['voided', 'paid', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();

/** Voids (or unvoids, `by` null) an order. */
export async function setVoided(tx: Tx, id: number, reason: string, by: { userId: number; at: Date } | null, now: Date): Promise<void> {
  await tx
    .updateTable('orders')
    .set((eb) => ({ voided: by !== null, void_reason: reason, voided_at: by?.at ?? null, voided_by: by?.userId ?? null, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** An appointment's client, and whether `userId` works on it. */
export async function appointmentFor(db: Db, appointmentId: number, userId: number) {
  const row = await db.selectFrom('appointments').select(['client_id']).where('id', '=', appointmentId).executeTakeFirst();
  if (!row) return null;
  const worker = await db.selectFrom('appointment_workers').select('user_id').where('appointment_id', '=', appointmentId).where('user_id', '=', userId).executeTakeFirst();
  return { clientId: row.client_id, works: worker !== undefined };
}

/** Links an appointment to the order made from its invoice tab. */
export async function linkAppointment(tx: Tx, appointmentId: number, orderId: number, now: Date): Promise<void> {
  await tx.updateTable('appointments').set((eb) => ({ order_id: orderId, updated_at: now, version: eb('version', '+', 1) })).where('id', '=', appointmentId).execute();
}
