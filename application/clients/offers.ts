import { hasPermission } from '../../domain/auth/permissions';
import { mayOpenTab } from '../../domain/auth/tabs';
import type { User } from '../../domain/auth/user';
import { CLIENT_TABS, type ClientTab } from './client';

/** What a client's page offers the signed-in user. */
export interface ClientOffers {
  /** Editing the client's details and attachments. */
  readonly edit: boolean;
  readonly delete: boolean;
  /** The tabs shown: those of other areas' records only with the right to view them (domain/auth/tabs.ts). */
  readonly tabs: readonly ClientTab[];
}

/** The clients list's "New client" button, by client_create. Loaded with the clients screens only. */
export function clientListOffers(user: User | null): { readonly create: boolean } {
  return { create: hasPermission(user, 'client_create') };
}

/** A client's page: edit and delete by the client rights, the quotation, order and statement tabs by the right to view them. */
export function clientOffers(user: User | null): ClientOffers {
  return {
    edit: hasPermission(user, 'client_edit'),
    delete: hasPermission(user, 'client_delete'),
    tabs: CLIENT_TABS.filter((tab) => mayOpenTab(user, 'client', tab)),
  };
}
