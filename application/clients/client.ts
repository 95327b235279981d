import type { Statement } from '../../domain/statements/statement';
import type { Attachment } from '../attachments/attachment';
import type { ClientAppointment } from '../appointments/appointment';
import type { OptionChoice, OrderRow, QuotationRow } from '../sales/sales';

/** A client as the screens hold it (read by the wire contract, contract/clients.ts). */
export interface ClientContact {
  readonly name: string;
  readonly title: string;
  readonly phones: readonly string[];
  readonly email: string;
  readonly isPrimary: boolean;
  /** The contact for accounts (at most one): invoices, statements and payment reminders go to them first. */
  readonly isAccounts: boolean;
}

/** The language a client's e-mails are written in. */
export type ClientMailLanguage = 'zh-HK' | 'en' | 'both';

export interface ClientAddress {
  readonly label: string;
  readonly address: string;
  readonly areaId: number | null;
}

export interface Client {
  readonly id: number;
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly hkidMasked: string | null;
  readonly tags: readonly string[];
  readonly companyId: number | null;
  readonly branchId: number | null;
  readonly notes: string;
  /** How the client found the business: a client source of Settings → Options (it may be inactive since), or null. */
  readonly source: OptionChoice | null;
  /** The client asked for no reminders (the day-before and overdue e-mails). */
  readonly remindersOptOut: boolean;
  readonly mailLanguage: ClientMailLanguage;
  readonly version: number;
  readonly contacts: readonly ClientContact[];
  readonly addresses: readonly ClientAddress[];
}

export interface NamedOption {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
}

export interface ClientOptions {
  readonly areas: readonly (NamedOption & { readonly region: string })[];
  readonly branches: readonly NamedOption[];
  readonly companies: readonly NamedOption[];
  /** The client sources: the active ones on a form; on the list's filters, every one (active first). */
  readonly sources: readonly OptionChoice[];
}

export interface ClientListItem {
  readonly id: number;
  readonly code: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly tags: readonly string[];
  readonly primaryContact: { readonly name: string; readonly phones: readonly string[] } | null;
  readonly area: { readonly nameEn: string; readonly nameZh: string } | null;
}

/** The client list's data (GET /api/clients): a page of clients and the filters' choices. */
export interface ClientListData {
  readonly items: readonly ClientListItem[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  /** Every area and source (active first) and the tags in use. */
  readonly filters: ClientOptions & { readonly tags: readonly string[] };
}

export type { Attachment } from '../attachments/attachment';

/** What the form sends: the whole client (a PUT replaces contacts and addresses). */
export interface ClientInput {
  readonly nameEn: string;
  readonly nameZh: string;
  /** Omitted: unchanged; '' removes it. */
  readonly hkid?: string;
  readonly tags: readonly string[];
  readonly companyId: number | null;
  readonly branchId: number | null;
  readonly notes: string;
  /** A client source's value; null removes it. */
  readonly source: string | null;
  /** No reminders to this client; omitted: unchanged. */
  readonly remindersOptOut?: boolean;
  /** The language of the client's e-mails; omitted: unchanged. */
  readonly mailLanguage?: ClientMailLanguage;
  readonly contacts: readonly ClientContact[];
  readonly addresses: readonly ClientAddress[];
}

/** Tags as typed in one field: comma (either width) separated, trimmed, without repeats. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[,，、]/).map((t) => t.trim()).filter(Boolean))];
}

/** Phones as typed in one field: comma separated. */
export function parsePhones(text: string): string[] {
  return text.split(/[,，、;]/).map((p) => p.trim()).filter(Boolean);
}

export const CLIENT_TABS = ['basic', 'quotation', 'order', 'appointment', 'attachment', 'statement'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

/**
 * The client screen's data (GET /api/clients/:id?tab=…): the client, the form's choices, whether the
 * user may reveal the HKID, and the chosen tab's records.
 */
export interface ClientScreenData {
  readonly client: Client;
  readonly tab: ClientTab;
  readonly options: ClientOptions;
  readonly canRevealHkid: boolean;
  readonly attachments?: readonly Attachment[];
  /** The tabs' rows of the sales and appointments areas, shown by their own panels. */
  readonly quotations?: readonly QuotationRow[];
  readonly orders?: readonly OrderRow[];
  readonly appointments?: readonly ClientAppointment[] | null;
  /** The statement tab's statement of account (only with the right to view orders). */
  readonly statement?: Statement;
}

/** The new-client screen's data: the form's choices and the user's company and branch. */
export interface NewClientScreenData {
  readonly options: ClientOptions;
  readonly defaults: { readonly companyId: number | null; readonly branchId: number | null };
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    clients: ClientListData;
    clientCreate: NewClientScreenData;
    client: ClientScreenData;
  }
}
