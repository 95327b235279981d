/**
 * The wire of reminders to customers (server/reminders/routes.ts): Settings → Customer reminders, the
 * send log, and "send the overdue reminder now" to chosen clients.
 */
import * as z from 'zod/mini';
import { Cents, Id, IsoDateText, listPage, Timestamp, Version } from './common';

export const REMINDER_KINDS = ['dayBefore', 'overdue'] as const;
export const ReminderKind = z.enum(REMINDER_KINDS);
export type ReminderKind = z.infer<typeof ReminderKind>;

export const REMINDER_STATES = ['queued', 'sent', 'failed', 'skipped'] as const;
export const ReminderState = z.enum(REMINDER_STATES);
export type ReminderState = z.infer<typeof ReminderState>;

/** Why a reminder was not sent to a client (the log's and the send-now reply's reason of a skip). */
export const SKIP_REASONS = ['optedOut', 'noEmail', 'nothingOverdue', 'notFound', 'alreadyToday'] as const;
export const SkipReason = z.enum(SKIP_REASONS);
export type SkipReason = z.infer<typeof SkipReason>;

/** Settings → Customer reminders. */
export const ReminderSettings = z.object({
  /** An e-mail the day before each visit. */
  dayBeforeEnabled: z.boolean(),
  /** An e-mail listing the client's overdue invoices … */
  overdueEnabled: z.boolean(),
  /** … once an invoice is this many days past its due date, */
  overdueAfterDays: z.number(),
  /** … again every so many days, */
  overdueEveryDays: z.number(),
  /** … at most this many times per invoice. */
  overdueMaxCount: z.number(),
  /** When the daily run sends them, Hong Kong time (HH:MM). */
  sendTime: z.string(),
  version: Version,
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;

/** GET, PUT /api/settings/reminders */
export const ReminderSettingsReply = z.object({
  settings: ReminderSettings,
  /** Whether Settings → E-mail names an SMTP server (else nothing is sent). */
  mailConfigured: z.boolean(),
  /** When the next daily run is due (null: none queued yet). */
  nextRunAt: z.nullable(Timestamp),
});
export type ReminderSettingsReply = z.infer<typeof ReminderSettingsReply>;

/** PUT /api/settings/reminders */
export const ReminderSettingsInput = z.object({
  dayBeforeEnabled: z.boolean(),
  overdueEnabled: z.boolean(),
  overdueAfterDays: z.number(),
  overdueEveryDays: z.number(),
  overdueMaxCount: z.number(),
  sendTime: z.string(),
  version: Version,
});
export type ReminderSettingsInput = z.infer<typeof ReminderSettingsInput>;

/** An invoice an overdue reminder listed, with what it still owed then. */
export const RemindedInvoice = z.object({ id: Id, number: z.string(), dueDate: IsoDateText, outstanding: Cents });
export type RemindedInvoice = z.infer<typeof RemindedInvoice>;

/** One reminder of the send log. */
export const Reminder = z.object({
  id: Id,
  kind: ReminderKind,
  /** The day (Hong Kong) it was made for. */
  day: IsoDateText,
  createdAt: Timestamp,
  sentAt: z.nullable(Timestamp),
  client: z.object({ id: Id, code: z.string(), nameEn: z.string(), nameZh: z.string() }),
  recipient: z.string(),
  /** The visit (day-before reminders). */
  appointmentId: z.nullable(Id),
  visitDate: z.nullable(IsoDateText),
  visitStart: z.nullable(Timestamp),
  visitEnd: z.nullable(Timestamp),
  allDay: z.boolean(),
  address: z.string(),
  /** The invoices (overdue reminders). */
  invoices: z.array(RemindedInvoice),
  state: ReminderState,
  /** A skip's reason (a SkipReason) or a failure's (the mail server's words); '' otherwise. */
  reason: z.string(),
  /** Sent by hand ("Send payment reminder"), not by the daily run. */
  manual: z.boolean(),
});
export type Reminder = z.infer<typeof Reminder>;

/** GET /api/reminders: the send log, newest first. */
export const ReminderLog = listPage(Reminder);
export type ReminderLog = z.infer<typeof ReminderLog>;

/** POST /api/reminders/overdue: the clients to send their overdue reminder to now. */
export const SendOverdueInput = z.object({ clientIds: z.array(Id) });
export type SendOverdueInput = z.infer<typeof SendOverdueInput>;

/** What happened for each client: queued (its reminder's id) or skipped with the reason. */
export const OverdueOutcome = z.object({
  clientId: Id,
  outcome: z.enum(['queued', 'skipped']),
  reason: z.nullable(SkipReason),
  reminderId: z.nullable(Id),
});
export type OverdueOutcome = z.infer<typeof OverdueOutcome>;

export const SendOverdueReply = z.object({ results: z.array(OverdueOutcome) });
export type SendOverdueReply = z.infer<typeof SendOverdueReply>;
