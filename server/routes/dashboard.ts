import { Hono } from 'hono';
import { sql } from 'kysely';
import { hasPermission } from '../../domain/auth/permissions';
import { expand } from '../../domain/appointments/recurrence';
import { shownStatus } from '../../domain/appointments/status';
import { addDays, addMonths, makeDate, parts, weekday, type IsoDate } from '../../domain/time/dates';
import { holidaysInRange, holidaySet, seesAll, seriesInRange, seriesOf, visitsInRange, visitStatus } from '../appointments/store';
import type { AppContext, AppEnv } from '../http/env';
import { requirePermission } from '../http/permissions';
import { orderSql, receiptSql } from '../sql/rules';
import { today } from '../http/dates';
import { monthsOf } from './reports/orders';

/** How many days ahead the dashboard looks for quotations about to expire. */
export const EXPIRING_WITHIN_DAYS = 7;
/** How many months the revenue chart shows, this one included. */
export const REVENUE_MONTHS = 12;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Today's and this week's (Monday to Sunday) visits, as the calendar shows them to this user. */
async function appointmentsCard(c: AppContext, day: IsoDate) {
  const { db } = c.var.deps;
  const now = c.var.deps.now();
  const user = c.var.user!;
  const weekStart = addDays(day, -((weekday(day) + 6) % 7));
  const weekEnd = addDays(weekStart, 6);
  const [rows, holidays] = await Promise.all([seriesInRange(db, user, weekStart, weekEnd), holidaysInRange(db, weekStart, weekEnd)]);
  const visits = rows.flatMap((row) => expand(seriesOf(row), weekStart, weekEnd, holidaySet(holidays)).map((o) => ({ row, o })));
  const states = await visitsInRange(db, [...new Set(visits.map((v) => v.row.id))], day, day);
  const todays = visits.filter((v) => v.o.date === day).sort((a, b) => a.o.start.getTime() - b.o.start.getTime() || a.row.id - b.row.id);
  const clients = todays.length === 0 ? [] : await db.selectFrom('clients').select(['id', 'name_en', 'name_zh']).where('id', 'in', [...new Set(todays.map((v) => v.row.client_id))]).execute();
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
        start: row.all_day ? null : `${String(Math.floor(row.start_minute / 60)).padStart(2, '0')}:${String(row.start_minute % 60).padStart(2, '0')}`,
        client: { nameEn: client?.name_en ?? '', nameZh: client?.name_zh ?? '' },
        status: visitStatus(states, row.id, o.date),
        shownStatus: shownStatus(visitStatus(states, row.id, o.date), o.start, now),
      };
    }),
  };
}

/**
 * The dashboard (spec /dashboard, /api/dashboard/show): each card only for a user who holds the
 * permission behind it, each figure with the list it comes from. Figures are worked out by the
 * database, with the same conditions as the lists they link to.
 */
export function dashboardRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/dashboard/show', ...requirePermission('dashboard_view'), async (c) => {
    const { db } = c.var.deps;
    const user = c.var.user!;
    const day = today(c);
    const cards: Record<string, unknown> = {};
    if (hasPermission(user, 'appointment_view')) cards.appointments = await appointmentsCard(c, day);
    if (hasPermission(user, 'order_view')) {
      // Everything still owed: the orders list's status=owing (not void, paid < total). Of that, what
      // is overdue: the outstanding reminder's rule (status=reminder_outstanding), past its due date.
      const o = orderSql('o');
      const r = await sql<{ n: string; owed: string | null; overdue_n: string; overdue_owed: string | null }>`select count(*) as n, sum(${o.outstanding}) as owed,
        count(*) filter (where ${o.overdue(day)}) as overdue_n, sum(${o.outstanding}) filter (where ${o.overdue(day)}) as overdue_owed
        from orders o where ${o.needsReminder}`.execute(db);
      const row = r.rows[0];
      cards.outstanding = { count: num(row?.n), amount: num(row?.owed), overdue: { count: num(row?.overdue_n), amount: num(row?.overdue_owed) } };
    }
    if (hasPermission(user, 'receipt_view')) {
      // The bank-in reminder's own rule (receipts list action=bank-in).
      const r = await sql<{ n: string; amount: string | null }>`select count(*) as n, sum(r.amount) as amount from receipts r
        where ${receiptSql('r').awaitsBankIn}`.execute(db);
      cards.bankIn = { count: num(r.rows[0]?.n), amount: num(r.rows[0]?.amount) };
    }
    if (hasPermission(user, 'quotation_view')) {
      // The quotations list's expiring_within rule: sent, still valid, and valid no longer than that.
      const r = await sql<{ n: string; amount: string | null }>`select count(*) as n, sum(q.total) as amount from quotations q
        where q.status = 'sent' and (q.date + (q.valid_days - 1)) >= ${day}::date and (q.date + (q.valid_days - 1)) <= ${addDays(day, EXPIRING_WITHIN_DAYS)}::date`.execute(db);
      cards.expiringQuotations = { count: num(r.rows[0]?.n), amount: num(r.rows[0]?.amount), withinDays: EXPIRING_WITHIN_DAYS };
    }
    if (hasPermission(user, 'report_view')) {
      const { year, month } = parts(day);
      const from = addMonths(makeDate(year, month, 1), -(REVENUE_MONTHS - 1));
      // Invoiced (void orders count as zero) and received (receipts less refunds) per month.
      const r = await sql<{ month: string; invoiced: string | null; received: string | null }>`
        with invoiced as (select to_char(o.date, 'YYYY-MM') as month, sum(o.total) as amount from orders o where ${orderSql('o').live} and o.date >= ${from}::date and o.date <= ${day}::date group by 1),
        received as (select to_char(r.date, 'YYYY-MM') as month, sum(${receiptSql('r').signedAmount}) as amount from receipts r where r.date >= ${from}::date and r.date <= ${day}::date group by 1)
        select coalesce(i.month, r.month) as month, i.amount as invoiced, r.amount as received from invoiced i full join received r on r.month = i.month`.execute(db);
      const byMonth = new Map(r.rows.map((row) => [row.month, row]));
      cards.revenue = {
        from,
        to: day,
        months: monthsOf(from, day).map((m) => ({ month: m, invoiced: num(byMonth.get(m)?.invoiced), received: num(byMonth.get(m)?.received) })),
      };
    }
    return c.json({ today: day, cards });
  });
  return routes;
}
