import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';

/**
 * What the sales lists offer for the signed-in user's rights: a new quotation (the quotations list
 * and a client's quotation tab) and a new invoice (the invoices list and a client's order tab).
 * Plain functions, loaded with those screens only; the quotation and invoice screens' own offers
 * are QuotationDesk's and OrderDesk's.
 */
export function quotationListOffers(user: User | null): { readonly create: boolean } {
  return { create: hasPermission(user, 'quotation_create') };
}

export function orderListOffers(user: User | null): { readonly create: boolean } {
  return { create: hasPermission(user, 'order_create') };
}
