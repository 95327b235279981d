import type { ResultAsync } from 'neverthrow';
import { token } from '../di/token';
import type { ApiError } from '../api/ApiError';
import type { Order, OrderCreateInput, OrderInput, PaymentInput } from '../sales/sales';
import type { Versioned } from './QuotationBook';

/** The orders (invoices): saving, void and unvoid, receipts and refunds, and banking a receipt in. */
export interface OrderBook {
  create(input: OrderCreateInput): ResultAsync<Order, ApiError>;
  /** A stale version is refused (conflict) and nothing is saved. */
  update(order: Versioned, input: OrderInput): ResultAsync<Order, ApiError>;
  /** Voids (or restores) an order, with the reason kept in the audit log. */
  setVoid(order: Versioned, action: 'void' | 'unvoid', reason: string): ResultAsync<Order, ApiError>;
  /** Records a receipt or a refund; resolves to the order with its new figures. */
  recordPayment(orderId: number, input: PaymentInput): ResultAsync<Order, ApiError>;
  /** Marks a cash or cheque receipt as banked in; it leaves the bank-in reminder. */
  bankIn(receiptId: number): ResultAsync<void, ApiError>;
}

export const OrderBook = token<OrderBook>('OrderBook');
