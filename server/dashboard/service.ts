import type { Kysely } from 'kysely';
import type { DashboardReply } from '../../contract/dashboard';
import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { expand } from '../../domain/appointments/recurrence';
import { shownStatus } from '../../domain/appointments/status';
import { addDays, addMonths, makeDate, parts, weekday, type IsoDate } from '../../domain/time/dates';
import { holidaysInRange, holidaySet, seesAll, seriesInRange, seriesOf, visitsInRange, visitStatus } from '../appointments/store';
import type { Database } from '../db/schema';
import { recentResponses } from '../links/repository';
import { monthsOf } from '../reports/months';
import { bankInFigures, clientNames, expiringQuotationFigures, owedFigures, revenueByMonth } from './repository';

/** How many days ahead the dashboard looks for quotations about to expire. */
export const EXPIRING_WITHIN_DAYS = 7;
/** How many months the revenue chart shows, this one included. */
export const REVENUE_MONTHS = 12;

export interface DashboardContext {
  readonly db: Kysely<Database>;
  readonly user: User;
  /** Today in Hong Kong. */
  readonly today: IsoDate;
  readonly now: Date;
}

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Today's and this week's (Monday to Sunday) visits, as the calendar shows them to this user. */
async function appointmentsCard({ db, user, today: day, now }: DashboardContext) {
  const weekStart = addDays(day, -((weekday(day) + 6) % 7));
  const weekEnd = addDays(weekStart, 6);
  const [rows, holidays] = await Promise.all([seriesInRange(db, user, weekStart, weekEnd), holidaysInRange(db, weekStart, weekEnd)]);
  const visits = rows.flatMap((row) => expand(seriesOf(row), weekStart, weekEnd, holidaySet(holidays)).map((o) => ({ row, o })));
  const states = await visitsInRange(db, [...new Set(visits.map((v) => v.row.id))], day, day);
  const todays = visits.filter((v) => v.o.date === day).sort((a, b) => a.o.start.getTime() - b.o.start.getTime() || a.row.id - b.row.id);
  const clients = await clientNames(db, [...new Set(todays.map((v) => v.row.client_id))]);
  return {
    today: todays.length,
    week: visits.length,
    weekStart,
    weekEnd,
    own: !seesAll(user),
    visits: todays.slice(0, 8).map(({ row, o }) => {
      const client = clients.find((cl) => cl.id === row.client_id);
      return {
        appointmentId: row.id,
        date: o.date,
        allDay: row.all_day,
        start: row.all_day ? null : clock(row.start_minute),
        client: { nameEn: client?.name_en ?? '', nameZh: client?.name_zh ?? '' },
        status: visitStatus(states, row.id, o.date),
        shownStatus: shownStatus(visitStatus(states, row.id, o.date), o.start, now),
      };
    }),
  };
}

/** Invoiced and received per month, the last REVENUE_MONTHS months up to today (empty months too). */
async function revenueCard({ db, today: day }: DashboardContext) {
  const { year, month } = parts(day);
  const from = addMonths(makeDate(year, month, 1), -(REVENUE_MONTHS - 1));
  const byMonth = await revenueByMonth(db, from, day);
  return { from, to: day, months: monthsOf(from, day).map((m) => ({ month: m, invoiced: byMonth.get(m)?.invoiced ?? 0, received: byMonth.get(m)?.received ?? 0 })) };
}

/** How many of the latest customer answers the dashboard lists. */
export const CUSTOMER_RESPONSES_SHOWN = 5;

/** The latest answers of customers to quotations through their links (accepted or declined), newest first. */
async function customerResponsesCard(db: Kysely<Database>) {
  const rows = await recentResponses(db, CUSTOMER_RESPONSES_SHOWN);
  return rows.map((r) => ({ quotationId: r.quotation_id, number: r.number, kind: r.kind, outcome: r.outcome, name: r.name, at: new Date(r.responded_at).toISOString(), client: { nameEn: r.name_en, nameZh: r.name_zh } }));
}

/**
 * The dashboard (spec /dashboard, /api/dashboard/show): each card only for a user who holds the
 * permission behind it, each figure with the list it comes from. Figures are worked out by the
 * database, with the same conditions as the lists they link to.
 */
export async function dashboard(ctx: DashboardContext): Promise<DashboardReply> {
  const { db, user, today: day } = ctx;
  const cards: DashboardReply['cards'] = {};
  if (hasPermission(user, 'appointment_view')) cards.appointments = await appointmentsCard(ctx);
  if (hasPermission(user, 'order_view')) cards.outstanding = await owedFigures(db, day);
  if (hasPermission(user, 'receipt_view')) cards.bankIn = await bankInFigures(db);
  if (hasPermission(user, 'quotation_view')) cards.expiringQuotations = { ...(await expiringQuotationFigures(db, day, EXPIRING_WITHIN_DAYS)), withinDays: EXPIRING_WITHIN_DAYS };
  if (hasPermission(user, 'quotation_view')) cards.customerResponses = await customerResponsesCard(db);
  if (hasPermission(user, 'report_view')) cards.revenue = await revenueCard(ctx);
  return { today: day, cards };
}
