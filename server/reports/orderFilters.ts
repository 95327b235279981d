import { sql, type RawBuilder } from 'kysely';
import * as z from 'zod';
import { ORDER_TYPES } from '../../domain/orders/order';
import { orderSql } from '../sql/rules';
import { dbId, ReportBase } from './report';
import { clientSearch } from './filters';

/** What the order reports share: their filters, the conditions they make on `o` and `cl`, the order rules in SQL on `o`. */

export const ORDER_STATUSES = ['paid', 'partial', 'outstanding', 'void', 'overdue'] as const;

export const OrderFilters = {
  ...ReportBase,
  salesperson_id: dbId.optional(),
  client_id: dbId.optional(),
  type: z.enum(ORDER_TYPES).optional(),
  q: z.string().trim().max(100).optional(),
};

type OrderFilterValues = { branch_id?: number | undefined; salesperson_id?: number | undefined; client_id?: number | undefined; type?: string | undefined; q?: string | undefined };

/** The conditions on `o` (orders) and `cl` (clients) that the order reports share. */
export function orderConditions(f: OrderFilterValues, range: { from: string; to: string }): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`o.date >= ${range.from}::date`, sql`o.date <= ${range.to}::date`];
  if (f.branch_id) conditions.push(sql`o.branch_id = ${f.branch_id}`);
  if (f.salesperson_id) conditions.push(sql`o.salesperson_id = ${f.salesperson_id}`);
  if (f.client_id) conditions.push(sql`o.client_id = ${f.client_id}`);
  if (f.type) conditions.push(sql`o.type = ${f.type}`);
  if (f.q) conditions.push(clientSearch(f.q, 'o.number'));
  return conditions;
}

/** The order rules in SQL (server/sql/rules.ts, each proven equal to the domain): on `o` and `r`. */
export const o = orderSql('o');

export function statusCondition(status: (typeof ORDER_STATUSES)[number], todayDate: string): RawBuilder<unknown> {
  return status === 'overdue' ? o.overdue(todayDate) : o.hasStatus(status);
}

