/**
 * The wire of clients: every reply of the client routes (server/clients/routes.ts) and the body the
 * client form sends. The server's replies are read by these in tests/server/clients-contract.test.ts;
 * the browser's HTTP adapter (infrastructure/http/clients) and the client screens' data decode with
 * them; the component tests' fixtures are made through them.
 */
import * as z from 'zod/mini';
import { ClientAppointmentRow } from './appointments';
import { Attachment } from './attachments';

/** The attachment replies, with the client contract (the browser's client area loads them together). */
export { AttachmentsReply } from './attachments';
import { Cents, codedName, Id, IsoDateText, Timestamp, Version } from './common';
import { AGEING_BUCKETS, type Statement as DomainStatement } from '../domain/statements/statement';
import { OptionChoice, OrderRow, QuotationRow } from './sales';
const Names = { nameEn: z.string(), nameZh: z.string() };

export const ClientContact = z.object({
  id: z.optional(Id),
  name: z.string(),
  title: z.string(),
  phones: z.array(z.string()),
  email: z.string(),
  isPrimary: z.boolean(),
  /** The contact for accounts (at most one): invoices, statements and payment reminders go to them first. */
  isAccounts: z.boolean(),
});

/** The language a client's e-mails are written in. */
export const ClientMailLanguage = z.enum(['zh-HK', 'en', 'both']);

export const ClientAddress = z.object({
  id: z.optional(Id),
  label: z.string(),
  address: z.string(),
  areaId: z.nullable(Id),
  area: z.optional(z.nullable(z.object(Names))),
});

/** What a client keeps and its form sends alike: tags, company and branch, notes. */
const clientFields = { tags: z.array(z.string()), companyId: z.nullable(Id), branchId: z.nullable(Id), notes: z.string() };

/** A client as its screen shows it; the HKID only masked. */
export const Client = z.object({
  ...codedName,
  hkidMasked: z.nullable(z.string()),
  ...clientFields,
  /** A client source of Settings → Options (it may be inactive since), or null. */
  source: z.nullable(OptionChoice),
  /** The client asked for no reminders (the day-before and overdue e-mails). */
  remindersOptOut: z.boolean(),
  mailLanguage: ClientMailLanguage,
  version: Version,
  contacts: z.array(ClientContact),
  addresses: z.array(ClientAddress),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Client = z.infer<typeof Client>;

/** The choices of the client form (the list's filters add every source and the tags in use). */
export const ClientOptions = z.object({
  areas: z.array(z.object({ id: Id, ...Names, region: z.string() })),
  branches: z.array(z.object({ id: Id, ...Names, companyId: z.nullable(Id) })),
  companies: z.array(z.object({ id: Id, ...Names })),
  sources: z.array(OptionChoice),
});
export type ClientOptions = z.infer<typeof ClientOptions>;

export const ClientListItem = z.object({
  ...codedName,
  tags: z.array(z.string()),
  primaryContact: z.nullable(z.object({ name: z.string(), phones: z.array(z.string()) })),
  area: z.nullable(z.object(Names)),
  branch: z.nullable(z.object(Names)),
  updatedAt: Timestamp,
});

/** GET /api/clients */
export const ClientList = z.object({
  items: z.array(ClientListItem),
  total: z.int(),
  page: z.int(),
  perPage: z.int(),
  filters: z.extend(ClientOptions, { tags: z.array(z.string()) }),
});
export type ClientList = z.infer<typeof ClientList>;

/** GET /api/clients/create: the form's choices and the user's company and branch. */
export const NewClientPage = z.object({ options: ClientOptions, defaults: z.object({ companyId: z.nullable(Id), branchId: z.nullable(Id) }) });
export type NewClientPage = z.infer<typeof NewClientPage>;

export const CLIENT_TABS = ['basic', 'quotation', 'order', 'appointment', 'attachment', 'statement'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

/**
 * GET /api/clients/:id?tab=…: the client, the form's choices, whether the user may reveal the HKID,
 * and the chosen tab's records (quotations and orders only with the right to view them; appointments
 * null without it).
 */
/** A client's statement of account (domain/statements/statement.ts): the period, balances, lines and ageing. */
const Ageing = z.object({ notDue: Cents, days1to30: Cents, days31to60: Cents, days61to90: Cents, over90: Cents }) satisfies z.ZodMiniType<DomainStatement['ageing']>;
export const Statement = z.object({
  from: IsoDateText,
  to: IsoDateText,
  opening: Cents,
  entries: z.array(
    z.object({
      kind: z.enum(['invoice', 'receipt', 'refund']),
      id: Id,
      number: z.string(),
      date: IsoDateText,
      invoiceNumber: z.nullable(z.string()),
      debit: Cents,
      credit: Cents,
      balance: Cents,
    }),
  ),
  closing: Cents,
  open: z.array(
    z.object({
      id: Id,
      number: z.string(),
      date: IsoDateText,
      dueDate: IsoDateText,
      total: Cents,
      outstanding: Cents,
      daysOverdue: z.number().check(z.int()),
      bucket: z.enum(AGEING_BUCKETS),
    }),
  ),
  ageing: Ageing,
}) satisfies z.ZodMiniType<DomainStatement>;
export type Statement = z.infer<typeof Statement>;

export const ClientPage = z.object({
  client: Client,
  tab: z.enum(CLIENT_TABS),
  options: ClientOptions,
  canRevealHkid: z.boolean(),
  attachments: z.optional(z.array(Attachment)),
  quotations: z.optional(z.array(QuotationRow)),
  orders: z.optional(z.array(OrderRow)),
  /** The appointments tab's rows (their shape is the appointments area's), null without appointment_view. */
  appointments: z.optional(z.nullable(z.array(ClientAppointmentRow))),
  /** The statement tab's statement of account (`from`, `to` in the query; by default the last three months), only with order_view. */
  statement: z.optional(Statement),
});
export type ClientPage = z.infer<typeof ClientPage>;

/** POST /api/clients (201) and PUT /api/clients/:id */
export const ClientReply = z.object({ client: Client });

/** POST /api/clients/:id/hkid/reveal: the full HKID (audited), null when none. */
export const HkidReply = z.object({ hkid: z.nullable(z.string()) });

/** What the client form sends: the whole client (a PUT replaces contacts and addresses, and adds the version). */
export const ClientInput = z.object({
  ...Names,
  /** Omitted: unchanged; '' removes it. */
  hkid: z.optional(z.string()),
  ...clientFields,
  /** A client source's value; null removes it. */
  source: z.nullable(z.string()),
  /** No reminders to this client; omitted: unchanged. */
  remindersOptOut: z.optional(z.boolean()),
  /** The language of the client's e-mails; omitted: unchanged (both for a new client). */
  mailLanguage: z.optional(ClientMailLanguage),
  contacts: z.array(z.object({ name: z.string(), title: z.string(), phones: z.array(z.string()), email: z.string(), isPrimary: z.boolean(), isAccounts: z.optional(z.boolean()) })),
  addresses: z.array(z.object({ label: z.string(), address: z.string(), areaId: z.nullable(Id) })),
});
export type ClientInput = z.infer<typeof ClientInput>;
export const ClientUpdate = z.extend(ClientInput, { version: Version });
