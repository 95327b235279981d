import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../../../application/api/ApiError';
import type { QuotationBook, Versioned } from '../../../application/ports/QuotationBook';
import type { Quotation, QuotationInput, QuotationMove } from '../../../application/sales/sales';
import type { SalesWire } from './SalesWire';

/** Quotations over the API (/api/quotations…), read by the wire contract. */
export class HttpQuotationBook implements QuotationBook {
  constructor(private readonly wire: SalesWire) {}

  create(input: QuotationInput): ResultAsync<Quotation, ApiError> {
    return this.wire.call({ method: 'POST', path: '/api/quotations', body: input }, (c) => c.QuotationReply).map((r) => r.quotation);
  }

  update(quotation: Versioned, input: QuotationInput): ResultAsync<Quotation, ApiError> {
    return this.wire.call({ method: 'PUT', path: `/api/quotations/${quotation.id}`, body: { ...input, version: quotation.version } }, (c) => c.QuotationReply).map((r) => r.quotation);
  }

  move(quotation: Versioned, status: QuotationMove): ResultAsync<Quotation, ApiError> {
    return this.wire.call({ method: 'POST', path: `/api/quotations/${quotation.id}/status`, body: { status, version: quotation.version } }, (c) => c.QuotationReply).map((r) => r.quotation);
  }

  convert(quotation: Versioned): ResultAsync<number, ApiError> {
    return this.wire.call({ method: 'POST', path: `/api/quotations/${quotation.id}/convert`, body: { version: quotation.version } }, (c) => c.ConvertReply).map((r) => r.orderId);
  }

  remove(id: number): ResultAsync<void, ApiError> {
    return this.wire.call({ method: 'DELETE', path: `/api/quotations/${id}` }, (c) => c.DeletedReply).map(() => undefined);
  }
}
