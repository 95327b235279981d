import { sql } from 'kysely';
import { dateText } from '../../db/columns';
import { likePattern } from '../../http/query';
import { sortOf } from '../../http/list';
import { receiptSql } from '../../sql/rules';
import type { Db, Tx } from '../caller';

/** The receipt rules in SQL, built once from the domain (server/sql/rules.ts), on the alias `r`. */
const r = receiptSql('r');

/** SQL of receipts and refunds: their rows with order, client and staff; the list's filters; the writes. */

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

export interface ReceiptRow {
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
  branch_id: number | null;
  client_id: number;
  name_en: string;
  name_zh: string;
  staff: string | null;
  date: string;
}

function withOrder(db: Db) {
  return db
    .selectFrom('receipts as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('clients as cl', 'cl.id', 'o.client_id')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([...columns, dateText('r.date', 'date')]);
}

/** The receipts and refunds of one order, oldest first. */
export function receiptsOfOrder(db: Db, orderId: number): Promise<ReceiptRow[]> {
  return withOrder(db).where('r.order_id', '=', orderId).orderBy('r.date').orderBy('r.id').execute();
}

export function receiptById(db: Db, id: number): Promise<ReceiptRow | undefined> {
  return withOrder(db).where('r.id', '=', id).executeTakeFirst();
}

export interface ReceiptFilter {
  readonly q?: string;
  readonly action?: 'bank-in';
  readonly kind?: 'receipt' | 'refund';
  readonly method?: string;
  readonly staff_id?: number;
  readonly order_id?: number;
  readonly branch_id?: number;
  readonly date_from?: string;
  readonly date_to?: string;
  readonly sort: string;
}

/**
 * The list's queries. The filters read only the receipts (orders and clients through subqueries), so
 * the count and sum scan no join; the page of rows joins them for its rows alone.
 */
export function receiptList(db: Db, f: ReceiptFilter) {
  let filtered = db.selectFrom('receipts as r');
  if (f.q) {
    const pattern = likePattern(f.q);
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
  // The spec's bank-in reminder: cash and cheque receipts (the domain's bank-in methods) not yet banked in.
  if (f.action === 'bank-in') filtered = filtered.where(r.awaitsBankIn);
  if (f.kind) filtered = filtered.where('r.kind', '=', f.kind);
  if (f.method) filtered = filtered.where('r.method', '=', f.method);
  if (f.staff_id) filtered = filtered.where('r.created_by', '=', f.staff_id);
  if (f.order_id) filtered = filtered.where('r.order_id', '=', f.order_id);
  const branchId = f.branch_id;
  if (branchId) filtered = filtered.where('r.order_id', 'in', (eb) => eb.selectFrom('orders').select('orders.id').where('orders.branch_id', '=', branchId));
  if (f.date_from) filtered = filtered.where('r.date', '>=', f.date_from);
  if (f.date_to) filtered = filtered.where('r.date', '<=', f.date_to);
  const { by, direction } = sortOf(f.sort, { number: sql`r.number`, date: sql`r.date`, amount: sql`r.amount`, client: sql`coalesce(nullif(cl.name_zh, ''), cl.name_en)` });
  const rows = filtered
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('clients as cl', 'cl.id', 'o.client_id')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([...columns, dateText('r.date', 'date')])
    .orderBy(by, direction)
    .orderBy('r.id', direction);
  return {
    page: (limit: number, offset = 0): Promise<ReceiptRow[]> => rows.limit(limit).offset(offset).execute(),
    /** How many, and the net amount (refunds count against). */
    counted: () =>
      filtered
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>(r.signedAmount).as('net')])
        .executeTakeFirstOrThrow()
        .then((row) => ({ total: Number(row.n), netAmount: Number(row.net ?? 0) })),
  };
}

/** The list's filter choices: branches and staff. */
export async function receiptFilterChoices(db: Db) {
  const [branches, staff] = await Promise.all([
    db.selectFrom('branches').select(['id', 'name_en', 'name_zh']).orderBy('id').execute(),
    db.selectFrom('users').select(['id', 'name']).orderBy('name').execute(),
  ]);
  return { branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh })), staff: staff.map((u) => ({ id: u.id, name: u.name })) };
}

/** What the bank-in needs of a receipt. */
export const bankInState = (db: Db, id: number) => db.selectFrom('receipts').select(['kind', 'method', 'banked_in']).where('id', '=', id).executeTakeFirst();

/** Marks a receipt banked in unless it already is; whether it did. */
export async function markBankedIn(tx: Tx, id: number, now: Date): Promise<boolean> {
  const row = await tx
    .updateTable('receipts')
    .set((eb) => ({ banked_in: true, banked_in_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('banked_in', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The order a payment is recorded against, its row locked until the transaction ends. */
export const lockOrderForPayment = (tx: Tx, orderId: number) =>
  tx.selectFrom('orders').select(['total', 'paid', 'voided', 'branch_id', 'client_id']).where('id', '=', orderId).forUpdate().executeTakeFirst();

/** A receipt or a refund as the form gives it. */
export interface PaymentInput {
  readonly kind: 'receipt' | 'refund';
  readonly date: string;
  readonly method: string;
  readonly reference: string;
  readonly amount: number;
  readonly reason: string;
}

/** A payment as it is stored: numbered, against its order, by its user. */
export interface NewReceipt extends PaymentInput {
  readonly number: string;
  readonly orderId: number;
  readonly createdBy: number;
  readonly now: Date;
}

/** Inserts the receipt or refund and moves the order's `paid` by its amount; the receipt's id. */
export async function insertPayment(tx: Tx, p: NewReceipt): Promise<number> {
  const row = await tx
    .insertInto('receipts')
    .values({
      number: p.number,
      order_id: p.orderId,
      kind: p.kind,
      date: p.date,
      method: p.method,
      reference: p.reference,
      amount: p.amount,
      reason: p.reason,
      created_by: p.createdBy,
      created_at: p.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('orders')
    .set((eb) => ({ paid: eb('paid', p.kind === 'receipt' ? '+' : '-', p.amount), updated_at: p.now, version: eb('version', '+', 1) }))
    .where('id', '=', p.orderId)
    .execute();
  return row.id;
}
