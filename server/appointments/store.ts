import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import { hasPermission, WORKS_VISITS } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { expand, lastDate, type Occurrence, type Series, type SeriesEnd } from '../../domain/appointments/recurrence';
import type { AppointmentStatus } from '../../domain/appointments/status';
import { holidayDates } from '../../domain/hk/holidays';
import type { IsoDate } from '../../domain/time/dates';
import type { AppointmentTable, AppointmentVisitTable, Database } from '../db/schema';

/**
 * The domain's canWorkVisits in SQL, over `users`: an administrator, or a role holding WORKS_VISITS
 * (tests/server/appointments.test.ts holds it equal to the domain).
 */
export const worksVisits = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.or([
    eb('users.is_admin', '=', true),
    eb.exists(eb.selectFrom('role_permissions as rp').select(sql`1`.as('one')).whereRef('rp.role_id', '=', 'users.role_id').where('rp.permission', '=', WORKS_VISITS)),
  ]);

export type AppointmentRow = Selectable<AppointmentTable>;
export type VisitRow = Selectable<AppointmentVisitTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The domain's series of a stored row. */
export function seriesOf(row: Pick<AppointmentRow, 'start_date' | 'start_minute' | 'duration_minutes' | 'all_day' | 'recurrence' | 'end_kind' | 'end_count' | 'end_until' | 'exceptions'>): Series {
  const end: SeriesEnd =
    row.end_kind === 'count' ? { kind: 'count', count: row.end_count ?? 1 } : row.end_kind === 'until' ? { kind: 'until', until: row.end_until ?? row.start_date } : { kind: 'never' };
  return {
    startDate: row.start_date,
    startMinute: row.start_minute,
    durationMinutes: row.duration_minutes,
    allDay: row.all_day,
    recurrence: row.recurrence,
    end,
    exceptions: row.exceptions,
  };
}

/** The columns that hold a series (and its last day, for range queries). */
export function seriesColumns(series: Series) {
  return {
    start_date: series.startDate,
    start_minute: series.allDay ? 0 : series.startMinute,
    duration_minutes: series.allDay ? 1440 : series.durationMinutes,
    all_day: series.allDay,
    recurrence: JSON.stringify(series.recurrence),
    end_kind: series.end.kind,
    end_count: series.end.kind === 'count' ? series.end.count : null,
    end_until: series.end.kind === 'until' ? series.end.until : null,
    exceptions: JSON.stringify([...series.exceptions].sort()),
    last_date: lastDate(series),
  };
}

/** The columns `seriesOf` reads back into a series, the calendar dates read as text (never through a time zone). */
export const SERIES_COLUMNS = [
  sql<string>`appointments.start_date::text`.as('start_date'),
  'appointments.start_minute',
  'appointments.duration_minutes',
  'appointments.all_day',
  'appointments.recurrence',
  'appointments.end_kind',
  'appointments.end_count',
  sql<string | null>`appointments.end_until::text`.as('end_until'),
  'appointments.exceptions',
] as const;

/** Every column of a series row, the calendar dates read as text (never through a time zone). */
const ROW_COLUMNS = [
  'appointments.id',
  'appointments.client_id',
  'appointments.address',
  'appointments.area_id',
  'appointments.branch_id',
  'appointments.order_id',
  'appointments.appointment_type',
  'appointments.notes',
  ...SERIES_COLUMNS,
  sql<string | null>`appointments.last_date::text`.as('last_date'),
  'appointments.origin_id',
  'appointments.created_by',
  'appointments.created_at',
  'appointments.updated_at',
  'appointments.version',
] as const;

/** Whether the user sees every appointment, or only those they work on (see README: worker visibility). */
export const seesAll = (user: User): boolean => hasPermission(user, 'appointment_view_all');

/** The appointment row, when it exists and the user may see it. */
export async function visibleAppointment(db: Db, user: User, id: number): Promise<AppointmentRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  let query = db.selectFrom('appointments').select(ROW_COLUMNS).where('appointments.id', '=', id);
  if (!seesAll(user)) {
    query = query.where((eb) => eb.exists(eb.selectFrom('appointment_workers as w').select(sql`1`.as('one')).whereRef('w.appointment_id', '=', 'appointments.id').where('w.user_id', '=', user.id)));
  }
  return (await query.executeTakeFirst()) ?? null;
}

export interface RangeFilters {
  readonly workerId?: number | undefined;
  readonly branchId?: number | undefined;
  readonly areaId?: number | undefined;
  readonly clientId?: number | undefined;
}

