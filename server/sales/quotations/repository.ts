import { sql, type ExpressionBuilder } from 'kysely';
import type { OrderFigures } from '../../../domain/orders/order';
import { addDays, type IsoDate } from '../../../domain/time/dates';
import type { QuotationStatus, VisitFrequency } from '../../../domain/quotations/quotation';
import { dateText } from '../../db/columns';
import { countOf } from '../../db/paging';
import { insertStamped, updateAtVersion } from '../../db/versioned';
import type { Database } from '../../db/schema';
import { sortOf } from '../../http/list';
import { likePattern } from '../../http/query';
import type { Db, Tx } from '../caller';
import { clientNameSort, partyFilter, type PartyFilter } from '../documents/repository';

/** SQL of quotations: the list and its filters, one quotation's row, the writes. */

/** SQL for "valid until": the date plus its valid days, the date being day one (domain `expiryDate`). */
const validUntilSql = sql<string>`(q.date + (q.valid_days - 1))`;

/** Which stored statuses show as `status` today: draft/sent past their validity read as expired. */
function statusFilter(status: QuotationStatus, todayDate: IsoDate) {
  return (eb: ExpressionBuilder<Database & { q: Database['quotations'] }, 'q'>) => {
    const open = eb('q.status', 'in', ['draft', 'sent']);
    const pastValidity = eb(validUntilSql, '<', todayDate);
    if (status === 'expired') return eb.or([eb('q.status', '=', 'expired'), eb.and([open, pastValidity])]);
    if (status === 'draft' || status === 'sent') return eb.and([eb('q.status', '=', status), eb(validUntilSql, '>=', todayDate)]);
    return eb('q.status', '=', status);
  };
}

const LIST_COLUMNS = ['q.id', 'q.number', 'q.kind', 'q.valid_days', 'q.status', 'q.total', 'q.order_id', 'q.client_id', 'cl.name_en', 'cl.name_zh', 's.name as salesperson'] as const;

export interface QuotationListRow {
  id: number;
  number: string;
  kind: 'basic' | 'contract';
  date: string;
  valid_days: number;
  status: QuotationStatus;
  total: number;
  order_id: number | null;
  client_id: number;
  name_en: string;
  name_zh: string;
  salesperson: string | null;
}

/** A client's quotations, newest first (at most 200). */
export function quotationsOfClient(db: Db, clientId: number): Promise<QuotationListRow[]> {
  return db
    .selectFrom('quotations as q')
    .innerJoin('clients as cl', 'cl.id', 'q.client_id')
    .leftJoin('users as s', 's.id', 'q.salesperson_id')
    .select([...LIST_COLUMNS, dateText('q.date', 'date')])
    .where('q.client_id', '=', clientId)
    .orderBy('q.date', 'desc')
    .orderBy('q.id', 'desc')
    .limit(200)
    .execute();
}

export interface QuotationFilter extends PartyFilter {
  readonly q?: string;
  readonly status?: QuotationStatus;
  readonly kind?: 'basic' | 'contract';
  /** Quotations still open whose validity ends within this many days (the dashboard's "expiring soon"). */
  readonly expiring_within?: number;
  readonly sort: string;
}

/** The list's queries: a page of rows, and how many. */
export function quotationList(db: Db, f: QuotationFilter, todayDate: IsoDate) {
  let base = db.selectFrom('quotations as q').innerJoin('clients as cl', 'cl.id', 'q.client_id');
  if (f.q) {
    const pattern = likePattern(f.q);
    base = base.where((eb) => eb.or([eb(sql`lower(q.number)`, 'like', pattern), eb(sql`lower(cl.name_en)`, 'like', pattern), eb(sql`lower(cl.name_zh)`, 'like', pattern)]));
  }
  if (f.status) base = base.where(statusFilter(f.status, todayDate));
  const kind = f.kind;
  if (kind) base = base.where('q.kind', '=', kind);
  const party = partyFilter('q', f);
  if (party) base = base.where(party);
  if (f.expiring_within !== undefined) base = base.where(statusFilter('sent', todayDate)).where(validUntilSql, '<=', addDays(todayDate, f.expiring_within));
  const { by, direction } = sortOf(f.sort, { number: sql`q.number`, date: sql`q.date`, total: sql`q.total`, client: clientNameSort });
  const rows = base
    .leftJoin('users as s', 's.id', 'q.salesperson_id')
    .select([...LIST_COLUMNS, dateText('q.date', 'date')])
    .orderBy(by, direction)
    .orderBy('q.id', direction);
  return {
    page: (limit: number, offset = 0): Promise<QuotationListRow[]> => rows.limit(limit).offset(offset).execute(),
    counted: async () => ({ total: await countOf(base) }),
  };
}

