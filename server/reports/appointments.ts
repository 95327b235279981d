import { sql, type RawBuilder } from 'kysely';
import { err } from 'neverthrow';
import * as z from 'zod';
import { expand } from '../../domain/appointments/recurrence';
import { REPORT_STATUSES } from '../../domain/appointments/report';
import { APPOINTMENT_STATUSES } from '../../domain/appointments/status';
import { daysBetween, type IsoDate } from '../../domain/time/dates';
import { holidaysInRange, holidaySet, seesAll, seriesInRange, seriesOf } from '../appointments/store';
import { dbId, listReport, name, num, ReportBase, reportFailure, reportRange, sortValues, type ReportColumn, type ReportContext, type ReportResult, type Row } from './report';
import { clientSearch, clientSortName, filterNames, whereAll } from './filters';

/**
 * The appointment reports (spec /reports/appointments/…).
 *
 * Appointments: a recurring series is one row in the database and its visits are not rows at all,
 * so the visits of the range are first expanded by the calendar's own code (the series that can
 * touch the range, read with the calendar's visibility and filters, expanded by the domain's
 * recurrence rules with its month-end rule, exceptions and holidays). The visits are then handed to
 * PostgreSQL as two arrays (appointment, day) and everything else — the status of each visit, its
 * client, area, type and workers, the filters on them, the totals per status and per worker, the
 * sort and the page — is done there.
 *
 * Completed reports: straight SQL over appointment_visits, the visits that have a report.
 */

/** The longest range the appointment report expands at once. */
export const MAX_APPOINTMENT_REPORT_DAYS = 366;

const APPOINTMENT_COLUMNS: ReportColumn[] = [
  { key: 'date', kind: 'date', sortable: true },
  { key: 'time', kind: 'text', sortable: true },
  { key: 'client', kind: 'name', sortable: true },
  { key: 'address', kind: 'text' },
  { key: 'area', kind: 'name', sortable: true },
  { key: 'workers', kind: 'text', sortable: true },
  { key: 'appointmentType', kind: 'name', sortable: true },
  { key: 'status', kind: 'code', codes: 'appointmentStatus', sortable: true },
  { key: 'hours', kind: 'minutes', sortable: true },
];

export const AppointmentQuery = z.object({
  ...ReportBase,
  worker_id: dbId.optional(),
  area_id: dbId.optional(),
  client_id: dbId.optional(),
  /** A client's English or Chinese name. */
  q: z.string().trim().max(100).optional(),
  type: z.string().trim().max(60).optional(),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  sort: z.enum(sortValues(APPOINTMENT_COLUMNS)).default('date'),
});

/**
 * The hours a visit counts: its planned length; an all-day visit counts no hours (it is a day
 * blocked, not 24 hours of work) and is counted apart as an all-day visit.
 */
const HOURS_SQL = sql`(case when a.all_day then 0 else a.duration_minutes end)`;

/** The workers of an appointment, by name, as one text. */
const WORKER_NAMES = sql`(select string_agg(u.name, ', ' order by u.name) from appointment_workers w join users u on u.id = w.user_id where w.appointment_id = a.id)`;

