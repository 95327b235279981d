import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { OrderBook } from '../../../application/ports/OrderBook';
import type { Versioned } from '../../../application/ports/QuotationBook';
import type { Order, OrderCreateInput, OrderInput, OrderScreenData, PaymentInput } from '../../../application/sales/sales';
import { readBy } from './reply';

const orderOf = (body: unknown) => readBy((c) => c.OrderReply)(body).map((r): Order => r.order);

/** Orders (invoices) over the API (/api/orders…), read by the wire contract. */
export class HttpOrderBook implements OrderBook {
  constructor(private readonly api: ApiClient) {}

  readScreen(reply: Readonly<Record<string, unknown>>): ResultAsync<OrderScreenData, ApiError> {
    return 'order' in reply ? readBy((c) => c.OrderPage)(reply) : readBy((c) => c.NewOrderPage)(reply).map((page) => ({ ...page, order: null }));
  }

  create(input: OrderCreateInput): ResultAsync<Order, ApiError> {
    return this.api.post('/api/orders', input).andThen(orderOf);
  }

  update(order: Versioned, input: OrderInput): ResultAsync<Order, ApiError> {
    return this.api.put(`/api/orders/${order.id}`, { ...input, version: order.version }).andThen(orderOf);
  }

  setVoid(order: Versioned, action: 'void' | 'unvoid', reason: string): ResultAsync<Order, ApiError> {
    return this.api.post(`/api/orders/${order.id}/${action}`, { reason, version: order.version }).andThen(orderOf);
  }

  recordPayment(orderId: number, input: PaymentInput): ResultAsync<Order, ApiError> {
    return this.api.post(`/api/orders/${orderId}/receipts`, input).andThen((body) => readBy((c) => c.PaymentReply)(body).map((r): Order => r.order));
  }
}