/** One quotation's row with its salesperson's name and its order's number. */
export function quotationRow(db: Db, id: number) {
  return db
    .selectFrom('quotations as q')
    .leftJoin('users as s', 's.id', 'q.salesperson_id')
    .leftJoin('orders as o', 'o.id', 'q.order_id')
    .selectAll('q')
    .select(['s.name as salesperson_name', 'o.number as order_number', dateText('q.date', 'date_text'), dateText('q.period_start', 'period_start_text'), dateText('q.period_end', 'period_end_text')])
    .where('q.id', '=', id)
    .executeTakeFirst();
}

/** The columns a quotation's form sets. */
export interface QuotationColumns {
  readonly kind: 'basic' | 'contract';
  readonly date: string;
  readonly clientId: number;
  readonly branchId: number | null;
  readonly salespersonId: number | null;
  readonly validDays: number;
  readonly discountRateBp: number;
  readonly figures: OrderFigures;
  readonly terms: unknown;
  readonly notes: string;
  readonly contract: { readonly periodStart: string; readonly periodEnd: string; readonly frequency: VisitFrequency } | null;
}

const columnsOf = (q: QuotationColumns) => {
  // Only a contract quotation keeps a period and a visit frequency.
  const contract = q.kind === 'contract' ? q.contract : null;
  return {
    kind: q.kind,
    date: q.date,
    client_id: q.clientId,
    branch_id: q.branchId,
    salesperson_id: q.salespersonId,
    valid_days: q.validDays,
    discount_rate_bp: q.discountRateBp,
    ...q.figures,
    terms: JSON.stringify(q.terms),
    notes: q.notes,
    period_start: contract?.periodStart ?? null,
    period_end: contract?.periodEnd ?? null,
    visit_frequency: contract?.frequency ?? null,
  };
};

/** Inserts a quotation; its id. */
export function insertQuotation(tx: Tx, number: string, q: QuotationColumns, by: { userId: number; now: Date }): Promise<number> {
  return insertStamped(tx, 'quotations', { number, ...columnsOf(q), created_by: by.userId }, by.now);
}

/** Updates a draft quotation still at `version`; whether it did. */
export function updateQuotation(tx: Tx, id: number, version: number, q: QuotationColumns, now: Date): Promise<boolean> {
  return updateAtVersion(tx, 'quotations', { id, version }, columnsOf(q), now, { status: 'draft' });
}

/** Moves a quotation still at `version` to `status` (and a new date, when given); whether it did. */
export function updateStatus(tx: Tx, id: number, version: number, change: { status: Exclude<QuotationStatus, 'expired'>; date?: string }, now: Date): Promise<boolean> {
  return updateAtVersion(tx, 'quotations', { id, version }, change, now);
}

/** A quotation's order link and version, its row locked until the transaction ends. */
export const lockForConvert = (tx: Tx, id: number) => tx.selectFrom('quotations').select(['order_id', 'version']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();

/** Links the quotation to the order made from it. */
export async function linkOrder(tx: Tx, id: number, orderId: number, now: Date): Promise<void> {
  await tx.updateTable('quotations').set((eb) => ({ order_id: orderId, updated_at: now, version: eb('version', '+', 1) })).where('id', '=', id).execute();
}

/** Deletes the quotation if it is (still) a draft; whether it did. */
export async function deleteDraft(tx: Tx, id: number): Promise<boolean> {
  return (await tx.deleteFrom('quotations').where('id', '=', id).where('status', '=', 'draft').returning('id').executeTakeFirst()) !== undefined;
}