export async function appointmentReport(ctx: ReportContext, f: z.output<typeof AppointmentQuery>): Promise<ReportResult> {
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
  if (daysBetween(range.from, range.to) + 1 > MAX_APPOINTMENT_REPORT_DAYS) return err(reportFailure('date_to', 'reports.appointmentRangeTooLong'));
  const { db } = ctx;
  const user = ctx.user;
  // 1. The visits of the range, by the calendar's code (what this user may see, with its filters).
  const [series, holidays] = await Promise.all([
    seriesInRange(db, user, range.from, range.to, { workerId: f.worker_id, branchId: f.branch_id, areaId: f.area_id, clientId: f.client_id }),
    holidaysInRange(db, range.from, range.to),
  ]);
  const ids: number[] = [];
  const dates: IsoDate[] = [];
  const days = holidaySet(holidays);
  for (const row of series) {
    for (const occurrence of expand(seriesOf(row), range.from, range.to, days)) {
      ids.push(row.id);
      dates.push(occurrence.date);
    }
  }
  // 2. Everything else in SQL over those visits.
  const conditions: RawBuilder<unknown>[] = [];
  if (f.type) conditions.push(sql`a.appointment_type = ${f.type}`);
  if (f.q) conditions.push(clientSearch(f.q, null));
  if (f.status) conditions.push(sql`coalesce(v.status, 'in_progress') = ${f.status}`);
  const visits = sql`unnest(${ids}::int[], ${dates}::date[]) as occ(appointment_id, day)`;
  const from = sql`from ${visits} join appointments a on a.id = occ.appointment_id join clients cl on cl.id = a.client_id
    left join appointment_visits v on v.appointment_id = occ.appointment_id and v.date = occ.day
    left join areas ar on ar.id = a.area_id
    left join options t on t.key = 'appointment_type' and t.value = a.appointment_type
    where ${whereAll(conditions)}`;
  const en = ctx.language === 'en';
  const status = sql`coalesce(v.status, 'in_progress')`;
  return listReport(ctx, {
    filename: 'appointment-report',
    columns: APPOINTMENT_COLUMNS,
    query: f,
    range,
    from,
    select: sql`a.id, occ.day::text as day, a.all_day, a.start_minute, a.duration_minutes, cl.name_en, cl.name_zh, a.address, ar.name_en as area_en, ar.name_zh as area_zh,
      ${WORKER_NAMES} as workers, a.appointment_type, t.label_en as type_en, t.label_zh as type_zh, ${status} as status`,
    totals: sql`count(*) as count, coalesce(sum(${HOURS_SQL}), 0) as minutes, count(*) filter (where a.all_day) as all_day`,
    sortSql: {
      date: sql`occ.day`,
      time: sql`(case when a.all_day then -1 else a.start_minute end)`,
      client: clientSortName(ctx.language),
      area: en ? sql`ar.name_en` : sql`ar.name_zh`,
      workers: WORKER_NAMES,
      appointmentType: en ? sql`coalesce(t.label_en, a.appointment_type)` : sql`coalesce(t.label_zh, a.appointment_type)`,
      status,
      hours: HOURS_SQL,
    },
    tieBreak: sql`occ.day, a.start_minute, a.id`,
    toRow: (r) => ({
      id: r.id,
      date: r.day,
      time: r.all_day === true ? '' : `${clock(num(r.start_minute))}–${clock(Math.min(1440, num(r.start_minute) + num(r.duration_minutes)))}`,
      allDay: r.all_day === true,
      client: name(r.name_en as string, r.name_zh as string),
      address: r.address ?? '',
      area: r.area_en === null ? null : name(r.area_en as string, r.area_zh as string),
      workers: r.workers ?? '',
      appointmentType: r.type_en === null ? (r.appointment_type ? name(r.appointment_type as string, r.appointment_type as string) : null) : name(r.type_en as string, r.type_zh as string),
      status: r.status,
      // An all-day visit has no hours (blank), see HOURS_SQL.
      hours: r.all_day === true ? null : num(r.duration_minutes),
    }),
    toTotals: (t) => ({ count: num(t.count), hours: num(t.minutes), allDay: num(t.all_day) }),
    extra: async () => {
      const byStatus = (await sql<Row>`select ${status} as status, count(*) as count ${from} group by 1`.execute(db)).rows;
      const byWorker = (
        await sql<Row>`select u.id, u.name, count(*) as visits, sum(${HOURS_SQL}) as minutes, count(*) filter (where a.all_day) as all_day,
            count(*) filter (where ${status} in ('ended', 'auditing', 'audited')) as done, count(*) filter (where ${status} = 'canceled') as canceled
          from ${visits} join appointments a on a.id = occ.appointment_id join clients cl on cl.id = a.client_id
            left join appointment_visits v on v.appointment_id = occ.appointment_id and v.date = occ.day
            join appointment_workers w on w.appointment_id = a.id join users u on u.id = w.user_id
          where ${whereAll(conditions)} group by u.id, u.name order by count(*) desc, u.name`.execute(db)
      ).rows;
      return {
        byStatus: APPOINTMENT_STATUSES.map((s) => ({ status: s, count: num(byStatus.find((r) => r.status === s)?.count) })),
        byWorker: byWorker.map((r) => ({ id: r.id, name: r.name, visits: num(r.visits), hours: num(r.minutes), allDay: num(r.all_day), done: num(r.done), canceled: num(r.canceled) })),
        seesAll: seesAll(user),
        filterNames: await filterNames(ctx.db, f),
      };
    },
  });
}

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

// ---------------------------------------------------------- completed reports

const REPORT_COLUMNS: ReportColumn[] = [
  { key: 'date', kind: 'date', sortable: true },
  { key: 'client', kind: 'name', sortable: true },
  { key: 'address', kind: 'text' },
  { key: 'workers', kind: 'text', sortable: true },
  { key: 'status', kind: 'code', codes: 'appointmentStatus', sortable: true },
  { key: 'workDone', kind: 'text' },
  { key: 'productsUsed', kind: 'count', sortable: true },
  { key: 'photos', kind: 'count', sortable: true },
  { key: 'clientSigned', kind: 'bool', sortable: true },
  { key: 'workerSigned', kind: 'bool', sortable: true },
  { key: 'reportedBy', kind: 'text', sortable: true },
];

