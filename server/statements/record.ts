import { err, ok, type Result } from 'neverthrow';
import type { StatementPrint } from '../../contract/statements';
import { owes, statementReference, type StatementRecord } from '../../domain/documents/statementDocument';
import { fpsPayload, type FpsProxy } from '../../domain/payments/fps';
import type { IsoDate } from '../../domain/time/dates';
import { clientCode } from '../clients/repository';
import { clientStatement } from '../clients/statement';
import type { Db } from '../sales/caller';
import { clientSummary, letterhead } from '../sales/documents/repository';
import { statementClient } from './repository';

/**
 * A client's statement of account as a printed document reads it (domain/documents/
 * statementDocument.ts): the client, the company it prints under (the client's branch's, else the
 * first company), the statement of the period, and the address of its FPS QR code for what is owed.
 * Shared by the PDF (server/documents/pdf.ts), the e-mail and the screen's print view.
 */

export interface StatementPeriod {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

/** The address of the statement's FPS QR code image; what it pays and to whom are in the query, so a new amount is a new address. */
function fpsQrUrl(clientId: number, period: StatementPeriod, closing: number, proxy: FpsProxy | null): string | null {
  if (proxy === null || closing <= 0) return null;
  const query = new URLSearchParams({ from: period.from, to: period.to, amount: String(closing), fps: `${proxy.type}:${proxy.value}` });
  return `/api/clients/${clientId}/statement/fps-qr.png?${query.toString()}`;
}

/** The statement of `period` as a printed document reads it; null when there is no such client or the period runs backwards. */
export async function statementRecord(db: Db, clientId: number, period: StatementPeriod): Promise<(StatementPrint & { branchId: number | null }) | null> {
  const row = await statementClient(db, clientId);
  if (!row) return null;
  const statement = await clientStatement(db, clientId, period.from, period.to);
  if (!statement) return null;
  const [client, head] = await Promise.all([clientSummary(db, clientId), letterhead(db, row.branch_id)]);
  return {
    clientId,
    clientCode: clientCode(clientId),
    client: client ? { nameEn: client.nameEn, nameZh: client.nameZh, address: client.address, contact: client.contact } : null,
    letterhead: head,
    statement,
    fpsQrUrl: fpsQrUrl(clientId, period, statement.closing, head?.payment?.fps ?? null),
    branchId: row.branch_id,
  };
}

export type StatementQrUnavailable = 'notFound' | 'fpsNotSet' | 'nothingDue';

/**
 * The text of a statement's FPS QR code: the closing balance, paid to the company's FPS identifier,
 * with the statement's reference (client code and statement date). Refused when the company has no
 * FPS identifier or nothing is owed.
 */
export async function statementFpsPayload(db: Db, clientId: number, period: StatementPeriod): Promise<Result<string, { readonly code: StatementQrUnavailable }>> {
  const record = await statementRecord(db, clientId, period);
  if (!record) return err({ code: 'notFound' });
  return statementRecordPayload(record);
}

/** The FPS payload of a statement already read. */
export function statementRecordPayload(record: StatementRecord): Result<string, { readonly code: StatementQrUnavailable }> {
  const proxy = record.letterhead?.payment?.fps ?? null;
  if (proxy === null) return err({ code: 'fpsNotSet' });
  if (!owes(record.statement)) return err({ code: 'nothingDue' });
  return ok(fpsPayload({ proxy, amount: record.statement.closing, merchantName: record.letterhead?.nameEn ?? '', reference: statementReference(record.clientCode, record.statement.to) }));
}
