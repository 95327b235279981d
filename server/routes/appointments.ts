import { Hono } from 'hono';
import { sql, type Kysely, type Transaction } from 'kysely';
import * as z from 'zod';
import { fileScope, hasPermission } from '../../domain/auth/permissions';
import { expand, occurrenceOn, seriesDates, toRRule, type Series } from '../../domain/appointments/recurrence';
import { APPOINTMENT_STATUSES, APPOINTMENT_TRANSITIONS, shownStatus, type AppointmentStatus } from '../../domain/appointments/status';
import { checkVisitTransition, isReportEditable } from '../../domain/appointments/report';
import { IMAGE_EXTENSIONS, sniffImageType, type ImageType } from '../../domain/files/image-type';
import { checkUploadSize } from '../../domain/files/upload';
import { addDays, daysBetween, hongKongDate, minuteToTime, toHongKongIso, type IsoDate } from '../../domain/time/dates';
import type { Database } from '../db/schema';
import { audit, fieldChanges } from '../audit';
import { randomToken } from '../auth/tokens';
import { translate } from '../i18n';
import { errorReply, fieldError } from '../http/errors';
import { uploadBody } from '../http/upload';
import type { AppContext, AppEnv } from '../http/env';
import { requirePermission } from '../http/permissions';
import { likePattern, parseQuery } from '../http/query';
import { parseJsonBody } from '../http/validate';
import { applyEdit, applyRemove, refusedOutcome, type EditRefusal } from '../appointments/edits';
import { CreateAppointment, isoDate, RangeQuery, MAX_RANGE_DAYS, RemoveAppointment, Reschedule, seriesFrom, times, UpdateAppointment, type FieldErrors, type AppointmentInput } from '../appointments/input';
import { overlapsFor } from '../appointments/overlaps';
import { holidaysInRange, holidaySet, seesAll, seriesColumns, seriesInRange, seriesOf, visibleAppointment, visitsBetween, workersOf, worksVisits, type AppointmentRow } from '../appointments/store';
import { fieldErrors } from '../http/fields';
import { activeOptions } from '../admin/lists/optionLists';
import { listAttachments } from './attachments';
import { INT_MAX } from '../db/limits';

const today = (c: AppContext): IsoDate => hongKongDate(c.var.deps.now());

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Active users with their calendar colour: those named (`onlyIds`, the workers of shown visits), or
 * else those who can be booked — who can work visits (domain canWorkVisits).
 */
async function workerOptions(c: AppContext, onlyIds?: readonly number[], db: Db = c.var.deps.db) {
  let query = db.selectFrom('users').select(['id', 'name', 'calendar_color', 'branch_id']).where('active', '=', true);
  query = onlyIds ? query.where('id', 'in', onlyIds.length > 0 ? [...onlyIds] : [-1]) : query.where(worksVisits);
  const rows = await query.orderBy('name').execute();
  return rows.map((u) => ({ id: u.id, name: u.name, color: u.calendar_color, branchId: u.branch_id }));
}

async function formOptions(c: AppContext) {
  const { db } = c.var.deps;
  const user = c.var.user!;
  const [workers, branches, areas, types] = await Promise.all([
    workerOptions(c),
    db.selectFrom('branches').select(['id', 'name_en', 'name_zh']).orderBy('id').execute(),
    db.selectFrom('areas').select(['id', 'name_en', 'name_zh']).orderBy('sort_order').execute(),
    db.selectFrom('options').select(['value', 'label_en', 'label_zh']).where('key', '=', 'appointment_type').where('active', '=', true).orderBy('sort_order').execute(),
  ]);
  return {
    workers,
    branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh })),
    areas: areas.map((a) => ({ id: a.id, nameEn: a.name_en, nameZh: a.name_zh })),
    types: types.map((t) => ({ value: t.value, labelEn: t.label_en, labelZh: t.label_zh })),
    statuses: APPOINTMENT_STATUSES,
    seesAll: seesAll(user),
  };
}

