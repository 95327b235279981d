import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { ClientActionOutcome, StatementDesk, StatementPeriod, StatementSend, StatementSendRequest, StatementSends } from '../../../application/ports/StatementDesk';
import { SendStatementsReply, StatementPrintReply, StatementSendReply, StatementSends as StatementSendsReply } from '../../../contract/statements';
import type { StatementRecord } from '../../../domain/documents/statementDocument';
import { decoderOf } from '../wire';

/** Statements of account over /api/clients/{id}/statement/… and /api/statements/emails, decoded with contract/statements.ts (lazyPort). */
export class HttpStatementDesk implements StatementDesk {
  constructor(private readonly api: ApiClient) {}

  printable(clientId: number, period: StatementPeriod): ResultAsync<StatementRecord, ApiError> {
    return this.api.call({ method: 'GET', path: `/api/clients/${clientId}/statement/print`, query: { from: period.from, to: period.to } }, decoderOf(StatementPrintReply)).map((reply) => reply.print);
  }

  sends(clientId: number): ResultAsync<StatementSends, ApiError> {
    // A panel beside the statement: a failed read is said there, it does not take the screen away.
    return this.api.call({ method: 'GET', path: `/api/clients/${clientId}/statement/emails` }, decoderOf(StatementSendsReply), { navigateOnError: false, progress: false });
  }

  send(clientId: number, request: StatementSendRequest): ResultAsync<StatementSend, ApiError> {
    return this.api.call({ method: 'POST', path: `/api/clients/${clientId}/statement/emails`, body: request }, decoderOf(StatementSendReply)).map((reply) => reply.send);
  }

  sendMany(clientIds: readonly number[]): ResultAsync<readonly ClientActionOutcome[], ApiError> {
    return this.api.call({ method: 'POST', path: '/api/statements/emails', body: { clientIds } }, decoderOf(SendStatementsReply)).map((reply) => reply.results);
  }
}