/** The series that can have a visit between `from` and `to` (both included), filtered and limited to what the user sees. */
export async function seriesInRange(db: Db, user: User, from: IsoDate, to: IsoDate, filters: RangeFilters = {}): Promise<AppointmentRow[]> {
  let query = db
    .selectFrom('appointments')
    .select(ROW_COLUMNS)
    .where('start_date', '<=', to)
    .where((eb) => eb.or([eb('last_date', 'is', null), eb('last_date', '>=', from)]));
  if (filters.branchId) query = query.where('branch_id', '=', filters.branchId);
  if (filters.areaId) query = query.where('area_id', '=', filters.areaId);
  if (filters.clientId) query = query.where('client_id', '=', filters.clientId);
  const workers = [...new Set([filters.workerId, seesAll(user) ? undefined : user.id].filter((w): w is number => w !== undefined))];
  for (const workerId of workers) {
    query = query.where((eb) => eb.exists(eb.selectFrom('appointment_workers as w').select(sql`1`.as('one')).whereRef('w.appointment_id', '=', 'appointments.id').where('w.user_id', '=', workerId)));
  }
  return query.orderBy('start_minute').orderBy('id').execute();
}

/** Every series that can have a visit between `from` and `to` (both included), whoever works on it: the server's own work (reminders to customers). */
export function allSeriesInRange(db: Db, from: IsoDate, to: IsoDate): Promise<AppointmentRow[]> {
  return db
    .selectFrom('appointments')
    .select(ROW_COLUMNS)
    .where('start_date', '<=', to)
    .where((eb) => eb.or([eb('last_date', 'is', null), eb('last_date', '>=', from)]))
    .orderBy('start_minute')
    .orderBy('id')
    .execute();
}

/** The workers of each appointment, in the order they were named. */
export async function workersOf(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('appointment_workers').select(['appointment_id', 'user_id']).where('appointment_id', 'in', [...ids]).orderBy('appointment_id').orderBy('user_id').execute();
  for (const r of rows) (out.get(r.appointment_id) ?? out.set(r.appointment_id, []).get(r.appointment_id)!).push(r.user_id);
  return out;
}

/** Visits with state of their own between two days, keyed `${appointmentId}:${date}`. */
export async function visitsInRange(db: Db, ids: readonly number[], from: IsoDate, to: IsoDate): Promise<Map<string, Pick<VisitRow, 'id' | 'status' | 'version'>>> {
  const out = new Map<string, Pick<VisitRow, 'id' | 'status' | 'version'>>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('appointment_visits')
    .select(['id', 'appointment_id', sql<string>`date::text`.as('day'), 'status', 'version'])
    .where('appointment_id', 'in', [...ids])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  for (const r of rows) out.set(`${r.appointment_id}:${r.day}`, { id: r.id, status: r.status, version: r.version });
  return out;
}

/** A visit's status (`states` from visitsInRange): its own row's, or in progress while it has none. */
export function visitStatus(states: ReadonlyMap<string, Pick<VisitRow, 'status'>>, appointmentId: number, date: IsoDate): AppointmentStatus {
  return states.get(`${appointmentId}:${date}`)?.status ?? 'in_progress';
}

/** The holidays (Settings → Holidays) between two days. */
export async function holidaysInRange(db: Db, from: IsoDate, to: IsoDate) {
  const rows = await db.selectFrom('holidays').select([sql<string>`date::text`.as('day'), 'name_en', 'name_zh']).where('date', '>=', from).where('date', '<=', to).orderBy('date').execute();
  return rows.map((r) => ({ date: r.day, nameEn: r.name_en, nameZh: r.name_zh }));
}

export interface ExpandedVisit {
  readonly row: AppointmentRow;
  readonly occurrence: Occurrence;
  readonly status: AppointmentStatus;
}

/** Every visit of the rows between two days (the domain expands each series), with its status. */
export async function visitsBetween(db: Db, rows: readonly AppointmentRow[], from: IsoDate, to: IsoDate, holidays: ReadonlySet<IsoDate>): Promise<ExpandedVisit[]> {
  const states = await visitsInRange(
    db,
    rows.map((r) => r.id),
    from,
    to,
  );
  const out: ExpandedVisit[] = [];
  for (const row of rows) {
    for (const occurrence of expand(seriesOf(row), from, to, holidays)) {
      out.push({ row, occurrence, status: visitStatus(states, row.id, occurrence.date) });
    }
  }
  return out;
}

export const holidaySet = (holidays: readonly { date: IsoDate; nameEn: string; nameZh: string }[]): ReadonlySet<IsoDate> => holidayDates(holidays);

