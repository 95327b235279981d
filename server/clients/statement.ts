import { checkStatementPeriod, statementOf, type Statement } from '../../domain/statements/statement';
import { addMonths, makeDate, parts, type IsoDate } from '../../domain/time/dates';
import type { Db } from '../sales/caller';
import { statementRecords } from './statementRepository';

/** The period a statement covers when none is asked for: the month of `today` and the two before it. */
export function defaultStatementPeriod(today: IsoDate): { from: IsoDate; to: IsoDate } {
  const { year, month } = parts(today);
  return { from: addMonths(makeDate(year, month, 1), -2), to: today };
}

/** A client's statement of account over `from`–`to` (domain/statements/statement.ts); null when the period runs backwards. */
export async function clientStatement(db: Db, clientId: number, from: IsoDate, to: IsoDate): Promise<Statement | null> {
  if (checkStatementPeriod(from, to)) return null;
  const { invoices, payments } = await statementRecords(db, clientId, to);
  return statementOf(from, to, invoices, payments);
}
