import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../../../application/api/ApiError';
import type { ReceiptBook } from '../../../application/ports/ReceiptBook';
import type { SalesWire } from './SalesWire';

/** Receipts over the API (/api/receipts…), read by the wire contract. */
export class HttpReceiptBook implements ReceiptBook {
  constructor(private readonly wire: SalesWire) {}

  bankIn(receiptId: number): ResultAsync<void, ApiError> {
    return this.wire.call({ method: 'POST', path: `/api/receipts/${receiptId}/bank-in` }, (c) => c.BankedReply).map(() => undefined);
  }
}
