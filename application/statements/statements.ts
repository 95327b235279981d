import { err, ok, type ResultAsync } from 'neverthrow';
import { hasPermission, type PermissionHolder } from '../../domain/auth/permissions';
import type { PrintableDocument } from '../../domain/documents/printable';
import { statementDocument } from '../../domain/documents/statementDocument';
import type { ApiError } from '../api/ApiError';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import { looksLikeEmail, type SendDraft } from '../mail/mail';
import type { ClientActionOutcome, StatementDesk, StatementPeriod, StatementSend } from '../ports/StatementDesk';

/**
 * The use-cases of statements of account beyond the screen: the print view (the same model as the
 * PDF), "Send statement by e-mail" from the Statement tab, and the statements of several clients
 * chosen on the outstanding reminders sent in one action.
 */

/** Whether the user may send statements by e-mail (who may edit invoices, as for an invoice's e-mail). */
export const mayMailStatements = (user: PermissionHolder | null): boolean => hasPermission(user, 'order_edit');

/** The statement of the period as its print view shows it: the same document model as its PDF. */
export function statementPrint(desk: StatementDesk, clientId: number, period: StatementPeriod): ResultAsync<PrintableDocument, ApiError> {
  return desk.printable(clientId, period).map(statementDocument);
}

/** Queues the e-mail of the client's statement of the period once an address is given; the send as queued. */
export function sendStatement(desk: StatementDesk, clientId: number, period: StatementPeriod, draft: SendDraft): ResultAsync<StatementSend, ApiError | Invalid> {
  const to = draft.to.trim();
  const problems = invalid({ to: looksLikeEmail(to) ? [] : [{ key: 'mail:send.emailFormat' }] });
  return (isValid(problems) ? ok(to) : err(problems)).asyncAndThen((address) => desk.send(clientId, { to: address, language: draft.language, message: draft.message.trim(), period }));
}

/** A client of the invoices a list shows, with how many of them are its and what they still owe. */
export interface ListedClient {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly invoices: number;
  /** Cents still owed on those invoices. */
  readonly outstanding: number;
}

/** The clients of the listed invoices, each once, in the order they first appear. */
export function clientsOfInvoices(rows: readonly { readonly client: { readonly id: number; readonly nameEn: string; readonly nameZh: string }; readonly outstanding: number }[]): ListedClient[] {
  const byId = new Map<number, ListedClient>();
  for (const row of rows) {
    const seen = byId.get(row.client.id);
    byId.set(row.client.id, seen ? { ...seen, invoices: seen.invoices + 1, outstanding: seen.outstanding + row.outstanding } : { ...row.client, invoices: 1, outstanding: row.outstanding });
  }
  return [...byId.values()];
}

/** An action on the clients chosen: refused before anything is sent when none is chosen. */
export function onChosenClients<E>(clientIds: readonly number[], act: (ids: readonly number[]) => ResultAsync<readonly ClientActionOutcome[], E>): ResultAsync<readonly ClientActionOutcome[], E | Invalid> {
  const problems = invalid({ clients: clientIds.length > 0 ? [] : [{ key: 'statements:bulk.noneSelected' }] });
  return (isValid(problems) ? ok(clientIds) : err<readonly number[], Invalid>(problems)).asyncAndThen((ids) => act(ids));
}

/** Sends the chosen clients' statements, one job each; each client's outcome (queued, or skipped and why). */
export const sendStatementsTo = (desk: StatementDesk, clientIds: readonly number[]): ResultAsync<readonly ClientActionOutcome[], ApiError | Invalid> => onChosenClients(clientIds, (ids) => desk.sendMany(ids));

/** How many of the outcomes were queued and skipped. */
export function outcomeCounts(outcomes: readonly ClientActionOutcome[]): { readonly queued: number; readonly skipped: number } {
  const queued = outcomes.filter((o) => o.status === 'queued').length;
  return { queued, skipped: outcomes.length - queued };
}
