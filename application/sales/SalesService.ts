import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import { int, isRecord, records, str } from '../api/decode';
import type * as SalesDecoders from './sales';
import type { NamedOption, Order, OrderInput, PaymentInput, Quotation, QuotationInput } from './sales';

const malformed: ApiError = { code: 'server', status: 200, message: '' };

/**
 * A record of the reply, decoded. The decoders come with the first reply that needs them: this
 * service is part of every page's first download (the composition root), the decoders are not.
 */
function read<T>(decoder: (d: typeof SalesDecoders) => (v: unknown) => T | null, field: string) {
  return (body: unknown): ResultAsync<T, ApiError> =>
    ResultAsync.fromSafePromise(import('./sales')).andThen((d) => {
      const value = isRecord(body) ? decoder(d)(body[field]) : null;
      return value ? okAsync(value) : errAsync(malformed);
    });
}

const quotationFrom = read((d) => d.decodeQuotation, 'quotation');
const orderFrom = read((d) => d.decodeOrder, 'order');

/**
 * The money flow's use-cases: quotations (save, move on, turn into an order, delete), orders (save,
 * void and unvoid, receipts and refunds) and banking receipts in. Every rule is the server's (and
 * the domain's); a refusal comes back as an ApiError with the field messages to show.
 */
export class SalesService {
  constructor(private readonly api: ApiClient) {}

  createQuotation(input: QuotationInput): ResultAsync<Quotation, ApiError> {
    return this.api.post('/api/quotations', input).andThen(quotationFrom);
  }

  updateQuotation(id: number, version: number, input: QuotationInput): ResultAsync<Quotation, ApiError> {
    return this.api.put(`/api/quotations/${id}`, { ...input, version }).andThen(quotationFrom);
  }

  setQuotationStatus(quotation: Pick<Quotation, 'id' | 'version'>, status: 'draft' | 'sent' | 'accepted' | 'rejected'): ResultAsync<Quotation, ApiError> {
    return this.api.post(`/api/quotations/${quotation.id}/status`, { status, version: quotation.version }).andThen(quotationFrom);
  }

  /** An accepted quotation becomes an order; resolves to the new order's id. */
  convertQuotation(quotation: Pick<Quotation, 'id' | 'version'>): ResultAsync<number, ApiError> {
    return this.api.post(`/api/quotations/${quotation.id}/convert`, { version: quotation.version }).andThen((body) => {
      const id = isRecord(body) ? int(body.orderId) : 0;
      return id > 0 ? okAsync(id) : errAsync(malformed);
    });
  }

  deleteQuotation(id: number): ResultAsync<void, ApiError> {
    return this.api.delete(`/api/quotations/${id}`).map(() => undefined);
  }

  /** A new invoice; `appointmentId` links it to the appointment it was made from. */
  createOrder(input: OrderInput & { readonly appointmentId?: number | null }): ResultAsync<Order, ApiError> {
    return this.api.post('/api/orders', input).andThen(orderFrom);
  }

  updateOrder(id: number, version: number, input: OrderInput): ResultAsync<Order, ApiError> {
    return this.api.put(`/api/orders/${id}`, { ...input, version }).andThen(orderFrom);
  }

  /** Voids (or restores) an order, with the reason kept in the audit log. */
  setVoid(order: Pick<Order, 'id' | 'version'>, action: 'void' | 'unvoid', reason: string): ResultAsync<Order, ApiError> {
    return this.api.post(`/api/orders/${order.id}/${action}`, { reason, version: order.version }).andThen(orderFrom);
  }

  /** Records a receipt or a refund; resolves to the order with its new figures. */
  recordPayment(orderId: number, input: PaymentInput): ResultAsync<Order, ApiError> {
    return this.api.post(`/api/orders/${orderId}/receipts`, input).andThen(orderFrom);
  }

  bankIn(receiptId: number): ResultAsync<void, ApiError> {
    return this.api.post(`/api/receipts/${receiptId}/bank-in`).map(() => undefined);
  }

  /** Clients whose name, phone or tag matches, for the document forms' client picker. */
  searchClients(q: string): ResultAsync<NamedOption[], ApiError> {
    return this.api
      .get('/api/clients', { q, per_page: 20 }, { progress: false })
      .map((body) => records(isRecord(body) ? body.items : [], (r) => ({ id: int(r.id), nameEn: str(r.nameEn), nameZh: str(r.nameZh) })));
  }
}
