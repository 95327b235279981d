import * as z from 'zod';
import { INT_MAX } from '../db/limits';
import { isoDate } from '../http/dates';

const optionalText = (max: number) => z.string().trim().max(max).default('');

const ContactInput = z.object({
  name: z.string().trim().min(1).max(120),
  title: optionalText(120),
  /** Each checked by the domain's phone rule in the service (Hong Kong, mainland or with a country code). */
  phones: z.array(z.string().trim().min(1).max(30)).max(5).default([]),
  email: z.union([z.literal(''), z.string().trim().max(255).pipe(z.email())]).default(''),
  isPrimary: z.boolean().default(false),
  /** The contact for accounts (at most one): invoices, statements and payment reminders go to them first. */
  isAccounts: z.boolean().default(false),
});

const AddressInput = z.object({
  label: optionalText(60),
  address: z.string().trim().min(1).max(500),
  areaId: z.number().int().positive().max(INT_MAX).nullable().default(null),
});

const ClientFields = {
  nameEn: optionalText(200),
  nameZh: optionalText(200),
  /** Omitted: unchanged. Empty or null: removed. */
  hkid: z.string().trim().max(20).nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(30)).max(20).default([]),
  companyId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  branchId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  notes: optionalText(5000),
  /** How the client found the business: a `client_source` option's value. Omitted: unchanged (none for a new client). Empty or null: none. */
  source: z.string().trim().max(40).nullable().optional(),
  /** The client asked for no reminders (the day-before and overdue e-mails). Omitted: unchanged (none for a new client). */
  remindersOptOut: z.boolean().optional(),
  /** The language of the client's e-mails (Chinese, English or both). Omitted: unchanged (both for a new client). */
  mailLanguage: z.enum(['zh-HK', 'en', 'both']).optional(),
  contacts: z.array(ContactInput).max(20).default([]),
  addresses: z.array(AddressInput).max(20).default([]),
};

export const CreateClient = z.object(ClientFields);
export const UpdateClient = z.object({ ...ClientFields, version: z.number().int().positive().max(INT_MAX) });
export type ClientInput = z.output<typeof CreateClient>;

export const ListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(30).optional(),
  area_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  branch_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  source: z.string().trim().max(40).optional(),
  sort: z.enum(['name', '-name', 'created', '-created', 'code', '-code']).default('-created'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const DetailQuery = z.object({
  tab: z.enum(['basic', 'quotation', 'order', 'appointment', 'attachment', 'statement']).default('basic'),
  /** The statement's period (the statement tab); by default the last three months to today. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type ClientTab = z.output<typeof DetailQuery>['tab'];
