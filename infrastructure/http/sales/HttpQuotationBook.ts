import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { QuotationBook, Versioned } from '../../../application/ports/QuotationBook';
import type { Quotation, QuotationInput, QuotationMove, QuotationScreenData } from '../../../application/sales/sales';
import { readBy } from './reply';

const quotationOf = (body: unknown) => readBy((c) => c.QuotationReply)(body).map((r): Quotation => r.quotation);

/** Quotations over the API (/api/quotations…), read by the wire contract. */
export class HttpQuotationBook implements QuotationBook {
  constructor(private readonly api: ApiClient) {}

  readScreen(reply: Readonly<Record<string, unknown>>): ResultAsync<QuotationScreenData, ApiError> {
    return 'quotation' in reply ? readBy((c) => c.QuotationPage)(reply) : readBy((c) => c.NewQuotationPage)(reply).map((page) => ({ ...page, quotation: null }));
  }

  create(input: QuotationInput): ResultAsync<Quotation, ApiError> {
    return this.api.post('/api/quotations', input).andThen(quotationOf);
  }

  update(quotation: Versioned, input: QuotationInput): ResultAsync<Quotation, ApiError> {
    return this.api.put(`/api/quotations/${quotation.id}`, { ...input, version: quotation.version }).andThen(quotationOf);
  }

  move(quotation: Versioned, status: QuotationMove): ResultAsync<Quotation, ApiError> {
    return this.api.post(`/api/quotations/${quotation.id}/status`, { status, version: quotation.version }).andThen(quotationOf);
  }

  convert(quotation: Versioned): ResultAsync<number, ApiError> {
    return this.api.post(`/api/quotations/${quotation.id}/convert`, { version: quotation.version }).andThen((body) => readBy((c) => c.ConvertReply)(body).map((r) => r.orderId));
  }

  remove(id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/quotations/${id}`).andThen((body) => readBy((c) => c.DeletedReply)(body).map(() => undefined));
  }
}
