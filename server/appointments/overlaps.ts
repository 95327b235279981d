import { sql, type Kysely, type Transaction } from 'kysely';
import { findOverlaps } from '../../domain/appointments/overlap';
import { expand, lastDate, type Series } from '../../domain/appointments/recurrence';
import { addDays, toHongKongIso, type IsoDate } from '../../domain/time/dates';
import type { Database } from '../db/schema';
import { SERIES_COLUMNS, seriesOf } from './store';

type Db = Kysely<Database> | Transaction<Database>;

/** How far ahead a series is checked for double-booking (a series that never ends is not checked forever). */
export const OVERLAP_HORIZON_DAYS = 183;
const MAX_REPORTED = 20;

export interface Overlap {
  readonly workerId: number;
  readonly workerName: string;
  readonly date: IsoDate;
  readonly start: string;
  readonly end: string;
  readonly allDay: boolean;
  readonly appointmentId: number;
  /** The other appointment's client, when the user may see it. */
  readonly client: { readonly nameEn: string; readonly nameZh: string } | null;
}

/**
 * Double-booking: the visits of `series` (over its first six months) that overlap another visit of
 * one of `workerIds`. Canceled visits do not count; `excludeIds` are the appointments being edited.
 */
export async function overlapsFor(db: Db, workerIds: readonly number[], series: Series, excludeIds: readonly number[], showClients: (appointmentId: number) => boolean): Promise<Overlap[]> {
  if (workerIds.length === 0) return [];
  const from = series.startDate;
  const last = lastDate(series);
  const horizon = addDays(from, OVERLAP_HORIZON_DAYS);
  const to = last !== null && last < horizon ? last : horizon;
  const proposed = expand(series, from, to);
  if (proposed.length === 0) return [];
  let query = db
    .selectFrom('appointments')
    .innerJoin('appointment_workers as w', 'w.appointment_id', 'appointments.id')
    .innerJoin('users', 'users.id', 'w.user_id')
    .innerJoin('clients', 'clients.id', 'appointments.client_id')
    .select([
      'appointments.id',
      'w.user_id',
      'users.name as worker_name',
      'clients.name_en',
      'clients.name_zh',
      ...SERIES_COLUMNS,
    ])
    .where('w.user_id', 'in', [...workerIds])
    .where('appointments.start_date', '<=', to)
    .where((eb) => eb.or([eb('appointments.last_date', 'is', null), eb('appointments.last_date', '>=', from)]));
  if (excludeIds.length > 0) query = query.where('appointments.id', 'not in', [...excludeIds]);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const canceled = new Set(
    (
      await db
        .selectFrom('appointment_visits')
        .select(['appointment_id', sql<string>`date::text`.as('day')])
        .where('appointment_id', 'in', [...new Set(rows.map((r) => r.id))])
        .where('status', '=', 'canceled')
        .where('date', '>=', from)
        .where('date', '<=', to)
        .execute()
    ).map((r) => `${r.appointment_id}:${r.day}`),
  );
  const out: Overlap[] = [];
  for (const row of rows) {
    const existing = expand(seriesOf(row), from, to).filter((o) => !canceled.has(`${row.id}:${o.date}`));
    for (const { existing: e } of findOverlaps(proposed, existing)) {
      out.push({
        workerId: row.user_id,
        workerName: row.worker_name,
        date: e.date,
        start: toHongKongIso(e.start),
        end: toHongKongIso(e.end),
        allDay: row.all_day,
        appointmentId: row.id,
        client: showClients(row.id) ? { nameEn: row.name_en, nameZh: row.name_zh } : null,
      });
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start) || a.workerId - b.workerId).slice(0, MAX_REPORTED);
}
