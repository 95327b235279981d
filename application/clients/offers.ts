import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';

/** What a client's page offers the signed-in user. */
export interface ClientOffers {
  /** Editing the client's details and attachments. */
  readonly edit: boolean;
  readonly delete: boolean;
  /** The quotation tab's list (else a notice that it needs the right). */
  readonly quotations: boolean;
  /** The order tab's list (else the same notice). */
  readonly orders: boolean;
}

/** The clients list's "New client" button, by client_create. Loaded with the clients screens only. */
export function clientListOffers(user: User | null): { readonly create: boolean } {
  return { create: hasPermission(user, 'client_create') };
}

/** A client's page: edit and delete by the client rights, the quotation and order tabs by the right to view them. */
export function clientOffers(user: User | null): ClientOffers {
  return {
    edit: hasPermission(user, 'client_edit'),
    delete: hasPermission(user, 'client_delete'),
    quotations: hasPermission(user, 'quotation_view'),
    orders: hasPermission(user, 'order_view'),
  };
}
