import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { ReceiptBook } from '../../../application/ports/ReceiptBook';
import { readBy } from './reply';

/** Receipts over the API (/api/receipts…), read by the wire contract. */
export class HttpReceiptBook implements ReceiptBook {
  constructor(private readonly api: ApiClient) {}

  bankIn(receiptId: number): ResultAsync<void, ApiError> {
    return this.api.post(`/api/receipts/${receiptId}/bank-in`).andThen((body) => readBy((c) => c.BankedReply)(body).map(() => undefined));
  }
}
