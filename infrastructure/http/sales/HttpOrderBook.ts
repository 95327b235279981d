import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../../../application/api/ApiError';
import type { OrderBook } from '../../../application/ports/OrderBook';
import type { Versioned } from '../../../application/ports/QuotationBook';
import type { Order, OrderCreateInput, OrderInput, PaymentInput } from '../../../application/sales/sales';
import type { SalesWire } from './SalesWire';

/** Orders (invoices) over the API (/api/orders…), read by the wire contract. */
export class HttpOrderBook implements OrderBook {
  constructor(private readonly wire: SalesWire) {}

  create(input: OrderCreateInput): ResultAsync<Order, ApiError> {
    return this.wire.call({ method: 'POST', path: '/api/orders', body: input }, (c) => c.OrderReply).map((r) => r.order);
  }

  update(order: Versioned, input: OrderInput): ResultAsync<Order, ApiError> {
    return this.wire.call({ method: 'PUT', path: `/api/orders/${order.id}`, body: { ...input, version: order.version } }, (c) => c.OrderReply).map((r) => r.order);
  }

  setVoid(order: Versioned, action: 'void' | 'unvoid', reason: string): ResultAsync<Order, ApiError> {
    return this.wire.call({ method: 'POST', path: `/api/orders/${order.id}/${action}`, body: { reason, version: order.version } }, (c) => c.OrderReply).map((r) => r.order);
  }

  recordPayment(orderId: number, input: PaymentInput): ResultAsync<Order, ApiError> {
    return this.wire.call({ method: 'POST', path: `/api/orders/${orderId}/receipts`, body: input }, (c) => c.PaymentReply).map((r) => r.order);
  }

  bankIn(receiptId: number): ResultAsync<void, ApiError> {
    return this.wire.call({ method: 'POST', path: `/api/receipts/${receiptId}/bank-in` }, (c) => c.BankedReply).map(() => undefined);
  }
}
