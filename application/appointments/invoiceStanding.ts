import { paymentStatus } from '../../domain/orders/order';
import type { OrderSummary } from './appointment';

/** How the invoice tab reads a linked order: void, settled (paid in full, by the domain's paymentStatus) or outstanding. */
export function invoiceStanding(order: Pick<OrderSummary, 'total' | 'paid' | 'voided'>): 'voided' | 'settled' | 'outstanding' {
  const status = paymentStatus(order.total, { receipts: [order.paid], refunds: [] }, order.voided);
  return status === 'void' ? 'voided' : status === 'paid' ? 'settled' : 'outstanding';
}