export const CompletedQuery = z.object({
  ...ReportBase,
  worker_id: dbId.optional(),
  client_id: dbId.optional(),
  /** A client's English or Chinese name. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(REPORT_STATUSES).optional(),
  signed: z.enum(['both', 'missing']).optional(),
  sort: z.enum(sortValues(REPORT_COLUMNS)).default('-date'),
});

export async function completedReportReport(ctx: ReportContext, f: z.output<typeof CompletedQuery>): Promise<ReportResult> {
  const checked = reportRange(ctx.today, f);
  if (checked.isErr()) return err(checked.error);
  const range = checked.value;
  const user = ctx.user;
  // A visit has a completed report once it has been reported or has moved past "in progress".
  const conditions: RawBuilder<unknown>[] = [
    sql`v.date >= ${range.from}::date`,
    sql`v.date <= ${range.to}::date`,
    // Written as the partial index appointment_visits_reported (migration 0009) is, so it is used.
    sql`(v.reported_at is not null or v.status in (${sql.join(REPORT_STATUSES.map((s) => sql.lit(s)))}))`,
  ];
  if (f.branch_id) conditions.push(sql`a.branch_id = ${f.branch_id}`);
  if (f.client_id) conditions.push(sql`a.client_id = ${f.client_id}`);
  if (f.q) conditions.push(sql`exists (select 1 from clients cl where cl.id = a.client_id and ${clientSearch(f.q, null)})`);
  if (f.status) conditions.push(sql`v.status = ${f.status}`);
  if (f.signed === 'both') conditions.push(sql`v.client_signature is not null and v.worker_signature is not null`);
  if (f.signed === 'missing') conditions.push(sql`(v.client_signature is null or v.worker_signature is null)`);
  // Without appointment_view_all a user sees the reports of the appointments they work on, as in the calendar.
  const workers = [...new Set([f.worker_id, seesAll(user) ? undefined : user.id].filter((w): w is number => w !== undefined))];
  for (const worker of workers) conditions.push(sql`exists (select 1 from appointment_workers w where w.appointment_id = a.id and w.user_id = ${worker})`);
  const photos = sql`(select count(*) from attachments f where f.owner_type = 'report' and f.owner_id = v.id)`;
  const products = sql`jsonb_array_length(v.products_used)`;
  return listReport(ctx, {
    filename: 'completed-report-report',
    columns: REPORT_COLUMNS,
    query: f,
    range,
    from: sql`from appointment_visits v join appointments a on a.id = v.appointment_id left join clients cl on cl.id = a.client_id left join users rb on rb.id = v.reported_by where ${whereAll(conditions)}`,
    pageKey: sql`v.id`,
    select: sql`v.id, a.id as appointment_id, v.date::text as date, cl.name_en, cl.name_zh, a.address, ${WORKER_NAMES} as workers, v.status, v.work_done,
      ${products} as products_used, ${photos} as photos, v.client_signature is not null as client_signed, v.worker_signature is not null as worker_signed, rb.name as reported_by`,
    totals: sql`count(*) as count, coalesce(sum(${products}), 0) as products_used, coalesce(sum(${photos}), 0) as photos`,
    sortSql: {
      date: sql`v.date`,
      client: clientSortName(ctx.language),
      workers: WORKER_NAMES,
      status: sql`v.status`,
      productsUsed: products,
      photos,
      clientSigned: sql`(v.client_signature is not null)`,
      workerSigned: sql`(v.worker_signature is not null)`,
      reportedBy: sql`rb.name`,
    },
    notNullSort: ['date', 'status'],
    tieBreak: sql`v.id`,
    toRow: (r) => ({
      id: r.id,
      appointmentId: r.appointment_id,
      date: r.date,
      client: name(r.name_en as string, r.name_zh as string),
      address: r.address ?? '',
      workers: r.workers ?? '',
      status: r.status,
      workDone: r.work_done ?? '',
      productsUsed: num(r.products_used),
      photos: num(r.photos),
      clientSigned: r.client_signed === true,
      workerSigned: r.worker_signed === true,
      reportedBy: r.reported_by ?? '',
    }),
    toTotals: (t) => ({ count: num(t.count), productsUsed: num(t.products_used), photos: num(t.photos) }),
    extra: async () => {
      const t = (await sql<Row>`select count(*) filter (where v.client_signature is not null and v.worker_signature is not null) as signed,
          ${sql.join(REPORT_STATUSES.map((s) => sql`count(*) filter (where v.status = ${s}) as ${sql.ref(s)}`))}
        from appointment_visits v join appointments a on a.id = v.appointment_id join clients cl on cl.id = a.client_id where ${whereAll(conditions)}`.execute(ctx.db)).rows[0] ?? {};
      return {
        signed: num(t.signed),
        byStatus: REPORT_STATUSES.map((s) => ({ status: s, count: num(t[s]) })),
        seesAll: seesAll(user),
        filterNames: await filterNames(ctx.db, f),
      };
    },
  });
}