async function clientSummary(c: AppContext, id: number, db: Db = c.var.deps.db) {
  const row = await db.selectFrom('clients').select(['id', 'name_en', 'name_zh', 'branch_id']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const addresses = await db.selectFrom('client_addresses').select(['label', 'address', 'area_id']).where('client_id', '=', id).orderBy('sort_order').execute();
  return {
    id: row.id,
    code: `C${String(row.id).padStart(6, '0')}`,
    nameEn: row.name_en,
    nameZh: row.name_zh,
    branchId: row.branch_id,
    addresses: addresses.map((a) => ({ label: a.label, address: a.address, areaId: a.area_id })),
  };
}

/** Checks beyond the shape: the client, workers, area, branch and order exist (and the order is the client's and not void). */
async function checkReferences(c: AppContext, input: Pick<AppointmentInput, 'clientId' | 'workerIds' | 'areaId' | 'branchId'> & { orderId?: number | null }): Promise<FieldErrors> {
  const { db } = c.var.deps;
  const lang = c.var.language;
  const errors: FieldErrors = {};
  if (!(await db.selectFrom('clients').select('id').where('id', '=', input.clientId).executeTakeFirst())) errors.clientId = [translate(lang, 'appointments.unknownClient')];
  const workers = input.workerIds.length === 0 ? [] : await db.selectFrom('users').select('id').where('id', 'in', input.workerIds).where('active', '=', true).where(worksVisits).execute();
  if (workers.length !== new Set(input.workerIds).size) errors.workerIds = [translate(lang, 'appointments.unknownWorker')];
  if (input.areaId !== null && !(await db.selectFrom('areas').select('id').where('id', '=', input.areaId).executeTakeFirst())) errors.areaId = [translate(lang, 'validation.invalid')];
  if (input.branchId !== null && !(await db.selectFrom('branches').select('id').where('id', '=', input.branchId).executeTakeFirst())) errors.branchId = [translate(lang, 'validation.invalid')];
  if (input.orderId) {
    const order = await db.selectFrom('orders').select(['id', 'client_id', 'voided']).where('id', '=', input.orderId).executeTakeFirst();
    if (!order || order.voided) errors.orderId = [translate(lang, 'validation.invalid')];
    else if (order.client_id !== input.clientId) errors.orderId = [translate(lang, 'appointments.orderOtherClient')];
  }
  return errors;
}

/** Who the user may see as the client of another appointment (in a double-booking warning). */
async function clientVisibility(c: AppContext): Promise<(appointmentId: number) => boolean> {
  const user = c.var.user!;
  if (seesAll(user)) return () => true;
  const mine = await c.var.deps.db.selectFrom('appointment_workers').select('appointment_id').where('user_id', '=', user.id).execute();
  const ids = new Set(mine.map((r) => r.appointment_id));
  return (id) => ids.has(id);
}

async function overlapsOf(c: AppContext, workerIds: readonly number[], series: Series, excludeIds: readonly number[]) {
  return overlapsFor(c.var.deps.db, workerIds, series, excludeIds, await clientVisibility(c));
}

function refusalReply(c: AppContext, refusal: EditRefusal) {
  switch (refusal) {
    case 'conflict':
      return errorReply(c, 409, 'errors.conflict');
    case 'notAnOccurrence':
      return fieldError(c, 'occurrence', 'appointments.notAnOccurrence');
    case 'visitHasState':
      return errorReply(c, 422, 'appointments.hasReport');
  }
}

/** The day an appointment's screen shows when the address names none: the next visit, else the last one. */
function defaultVisit(series: Series, from: IsoDate): IsoDate | null {
  const skip = new Set(series.exceptions);
  let last: IsoDate | null = null;
  for (const { date } of seriesDates(series)) {
    if (skip.has(date)) continue;
    if (date >= from) return date;
    last = date;
  }
  return last;
}

const dataUrl = (bytes: Uint8Array | null): string | null => {
  if (!bytes || bytes.length === 0) return null;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(binary)}`;
};

async function visitRow(c: AppContext, appointmentId: number, date: IsoDate, db: Kysely<Database> | Transaction<Database> = c.var.deps.db) {
  return db
    .selectFrom('appointment_visits')
    .leftJoin('users as signer', 'signer.id', 'appointment_visits.worker_signer_id')
    .leftJoin('users as reporter', 'reporter.id', 'appointment_visits.reported_by')
    .selectAll('appointment_visits')
    .select(['signer.name as worker_signer', 'reporter.name as reporter'])
    .where('appointment_id', '=', appointmentId)
    .where('date', '=', date)
    .executeTakeFirst();
}

/** The completed report of a visit as the report tab and its print show it. */
async function reportOf(c: AppContext, row: AppointmentRow, date: IsoDate) {
  const visit = await visitRow(c, row.id, date);
  const products = visit?.products_used ?? [];
  const productRows =
    products.length > 0
      ? await c.var.deps.db
          .selectFrom('products')
          .select(['id', 'code', 'name_en', 'name_zh', 'unit'])
          .where(
            'id',
            'in',
            products.map((p) => p.productId),
          )
          .execute()
      : [];
  const status: AppointmentStatus = visit?.status ?? 'in_progress';
  const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    visitId: visit?.id ?? null,
    version: visit?.version ?? 0,
    status,
    editable: isReportEditable(status),
    workDone: visit?.work_done ?? '',
    findings: visit?.findings ?? '',
    productsUsed: products.map((p) => {
      const product = productRows.find((r) => r.id === p.productId);
      return { productId: p.productId, quantity: p.quantity, note: p.note, code: product?.code ?? '', nameEn: product?.name_en ?? '', nameZh: product?.name_zh ?? '', unit: product?.unit ?? '' };
    }),
    clientSignature: dataUrl(visit?.client_signature ?? null),
    clientSigner: visit?.client_signer ?? '',
    clientSignedAt: iso(visit?.client_signed_at),
    workerSignature: dataUrl(visit?.worker_signature ?? null),
    workerSigner: visit?.worker_signer ?? null,
    workerSignerId: visit?.worker_signer_id ?? null,
    workerSignedAt: iso(visit?.worker_signed_at),
    reportedBy: visit?.reporter ?? null,
    reportedAt: iso(visit?.reported_at),
    photos: visit ? (await listAttachments(c, 'report', visit.id)).map((p) => ({ ...p, downloadUrl: `/api/appointments/${row.id}/photos/${p.id}` })) : [],
  };
}

/** The linked order's summary, read straight from the orders table (issue 7 owns the order screens). */
async function orderSummary(c: AppContext, orderId: number | null) {
  if (orderId === null) return null;
  const order = await c.var.deps.db.selectFrom('orders').select(['id', 'number', sql<string>`date::text`.as('date'), 'total', 'paid', 'voided']).where('id', '=', orderId).executeTakeFirst();
  return order ? { id: order.id, number: order.number, date: order.date, total: order.total, paid: order.paid, voided: order.voided } : null;
}

/** The orders (invoices) an appointment of a client may be linked to: the client's orders that are not void, newest first. */
async function linkableOrders(c: AppContext, clientId: number) {
  const rows = await c.var.deps.db
    .selectFrom('orders')
    .select(['id', 'number', sql<string>`date::text`.as('date'), 'total', 'paid', 'voided'])
    .where('client_id', '=', clientId)
    .where('voided', '=', false)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((o) => ({ id: o.id, number: o.number, date: o.date, total: o.total, paid: o.paid, voided: o.voided }));
}

/** The appointment (the series) as the screens show it. */
async function appointmentDetail(c: AppContext, row: AppointmentRow, db: Db = c.var.deps.db) {
  const series = seriesOf(row);
  const workerIds = (await workersOf(db, [row.id])).get(row.id) ?? [];
  const [client, workers, area, branch] = await Promise.all([
    clientSummary(c, row.client_id, db),
    workerOptions(c, workerIds, db),
    row.area_id === null ? null : db.selectFrom('areas').select(['name_en', 'name_zh']).where('id', '=', row.area_id).executeTakeFirst(),
    row.branch_id === null ? null : db.selectFrom('branches').select(['name_en', 'name_zh']).where('id', '=', row.branch_id).executeTakeFirst(),
  ]);
  const r = series.recurrence;
  return {
    id: row.id,
    clientId: row.client_id,
    client,
    address: row.address,
    areaId: row.area_id,
    area: area ? { nameEn: area.name_en, nameZh: area.name_zh } : null,
    branchId: row.branch_id,
    branch: branch ? { nameEn: branch.name_en, nameZh: branch.name_zh } : null,
    orderId: row.order_id,
    appointmentType: row.appointment_type,
    notes: row.notes,
    workerIds,
    workers,
    date: series.startDate,
    startTime: minuteToTime(series.startMinute),
    endTime: minuteToTime(Math.min(1440, series.startMinute + series.durationMinutes)),
    allDay: series.allDay,
    recurrence: { freq: r.freq, ...(r.freq === 'monthly_weekday' ? { week: r.week } : {}) },
    end: series.end,
    exceptions: series.exceptions,
    recurring: r.freq !== 'once',
    rrule: toRRule(series),
    lastDate: row.last_date,
    version: row.version,
  };
}

const DetailQuery = z.object({ tab: z.enum(['appointment', 'invoice', 'report']).default('appointment'), date: isoDate.optional() });
const CreateQuery = z.object({ date: isoDate.optional(), client_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
const ClientSearch = z.object({ q: z.string().trim().max(100).default('') });
const ClientOrdersQuery = z.object({ client_id: z.coerce.number().int().positive().max(2_147_483_647) });
const OverlapCheck = z.object({
  workerIds: z.array(z.number().int().positive().max(2_147_483_647)).max(20),
  excludeId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  ...CreateAppointment.pick({ date: true, startTime: true, endTime: true, allDay: true, recurrence: true, end: true }).shape,
});
const StatusChange = z.object({
  status: z.enum(APPOINTMENT_STATUSES),
  version: z.number().int().min(0).max(INT_MAX),
  /** Why the visit is canceled (only with status canceled): a cancellation_reason option's words or typed; optional. */
  reason: z.string().trim().max(500).default(''),
  /** Completing a visit dated after today needs this, once the person has been warned (issue 18). */
  confirmFuture: z.boolean().default(false),
});
const ReportInput = z.object({
  workDone: z.string().trim().max(5000).default(''),
  findings: z.string().trim().max(5000).default(''),
  productsUsed: z
    .array(z.object({ productId: z.number().int().positive().max(2_147_483_647), quantity: z.number().int().min(1).max(1_000_000), note: z.string().trim().max(200).default('') }))
    .max(50)
    .default([]),
  clientSigner: z.string().trim().max(120).default(''),
  version: z.number().int().min(0).max(INT_MAX),
});
const OrderLink = z.object({ orderId: z.number().int().positive().max(2_147_483_647).nullable(), version: z.number().int().positive().max(INT_MAX).optional() });

/**
 * The version of a visit's row as ensureVisit makes it. An edit of a visit that had no row (the
 * caller saw version 0) must find the row still at this version: if another request made and
 * changed it meanwhile, the edit is stale (409), not a second winner.
 */
const NEW_VISIT_VERSION = 1;

/** Rolls back a visit's change that met a newer version (the route answers 409). */
class VisitConflict extends Error {}
const visitConflictAsNull = (error: unknown): null => {
  if (error instanceof VisitConflict) return null;
  throw error;
};

/** Creates the visit's row (state of its own) when it has none; the visit must be one of the series. */
async function ensureVisit(c: AppContext, row: AppointmentRow, date: IsoDate, tx: Transaction<Database>) {
  const { now } = c.var.deps;
  await tx
    .insertInto('appointment_visits')
    .values({ appointment_id: row.id, date, created_at: now(), updated_at: now() })
    .onConflict((oc) => oc.columns(['appointment_id', 'date']).doNothing())
    .execute();
  return (await visitRow(c, row.id, date, tx))!;
}

/** The appointment and visit a /visits/:date route names, when the user may see them. */
async function visitTarget(c: AppContext) {
  const row = await visibleAppointment(c.var.deps.db, c.var.user!, Number(c.req.param('id')));
  const date = c.req.param('date') ?? '';
  if (!row || !isoDate.safeParse(date).success) return null;
  const series = seriesOf(row);
  if (!occurrenceOn(series, date) || series.exceptions.includes(date)) return null;
  return { row, date };
}

/**
 * Appointments (spec /calendar…, /api/appointments…): the calendar's visits for a range, create,
 * edit and delete with "this one only" / "this and future ones", double-booking warnings, the
 * appointment, invoice and completed-report tabs, visit status, reports, signatures and photos.
 */
export function appointmentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const upload = uploadBody;

  /** The visits between start (included) and end (excluded), the server expanding each series. */
  routes.get('/appointments', ...requirePermission('appointment_view'), async (c) => {
    const query = parseQuery(c, RangeQuery);
    if (query.isErr()) return query.error;
    const { start, end, worker_id, branch_id, area_id, status } = query.value;
    const from = start;
    const to = addDays(end, -1);
    if (to < from) return fieldError(c, 'end', 'appointments.rangeOrder');
    if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) return fieldError(c, 'end', 'appointments.rangeTooLong');
    const { db } = c.var.deps;
    const user = c.var.user!;
    const [rows, holidays] = await Promise.all([seriesInRange(db, user, from, to, { workerId: worker_id, branchId: branch_id, areaId: area_id }), holidaysInRange(db, from, to)]);
    let visits = await visitsBetween(db, rows, from, to, holidaySet(holidays));
    if (status) visits = visits.filter((v) => v.status === status);
    visits.sort((a, b) => a.occurrence.start.getTime() - b.occurrence.start.getTime() || a.row.id - b.row.id);
    const ids = [...new Set(visits.map((v) => v.row.id))];
    const [workers, clients, areas] = await Promise.all([
      workersOf(db, ids),
      ids.length === 0 ? [] : db.selectFrom('clients').select(['id', 'name_en', 'name_zh']).where('id', 'in', [...new Set(visits.map((v) => v.row.client_id))]).execute(),
      db.selectFrom('areas').select(['id', 'name_en', 'name_zh']).execute(),
    ]);
    const clientById = new Map(clients.map((cl) => [cl.id, { nameEn: cl.name_en, nameZh: cl.name_zh }]));
    const areaById = new Map(areas.map((a) => [a.id, { nameEn: a.name_en, nameZh: a.name_zh }]));
    const workerIds = [...new Set([...workers.values()].flat())];
    return c.json({
      events: visits.map(({ row, occurrence: o, status: s }) => ({
        id: `${row.id}:${o.date}`,
        appointmentId: row.id,
        date: o.date,
        start: row.all_day ? o.date : toHongKongIso(o.start),
        end: row.all_day ? addDays(o.date, 1) : toHongKongIso(o.end),
        allDay: row.all_day,
        client: clientById.get(row.client_id) ?? null,
        area: row.area_id === null ? null : (areaById.get(row.area_id) ?? null),
        workerIds: workers.get(row.id) ?? [],
        status: s,
        shownStatus: shownStatus(s, o.start, c.var.deps.now()),
        onHoliday: o.onHoliday,
        recurring: row.recurrence.freq !== 'once',
        version: row.version,
      })),
      holidays,
      workers: await workerOptions(c, workerIds),
    });
  });

  /** What the calendar's filters offer: workers (only oneself without appointment_view_all), branches, areas, statuses. */
  routes.get('/appointments/filters', ...requirePermission('appointment_view'), async (c) => {
    const options = await formOptions(c);
    const user = c.var.user!;
    return c.json({ ...options, workers: options.seesAll ? options.workers : options.workers.filter((w) => w.id === user.id) });
  });

  routes.get('/appointments/create', ...requirePermission('appointment_create'), async (c) => {
    const query = parseQuery(c, CreateQuery);
    if (query.isErr()) return query.error;
    const user = c.var.user!;
    const client = query.value.client_id ? await clientSummary(c, query.value.client_id) : null;
    return c.json({
      options: await formOptions(c),
      defaults: { date: query.value.date ?? today(c), branchId: client?.branchId ?? user.branchId, client },
    });
  });

  /** Clients to book, by either name, code or phone (the form's client search). */
  routes.get('/appointments/clients', ...requirePermission('appointment_view'), async (c) => {
    const query = parseQuery(c, ClientSearch);
    if (query.isErr()) return query.error;
    const { q } = query.value;
    let base = c.var.deps.db.selectFrom('clients').select(['id']);
    if (q) {
      const pattern = likePattern(q);
      const digits = q.replace(/[^\d]/g, '');
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(clients.name_en)`, 'like', pattern),
          eb(sql`lower(clients.name_zh)`, 'like', pattern),
          ...(/^c?\d{1,9}$/i.test(q) ? [eb('clients.id', '=', Number(q.replace(/^c/i, '')))] : []),
          ...(digits.length >= 3 ? [eb.exists(eb.selectFrom('client_contacts').select(sql`1`.as('one')).whereRef('client_contacts.client_id', '=', 'clients.id').where(sql`client_contacts.phones::text`, 'like', `%${digits}%`))] : []),
        ]),
      );
    }
    const rows = await base.orderBy('id', 'desc').limit(20).execute();
    const items = [];
    for (const r of rows) {
      const summary = await clientSummary(c, r.id);
      if (summary) items.push(summary);
    }
    return c.json({ items });
  });

  /**
   * The orders (invoices) of a client that an appointment may be linked to, for the form's order
   * picker. Orders are what is read, so order_view guards it (as it guards /api/orders?client_id=).
   */
  routes.get('/appointments/orders', ...requirePermission('order_view'), async (c) => {
    const query = parseQuery(c, ClientOrdersQuery);
    if (query.isErr()) return query.error;
    return c.json({ items: await linkableOrders(c, query.value.client_id) });
  });

  /** Double-booking check of a schedule for some workers, before saving. */
  routes.post('/appointments/overlaps', ...requirePermission('appointment_view', 'read'), async (c) => {
    const body = await parseJsonBody(c, OverlapCheck);
    if (body.isErr()) return body.error;
    const series = seriesFrom(c, body.value);
    if (series.isErr()) return fieldErrors(c, series.error);
    return c.json({ overlaps: await overlapsOf(c, body.value.workerIds, series.value, body.value.excludeId ? [body.value.excludeId] : []) });
  });

  routes.post('/appointments', ...requirePermission('appointment_create'), async (c) => {
    const body = await parseJsonBody(c, CreateAppointment);
    if (body.isErr()) return body.error;
    const input = body.value;
    // Linking an order reads it (its client, whether it is void), so it needs order_view.
    if (input.orderId !== null && !hasPermission(c.var.user, 'order_view')) return errorReply(c, 403, 'auth.forbidden');
    const series = seriesFrom(c, input);
    const errors = { ...(await checkReferences(c, input)), ...(series.isErr() ? series.error : {}) };
    if (Object.keys(errors).length > 0 || series.isErr()) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const user = c.var.user!;
    const id = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('appointments')
        .values({
          client_id: input.clientId,
          address: input.address,
          area_id: input.areaId,
          branch_id: input.branchId ?? user.branchId,
          order_id: input.orderId,
          appointment_type: input.appointmentType,
          notes: input.notes,
          ...seriesColumns(series.value),
          created_by: user.id,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('appointment_workers')
        .values([...new Set(input.workerIds)].map((user_id) => ({ appointment_id: row.id, user_id })))
        .execute();
      await audit(c, { action: 'create', entityType: 'appointment', entityId: row.id, changes: { clientId: input.clientId, workerIds: input.workerIds, rrule: toRRule(series.value), orderId: input.orderId } }, tx);
      return row.id;
    });
    return c.json({ appointment: { id, date: input.date }, overlaps: await overlapsOf(c, input.workerIds, series.value, [id]) }, 201);
  });

  routes.get('/appointments/:id{[0-9]{1,9}}', ...requirePermission('appointment_view'), async (c) => {
    const query = parseQuery(c, DetailQuery);
    if (query.isErr()) return query.error;
    const { db } = c.var.deps;
    const row = await visibleAppointment(db, c.var.user!, Number(c.req.param('id')));
    if (!row) return errorReply(c, 404, 'errors.notFound');
    const series = seriesOf(row);
    const { tab } = query.value;
    let date = query.value.date ?? null;
    if (date === null && tab === 'report') {
      const reported = await db
        .selectFrom('appointment_visits')
        .select(sql<string>`date::text`.as('day'))
        .where('appointment_id', '=', row.id)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst();
      date = reported?.day ?? null;
    }
    date ??= defaultVisit(series, today(c));
    if (date === null || !occurrenceOn(series, date) || series.exceptions.includes(date)) return errorReply(c, 404, 'errors.notFound');
    const holidays = await holidaysInRange(db, date, date);
    const occurrence = expand(series, date, date, holidaySet(holidays))[0]!;
    const visit = await db.selectFrom('appointment_visits').select(['status', 'version', 'cancel_reason']).where('appointment_id', '=', row.id).where('date', '=', date).executeTakeFirst();
    const status: AppointmentStatus = visit?.status ?? 'in_progress';
    const appointment = await appointmentDetail(c, row);
    const mayCancel = hasPermission(c.var.user, 'appointment_edit') && APPOINTMENT_TRANSITIONS[status].includes('canceled');
    return c.json({
      appointment,
      occurrence: {
        date,
        index: occurrence.index,
        start: toHongKongIso(occurrence.start),
        end: toHongKongIso(occurrence.end),
        onHoliday: occurrence.onHoliday,
        holiday: holidays[0] ?? null,
        status,
        shownStatus: shownStatus(status, occurrence.start, c.var.deps.now()),
        visitVersion: visit?.version ?? 0,
        transitions: APPOINTMENT_TRANSITIONS[status],
        cancelReason: visit?.cancel_reason ?? '',
      },
      // The usual reasons a cancellation offers (Settings → Options), when this user may cancel this visit.
      ...(mayCancel ? { cancellationReasons: await activeOptions(db, 'cancellation_reason') } : {}),
      tab,
      ...(tab === 'appointment' ? { options: await formOptions(c) } : {}),
      // Orders are read with order_view only: without it the tab says whether an invoice is linked, never which.
      ...(tab === 'invoice'
        ? hasPermission(c.var.user, 'order_view')
          ? { order: await orderSummary(c, row.order_id), orders: await linkableOrders(c, row.client_id) }
          : { order: null, orderHidden: row.order_id !== null }
        : {}),
      ...(tab === 'report'
        ? {
            report: await reportOf(c, row, date),
            products: (await db.selectFrom('products').select(['id', 'code', 'name_en', 'name_zh', 'unit']).where('active', '=', true).orderBy('code').execute()).map((p) => ({
              id: p.id,
              code: p.code,
              nameEn: p.name_en,
              nameZh: p.name_zh,
              unit: p.unit,
            })),
            company: await db.selectFrom('companies').select(['name_en as nameEn', 'name_zh as nameZh', 'address_en as addressEn', 'address_zh as addressZh', 'phone']).orderBy('id').limit(1).executeTakeFirst() ?? null,
          }
        : {}),
    });
  });

  /** Edit from the form: every field, for this visit only or for this and future visits. */
  routes.put('/appointments/:id{[0-9]{1,9}}', ...requirePermission('appointment_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateAppointment);
    if (body.isErr()) return body.error;
    const input = body.value;
    const { db, now } = c.var.deps;
    const user = c.var.user!;
    const row = await visibleAppointment(db, user, Number(c.req.param('id')));
    if (!row) return errorReply(c, 404, 'errors.notFound');
    const proposed = seriesFrom(c, input);
    const errors = { ...(await checkReferences(c, input)), ...(proposed.isErr() ? proposed.error : {}) };
    if (Object.keys(errors).length > 0 || proposed.isErr()) return fieldErrors(c, errors);
    const before = await appointmentDetail(c, row);
    const { startDate, startMinute, durationMinutes, allDay, recurrence, end } = proposed.value;
    // The edit and its audit line in one transaction; a refusal met half-way rolls all of it back.
    const outcome = await db
      .transaction()
      .execute(async (tx) => {
        const done = await applyEdit(
          tx,
          row,
          seriesOf(row),
          {
            occurrence: input.occurrence,
            scope: input.scope,
            version: input.version,
            schedule: { startDate, startMinute, durationMinutes, allDay },
            rule: { recurrence, end },
            fields: { clientId: input.clientId, address: input.address, areaId: input.areaId, branchId: input.branchId, appointmentType: input.appointmentType, notes: input.notes, workerIds: input.workerIds },
          },
          user.id,
          now(),
        );
        if (!done.ok) return done;
        const changed = (await visibleAppointment(tx, user, done.id)) ?? row;
        const after = await appointmentDetail(c, changed, tx);
        await audit(
          c,
          {
            action: 'update',
            entityType: 'appointment',
            entityId: row.id,
            changes: { scope: { from: null, to: input.scope }, occurrence: { from: input.occurrence, to: done.date }, result: { from: row.id, to: done.id }, ...fieldChanges(before, after, ['clientId', 'address', 'areaId', 'branchId', 'orderId', 'appointmentType', 'notes', 'workerIds', 'date', 'startTime', 'endTime', 'allDay', 'recurrence', 'end']) },
          },
          tx,
        );
        return done;
      })
      .catch(refusedOutcome);
    if (!outcome.ok) return refusalReply(c, outcome.refusal);
    return c.json({ appointment: { id: outcome.id, date: outcome.date }, overlaps: await overlapsOf(c, input.workerIds, outcome.series, outcome.touched) });
  });

  /** Drag and drop or resize in the calendar: a visit's new day and times, with the same choice of scope. */
  routes.post('/appointments/:id{[0-9]{1,9}}/reschedule', ...requirePermission('appointment_edit', 'update'), async (c) => {
    const body = await parseJsonBody(c, Reschedule);
    if (body.isErr()) return body.error;
    const input = body.value;
    const { db, now } = c.var.deps;
    const user = c.var.user!;
    const row = await visibleAppointment(db, user, Number(c.req.param('id')));
    if (!row) return errorReply(c, 404, 'errors.notFound');
    const t = times(c, input);
    if (t.isErr()) return fieldErrors(c, t.error);
    const outcome = await db
      .transaction()
      .execute(async (tx) => {
        const done = await applyEdit(tx, row, seriesOf(row), { occurrence: input.occurrence, scope: input.scope, version: input.version, schedule: { startDate: input.date, ...t.value, allDay: input.allDay } }, user.id, now());
        if (!done.ok) return done;
        await audit(
          c,
          {
            action: 'reschedule',
            entityType: 'appointment',
            entityId: row.id,
            changes: { scope: input.scope, occurrence: { from: input.occurrence, to: done.date }, time: { from: minuteToTime(row.start_minute), to: input.allDay ? null : input.startTime }, result: done.id },
          },
          tx,
        );
        return done;
      })
      .catch(refusedOutcome);
    if (!outcome.ok) return refusalReply(c, outcome.refusal);
    const workerIds = (await workersOf(db, [outcome.id])).get(outcome.id) ?? [];
    return c.json({ appointment: { id: outcome.id, date: outcome.date }, overlaps: await overlapsOf(c, workerIds, outcome.series, outcome.touched) });
  });

  routes.delete('/appointments/:id{[0-9]{1,9}}', ...requirePermission('appointment_delete'), async (c) => {
    const body = await parseJsonBody(c, RemoveAppointment);
    if (body.isErr()) return body.error;
    const { db, now } = c.var.deps;
    const row = await visibleAppointment(db, c.var.user!, Number(c.req.param('id')));
    if (!row) return errorReply(c, 404, 'errors.notFound');
    const outcome = await db
      .transaction()
      .execute(async (tx) => {
        const done = await applyRemove(tx, row, seriesOf(row), body.value, now());
        if (done.ok) await audit(c, { action: 'delete', entityType: 'appointment', entityId: row.id, changes: { scope: body.value.scope, occurrence: body.value.occurrence, seriesDeleted: done.deleted, rrule: toRRule(seriesOf(row)) } }, tx);
        return done;
      })
      .catch(refusedOutcome);
    if (!outcome.ok) return refusalReply(c, outcome.refusal);
    return c.json({ deleted: outcome.deleted });
  });

  /**
   * Links an existing order (invoice) to the appointment, or unlinks it (null). For the order
   * screens: `version` is checked when given. Needs order_view besides appointment_edit, as the
   * order is read (and shown in the reply).
   */
  routes.put('/appointments/:id{[0-9]{1,9}}/order', ...requirePermission('appointment_edit'), async (c) => {
    const { db, now } = c.var.deps;
    const row = await visibleAppointment(db, c.var.user!, Number(c.req.param('id')));
    if (!row) return errorReply(c, 404, 'errors.notFound');
    // Linking reads the order (and the reply shows its number, total and paid): order_view, as the picker needs.
    if (!hasPermission(c.var.user, 'order_view')) return errorReply(c, 403, 'auth.forbidden');
    const body = await parseJsonBody(c, OrderLink);
    if (body.isErr()) return body.error;
    const { orderId, version } = body.value;
    if (orderId !== null) {
      const errors = await checkReferences(c, { clientId: row.client_id, workerIds: [], areaId: null, branchId: null, orderId });
      if (errors.orderId) return fieldErrors(c, { orderId: errors.orderId });
    }
    // The link and its audit line in one transaction: both kept, or neither.
    const updated = await db.transaction().execute(async (tx) => {
      let update = tx
        .updateTable('appointments')
        .set((eb) => ({ order_id: orderId, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', row.id);
      if (version !== undefined) update = update.where('version', '=', version);
      const done = await update.returning('version').executeTakeFirst();
      if (done) await audit(c, { action: 'update', entityType: 'appointment', entityId: row.id, changes: { orderId: { from: row.order_id, to: orderId } } }, tx);
      return done;
    });
    if (!updated) return errorReply(c, 409, 'errors.conflict');
    return c.json({ appointment: { id: row.id, orderId, version: updated.version }, order: await orderSummary(c, orderId) });
  });

  /** A visit's status, by the domain's transitions (ending needs a complete report). */
  routes.post('/appointments/:id{[0-9]{1,9}}/visits/:date/status', ...requirePermission('appointment_edit', 'update'), async (c) => {
    const body = await parseJsonBody(c, StatusChange);
    if (body.isErr()) return body.error;
    const target = await visitTarget(c);
    if (!target) return errorReply(c, 404, 'errors.notFound');
    const { db, now } = c.var.deps;
    const existing = await visitRow(c, target.row.id, target.date);
    if ((existing?.version ?? 0) !== body.value.version) return errorReply(c, 409, 'errors.conflict');
    const from: AppointmentStatus = existing?.status ?? 'in_progress';
    const to = body.value.status;
    const lang = c.var.language;
    const reason = to === 'canceled' ? body.value.reason : '';
    if (body.value.reason !== '' && to !== 'canceled') return fieldErrors(c, { reason: [translate(lang, 'appointments.cancelReasonOnlyWhenCanceling')] });
    const checked = checkVisitTransition(from, to, {
      workDone: existing?.work_done ?? '',
      findings: existing?.findings ?? '',
      productsUsed: existing?.products_used ?? [],
      clientSigned: Boolean(existing?.client_signature?.length),
      workerSigned: Boolean(existing?.worker_signature?.length),
    });
    if (checked.isErr()) {
      const e = checked.error;
      if (e.code === 'statusTransition') {
        const message = translate(lang, 'appointments.statusTransition', { from: translate(lang, `appointments.status.${from}`), to: translate(lang, `appointments.status.${to}`) });
        return c.json({ message, errors: { status: [message] } }, 422);
      }
      if (e.code === 'reportIncomplete') {
        const key = { workDone: 'appointments.workDoneRequired', clientSignature: 'appointments.clientSignatureRequired', workerSignature: 'appointments.workerSignatureRequired' } as const;
        return fieldErrors(c, Object.fromEntries(e.missing.map((part) => [part, [translate(lang, key[part])]])));
      }
      return errorReply(c, 422, 'appointments.reportLocked');
    }
    // A visit is completed on or after its day: one dated later is completed only when confirmed.
    if (to === 'ended' && target.date > today(c) && !body.value.confirmFuture) {
      return fieldErrors(c, { confirmFuture: [translate(lang, 'appointments.futureVisit', { date: target.date })] });
    }
    // The visit's row (made when it has none), its change and the audit line: all kept, or none.
    const updated = await db.transaction().execute(async (tx) => {
      const visit = existing ?? (await ensureVisit(c, target.row, target.date, tx));
      const row = await tx
        .updateTable('appointment_visits')
        .set((eb) => ({ status: to, ...(to === 'canceled' ? { cancel_reason: reason } : {}), updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', visit.id)
        .where('version', '=', existing?.version ?? NEW_VISIT_VERSION)
        .returning(['version', 'cancel_reason'])
        .executeTakeFirst();
      if (!row) throw new VisitConflict();
      const changes = { date: target.date, status: { from, to }, ...(to === 'canceled' ? { cancelReason: reason } : {}) };
      await audit(c, { action: 'status', entityType: 'appointment', entityId: target.row.id, changes }, tx);
      return row;
    }).catch(visitConflictAsNull);
    if (!updated) return errorReply(c, 409, 'errors.conflict');
    return c.json({ status: to, visitVersion: updated.version, transitions: APPOINTMENT_TRANSITIONS[to], cancelReason: updated.cancel_reason });
  });

  /** The completed report's words and products (signatures and photos have their own calls). */
  routes.put('/appointments/:id{[0-9]{1,9}}/visits/:date/report', ...requirePermission('appointment_edit'), async (c) => {
    const body = await parseJsonBody(c, ReportInput);
    if (body.isErr()) return body.error;
    const target = await visitTarget(c);
    if (!target) return errorReply(c, 404, 'errors.notFound');
    const input = body.value;
    const { db, now } = c.var.deps;
    const existing = await visitRow(c, target.row.id, target.date);
    if ((existing?.version ?? 0) !== input.version) return errorReply(c, 409, 'errors.conflict');
    if (existing && !isReportEditable(existing.status)) return errorReply(c, 422, 'appointments.reportLocked');
    const productIds = [...new Set(input.productsUsed.map((p) => p.productId))];
    if (productIds.length > 0) {
      const known = new Set((await db.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((p) => p.id));
      const errors: FieldErrors = {};
      input.productsUsed.forEach((p, i) => {
        if (!known.has(p.productId)) errors[`productsUsed.${i}.productId`] = [translate(c.var.language, 'appointments.unknownProduct')];
      });
      if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    }
    const updated = await db.transaction().execute(async (tx) => {
      const visit = existing ?? (await ensureVisit(c, target.row, target.date, tx));
      const row = await tx
        .updateTable('appointment_visits')
        .set((eb) => ({
          work_done: input.workDone,
          findings: input.findings,
          products_used: JSON.stringify(input.productsUsed),
          client_signer: input.clientSigner,
          reported_by: c.var.user!.id,
          reported_at: now(),
          updated_at: now(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', visit.id)
        .where('version', '=', existing?.version ?? NEW_VISIT_VERSION)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new VisitConflict();
      await audit(
        c,
        {
          action: 'update',
          entityType: 'appointment_report',
          entityId: target.row.id,
          changes: { date: target.date, ...fieldChanges({ workDone: visit.work_done, findings: visit.findings, productsUsed: visit.products_used }, { workDone: input.workDone, findings: input.findings, productsUsed: input.productsUsed }) },
        },
        tx,
      );
      return row;
    }).catch(visitConflictAsNull);
    if (!updated) return errorReply(c, 409, 'errors.conflict');
    return c.json({ report: await reportOf(c, target.row, target.date) });
  });

  /**
   * Who a worker's signature is credited to: `?signer=` (a user id among the visit's workers); without
   * it, the signed-in user when they work the visit (or when the visit has no worker), or its only worker.
   */
  function signerOf(query: string | undefined, me: number, workers: readonly number[]): number | 'invalid' | 'choose' {
    if (query !== undefined) {
      const id = /^[1-9][0-9]{0,9}$/.test(query) ? Number(query) : NaN;
      return workers.includes(id) ? id : 'invalid';
    }
    if (workers.length === 0 || workers.includes(me)) return me;
    return workers.length === 1 ? workers[0]! : 'choose';
  }

  for (const who of ['client', 'worker'] as const) {
    /** A signature drawn on the screen, as a PNG (checked by its first bytes, at most 5 MB). */
    routes.put(`/appointments/:id{[0-9]{1,9}}/visits/:date/signatures/${who}`, ...requirePermission('appointment_edit'), upload, async (c) => {
      const target = await visitTarget(c);
      if (!target) return errorReply(c, 404, 'errors.notFound');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (checkUploadSize(bytes.length).isErr()) return errorReply(c, 413, 'errors.tooLarge');
      if (bytes.length === 0 || sniffImageType(bytes) !== 'image/png') return fieldError(c, 'signature', 'appointments.notPng');
      const { db, now } = c.var.deps;
      const existing = await visitRow(c, target.row.id, target.date);
      if (existing && !isReportEditable(existing.status)) return errorReply(c, 422, 'appointments.reportLocked');
      // The worker's signature is credited to the worker who signs (one of the visit's workers), not
      // to whoever holds the device: `?signer=` names them; without it, the signed-in user when they
      // work the visit, or the visit's only worker.
      let signerId = c.var.user!.id;
      if (who === 'worker') {
        const signer = signerOf(c.req.query('signer'), c.var.user!.id, (await workersOf(db, [target.row.id])).get(target.row.id) ?? []);
        if (signer === 'invalid') return fieldError(c, 'signer', 'appointments.signerNotWorker');
        if (signer === 'choose') return fieldError(c, 'signer', 'appointments.signerRequired');
        signerId = signer;
      }
      await db.transaction().execute(async (tx) => {
        const visit = existing ?? (await ensureVisit(c, target.row, target.date, tx));
        await tx
          .updateTable('appointment_visits')
          .set((eb) => ({
            ...(who === 'client' ? { client_signature: bytes, client_signed_at: now() } : { worker_signature: bytes, worker_signed_at: now(), worker_signer_id: signerId }),
            updated_at: now(),
            version: eb('version', '+', 1),
          }))
          .where('id', '=', visit.id)
          .execute();
        await audit(c, { action: 'sign', entityType: 'appointment_report', entityId: target.row.id, changes: { date: target.date, signer: who, ...(who === 'worker' ? { signerId } : {}), bytes: bytes.length } }, tx);
      });
      return c.json({ report: await reportOf(c, target.row, target.date) });
    });

    routes.delete(`/appointments/:id{[0-9]{1,9}}/visits/:date/signatures/${who}`, ...requirePermission('appointment_edit'), async (c) => {
      const target = await visitTarget(c);
      if (!target) return errorReply(c, 404, 'errors.notFound');
      const existing = await visitRow(c, target.row.id, target.date);
      if (!existing) return c.json({ report: await reportOf(c, target.row, target.date) });
      if (!isReportEditable(existing.status)) return errorReply(c, 422, 'appointments.reportLocked');
      const { db, now } = c.var.deps;
      await db
        .updateTable('appointment_visits')
        .set((eb) => ({
          ...(who === 'client' ? { client_signature: null, client_signed_at: null } : { worker_signature: null, worker_signed_at: null, worker_signer_id: null }),
          updated_at: now(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', existing.id)
        .execute();
      await audit(c, { action: 'unsign', entityType: 'appointment_report', entityId: target.row.id, changes: { date: target.date, signer: who } });
      return c.json({ report: await reportOf(c, target.row, target.date) });
    });
  }

  /** A photo for the completed report: an image (by its content), at most 5 MB, kept as an attachment of the visit. */
  routes.post('/appointments/:id{[0-9]{1,9}}/visits/:date/photos', ...requirePermission('appointment_edit'), upload, async (c) => {
    const target = await visitTarget(c);
    if (!target) return errorReply(c, 404, 'errors.notFound');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) return fieldError(c, 'photo', 'validation.fileRequired');
    if (checkUploadSize(bytes.length).isErr()) return errorReply(c, 413, 'errors.tooLarge');
    const type = sniffImageType(bytes);
    if (!type) return fieldError(c, 'photo', 'appointments.notImage');
    const { db, files, now } = c.var.deps;
    const existing = await visitRow(c, target.row.id, target.date);
    if (existing && !isReportEditable(existing.status)) return errorReply(c, 422, 'appointments.reportLocked');
    let name: string;
    try {
      name = decodeURIComponent(c.req.header('x-file-name') ?? '');
    } catch {
      name = '';
    }
    // eslint-disable-next-line no-control-regex
    name = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200) || `photo.${IMAGE_EXTENSIONS[type]}`;
    // The visit's row, the stored file, its attachment row and the audit line: all kept, or none.
    let stored: string | null = null;
    try {
      await db.transaction().execute(async (tx) => {
        const visit = existing ?? (await ensureVisit(c, target.row, target.date, tx));
        const key = `attachments/report/${visit.id}/${randomToken(18)}`;
        await files.put(key, bytes);
        stored = key;
        const row = await tx
          .insertInto('attachments')
          .values({ owner_type: 'report', owner_id: visit.id, file_key: key, display_name: name, content_type: type, size_bytes: bytes.length, branch_id: target.row.branch_id, uploaded_by: c.var.user!.id, created_at: now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(c, { action: 'create', entityType: 'attachment', entityId: row.id, changes: { owner: `report:${target.row.id}:${target.date}`, name, type, bytes: bytes.length } }, tx);
      });
    } catch (error) {
      if (stored !== null) await files.delete(stored);
      throw error;
    }
    return c.json({ report: await reportOf(c, target.row, target.date) }, 201);
  });

  async function photoOf(c: AppContext) {
    const row = await visibleAppointment(c.var.deps.db, c.var.user!, Number(c.req.param('id')));
    const photoId = Number(c.req.param('photo_id'));
    if (!row || !Number.isSafeInteger(photoId) || photoId > 2_147_483_647) return null;
    const photo = await c.var.deps.db
      .selectFrom('attachments')
      .innerJoin('appointment_visits as v', 'v.id', 'attachments.owner_id')
      .selectAll('attachments')
      .select(sql<string>`v.date::text`.as('day'))
      .where('attachments.id', '=', photoId)
      .where('attachments.owner_type', '=', 'report')
      .where('v.appointment_id', '=', row.id)
      .executeTakeFirst();
    if (!photo) return null;
    const user = c.var.user!;
    const scope = fileScope(user);
    const visible = scope === 'all' || (scope === 'branch' && photo.branch_id !== null && photo.branch_id === user.branchId) || (scope === 'own' && photo.uploaded_by === user.id);
    return visible ? { row, photo } : null;
  }

  routes.get('/appointments/:id{[0-9]{1,9}}/photos/:photo_id{[0-9]{1,9}}', ...requirePermission('appointment_view'), async (c) => {
    const found = await photoOf(c);
    if (!found) return errorReply(c, 404, 'errors.notFound');
    const bytes = await c.var.deps.files.get(found.photo.file_key);
    if (!bytes) return errorReply(c, 404, 'errors.notFound');
    const type = found.photo.content_type as ImageType;
    return c.body(bytes.slice().buffer, 200, {
      'Content-Type': type,
      'Content-Disposition': `inline; filename="appointment-${found.row.id}-photo-${found.photo.id}.${IMAGE_EXTENSIONS[type] ?? 'bin'}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  routes.delete('/appointments/:id{[0-9]{1,9}}/photos/:photo_id{[0-9]{1,9}}', ...requirePermission('appointment_edit'), async (c) => {
    const found = await photoOf(c);
    if (!found) return errorReply(c, 404, 'errors.notFound');
    const visit = await visitRow(c, found.row.id, found.photo.day);
    if (visit && !isReportEditable(visit.status)) return errorReply(c, 422, 'appointments.reportLocked');
    await c.var.deps.db.deleteFrom('attachments').where('id', '=', found.photo.id).execute();
    await c.var.deps.files.delete(found.photo.file_key);
    await audit(c, { action: 'delete', entityType: 'attachment', entityId: found.photo.id, changes: { owner: `report:${found.row.id}:${found.photo.day}`, name: found.photo.display_name } });
    return c.json({ report: await reportOf(c, found.row, found.photo.day) });
  });

  return routes;
}
