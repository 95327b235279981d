/**
 * The wire of the dashboard (spec /dashboard, GET /api/dashboard/show). See contract/common.ts for
 * how contract/ works.
 */
import * as z from 'zod/mini';
import { BilingualName, Cents, Id, IsoDateText } from './common';

/** A count of records and the money they hold. */
const Figure = z.object({ count: z.number(), amount: Cents });

export const DashboardVisit = z.object({
  appointmentId: Id,
  date: IsoDateText,
  allDay: z.boolean(),
  /** 'HH:MM', none for an all-day visit. */
  start: z.nullable(z.string()),
  client: BilingualName,
  status: z.string(),
  /** What the visit reads as: `scheduled` until it starts, else its status. */
  shownStatus: z.string(),
});
export type DashboardVisit = z.infer<typeof DashboardVisit>;

/** GET /api/dashboard/show: each card only for a user who holds the permission behind it. */
export const DashboardReply = z.object({
  today: IsoDateText,
  cards: z.object({
    /** Today's and this week's (Monday to Sunday) visits; `own` when the user sees only theirs. */
    appointments: z.optional(z.object({ today: z.number(), week: z.number(), weekStart: IsoDateText, weekEnd: IsoDateText, own: z.boolean(), visits: z.array(DashboardVisit) })),
    /** Everything still owed (the invoice list's `owing`), and of that what is past its due date. */
    outstanding: z.optional(z.extend(Figure, { overdue: Figure })),
    /** Receipts waiting to be banked in. */
    bankIn: z.optional(Figure),
    /** Sent quotations that expire within `withinDays`. */
    expiringQuotations: z.optional(z.extend(Figure, { withinDays: z.number() })),
    /** The latest answers of customers to quotations through customer links (issue 21), newest first. */
    customerResponses: z.optional(
      z.array(z.object({ quotationId: Id, number: z.string(), kind: z.enum(['basic', 'contract']), outcome: z.enum(['accepted', 'declined']), name: z.string(), at: z.string(), client: BilingualName })),
    ),
    /** Invoiced and received per month ('YYYY-MM'), the last twelve months. */
    revenue: z.optional(z.object({ from: IsoDateText, to: IsoDateText, months: z.array(z.object({ month: z.string(), invoiced: Cents, received: Cents })) })),
  }),
});
export type DashboardReply = z.infer<typeof DashboardReply>;
