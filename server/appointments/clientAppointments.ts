import { sql, type Kysely } from 'kysely';
import type * as z from 'zod/mini';
import type { ClientAppointmentRow } from '../../contract/appointments';
import { expand, seriesDates } from '../../domain/appointments/recurrence';
import { hasPermission } from '../../domain/auth/permissions';
import { shownStatus } from '../../domain/appointments/status';
import { hongKongDate, minuteToTime } from '../../domain/time/dates';
import type { Database } from '../db/schema';
import type { AppContext } from '../http/env';
import { seesAll, seriesOf, visitStatus, visitsInRange } from './store';

/**
 * A client's appointments for the client's appointment tab: each series with its next visit (or its
 * last one) and that visit's status and workers; only those the user may see, and none without
 * appointment_view. Each row is the contract's `ClientAppointmentRow`, field for field (the series'
 * rule is the appointment's own reply, GET /api/appointments/{id}).
 */
export function clientAppointments(c: AppContext, clientId: number) {
  return appointmentsOf(c, { clientId });
}

/** The appointments linked to an order (the invoice's appointment tab), shown the same way. */
export function orderAppointments(c: AppContext, orderId: number) {
  return appointmentsOf(c, { orderId });
}

async function appointmentsOf(c: AppContext, owner: { clientId: number } | { orderId: number }): Promise<z.input<typeof ClientAppointmentRow>[] | null> {
  const user = c.var.user!;
  if (!hasPermission(user, 'appointment_view')) return null;
  const { db, now } = c.var.deps;
  let query = db
    .selectFrom('appointments')
    .select([
      'id',
      sql<string>`start_date::text`.as('start_date'),
      'start_minute',
      'duration_minutes',
      'all_day',
      'recurrence',
      'end_kind',
      'end_count',
      sql<string | null>`end_until::text`.as('end_until'),
      'exceptions',
      'address',
      'notes',
    ])
    .where('clientId' in owner ? 'client_id' : 'order_id', '=', 'clientId' in owner ? owner.clientId : owner.orderId);
  if (!seesAll(user)) {
    query = query.where((eb) => eb.exists(eb.selectFrom('appointment_workers as w').select(sql`1`.as('one')).whereRef('w.appointment_id', '=', 'appointments.id').where('w.user_id', '=', user.id)));
  }
  const rows = await query.orderBy('start_date', 'desc').orderBy('id', 'desc').limit(200).execute();
  const workers = rows.length
    ? await db
        .selectFrom('appointment_workers')
        .innerJoin('users', 'users.id', 'appointment_workers.user_id')
        .select(['appointment_workers.appointment_id', 'users.name'])
        .where(
          'appointment_workers.appointment_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('users.name')
        .execute()
    : [];
  const today = hongKongDate(now());
  const shown = rows.map((row) => {
    const series = seriesOf(row);
    const skip = new Set(series.exceptions);
    let next: string | null = null;
    let last: string | null = null;
    for (const { date } of seriesDates(series)) {
      if (skip.has(date)) continue;
      if (date >= today) {
        next = date;
        break;
      }
      last = date;
    }
    return { row, series, date: next ?? last ?? series.startDate, upcoming: next !== null };
  });
  // The shown visits' own rows (status), read between the first and the last day shown.
  const dates = shown.map((s) => s.date).sort();
  const states = await visitsInRange(
    db,
    rows.map((r) => r.id),
    dates[0] ?? today,
    dates.at(-1) ?? today,
  );
  return shown.map(({ row, series, date, upcoming }): z.input<typeof ClientAppointmentRow> => {
    const occurrence = expand(series, date, date)[0];
    return {
      id: row.id,
      date,
      status: visitStatus(states, row.id, date),
      shownStatus: occurrence ? shownStatus(visitStatus(states, row.id, date), occurrence.start, now()) : visitStatus(states, row.id, date),
      upcoming,
      startTime: series.allDay ? null : minuteToTime(series.startMinute),
      allDay: series.allDay,
      recurrence: series.recurrence.freq,
      address: row.address,
      workers: workers.filter((w) => w.appointment_id === row.id).map((w) => w.name),
    };
  });
}

/** A client with appointments cannot be deleted (`db`: the client delete's transaction). */
export async function clientHasAppointments(db: Kysely<Database>, clientId: number): Promise<boolean> {
  return (await db.selectFrom('appointments').select('id').where('client_id', '=', clientId).limit(1).executeTakeFirst()) !== undefined;
}
