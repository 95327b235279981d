import { err, ok, type Result } from 'neverthrow';
import { checkStatementPeriod } from '../../domain/statements/statement';
import { isIsoDate } from '../../domain/time/dates';

/** Why a statement's period cannot be shown: a field and its message key (clients namespace). */
export type StatementPeriodProblem = { readonly field: 'from' | 'to'; readonly key: 'statement.dateRequired' | 'statement.periodReversed' };

/**
 * The address of a client's statement over `from`–`to` as typed in the period form, or why it
 * cannot be shown (a missing date, or a period that runs backwards).
 */
export function statementAddress(clientId: number, from: string, to: string): Result<string, StatementPeriodProblem> {
  if (!isIsoDate(from)) return err({ field: 'from', key: 'statement.dateRequired' });
  if (!isIsoDate(to)) return err({ field: 'to', key: 'statement.dateRequired' });
  if (checkStatementPeriod(from, to)) return err({ field: 'from', key: 'statement.periodReversed' });
  return ok(`/clients/statement/${clientId}?${new URLSearchParams({ from, to }).toString()}`);
}
