import type { StatementInvoice, StatementPayment } from '../../domain/statements/statement';
import { dateText } from '../db/columns';
import type { Db } from '../sales/caller';
import { orderSql } from '../sql/rules';

/**
 * What a client's statement of account reads: the client's invoices dated up to the period's end
 * that count (void counts zero: voided ones are left out), and the receipts and refunds recorded
 * against them up to that day.
 */
export async function statementRecords(db: Db, clientId: number, to: string): Promise<{ invoices: StatementInvoice[]; payments: StatementPayment[] }> {
  const o = orderSql('o');
  const invoices = await db
    .selectFrom('orders as o')
    .select(['o.id', 'o.number', 'o.total', dateText('o.date', 'date'), dateText('o.due_date', 'dueDate')])
    .where('o.client_id', '=', clientId)
    .where(o.live)
    .where('o.date', '<=', to)
    .execute();
  const payments = await db
    .selectFrom('receipts as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.kind', 'r.number', 'r.amount', 'r.order_id as orderId', dateText('r.date', 'date')])
    .where('o.client_id', '=', clientId)
    .where(o.live)
    .where('r.date', '<=', to)
    .execute();
  return { invoices, payments };
}
