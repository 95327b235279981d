import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { fileScope } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import type { AppointmentStatus } from '../../domain/appointments/status';
import type { IsoDate } from '../../domain/time/dates';
import type { AppointmentTable, Database } from '../db/schema';
import { likePattern } from '../http/query';
import { worksVisits } from './store';

/**
 * The appointments' SQL beyond the series rows (store.ts): the people, places, orders, products and
 * visit rows the screens show and the services change. Rows in, rows out; no rules.
 */
type Db = Kysely<Database> | Transaction<Database>;
type Tx = Transaction<Database>;

/**
 * Active users with their calendar colour: those named (`onlyIds`, the workers of shown visits), or
 * else those who can be booked — who can work visits (domain canWorkVisits).
 */
export async function workerOptions(db: Db, onlyIds?: readonly number[]) {
  let query = db.selectFrom('users').select(['id', 'name', 'calendar_color', 'branch_id']).where('active', '=', true);
  query = onlyIds ? query.where('id', 'in', onlyIds.length > 0 ? [...onlyIds] : [-1]) : query.where(worksVisits);
  const rows = await query.orderBy('name').execute();
  return rows.map((u) => ({ id: u.id, name: u.name, color: u.calendar_color, branchId: u.branch_id }));
}

/** The branches, areas and active appointment types a form offers. */
export async function formLists(db: Db) {
  const [branches, areas, types] = await Promise.all([
    db.selectFrom('branches').select(['id', 'name_en', 'name_zh']).orderBy('id').execute(),
    db.selectFrom('areas').select(['id', 'name_en', 'name_zh']).orderBy('sort_order').execute(),
    db.selectFrom('options').select(['value', 'label_en', 'label_zh']).where('key', '=', 'appointment_type').where('active', '=', true).orderBy('sort_order').execute(),
  ]);
  return {
    branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh })),
    areas: areas.map((a) => ({ id: a.id, nameEn: a.name_en, nameZh: a.name_zh })),
    types: types.map((t) => ({ value: t.value, labelEn: t.label_en, labelZh: t.label_zh })),
  };
}

/** A client as the appointment form and screen show it, with its addresses. */
export async function clientSummary(db: Db, id: number) {
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

/** The ids of the clients a search finds (either name, the code, or three or more digits of a phone), newest first. */
export async function searchClientIds(db: Db, q: string, onlyOfWorker?: number): Promise<number[]> {
  let base = db.selectFrom('clients').select(['id']);
  if (onlyOfWorker !== undefined) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('appointments')
          .innerJoin('appointment_workers as w', 'w.appointment_id', 'appointments.id')
          .select(sql`1`.as('one'))
          .whereRef('appointments.client_id', '=', 'clients.id')
          .where('w.user_id', '=', onlyOfWorker),
      ),
    );
  }
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
  return (await base.orderBy('id', 'desc').limit(20).execute()).map((r) => r.id);
}

export const clientExists = async (db: Db, id: number): Promise<boolean> => (await db.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
export const areaExists = async (db: Db, id: number): Promise<boolean> => (await db.selectFrom('areas').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
export const branchExists = async (db: Db, id: number): Promise<boolean> => (await db.selectFrom('branches').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** How many of the ids are active users who can work visits. */
export async function bookableWorkerCount(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (await db.selectFrom('users').select('id').where('id', 'in', [...ids]).where('active', '=', true).where(worksVisits).execute()).length;
}

export const orderForLink = (db: Db, id: number) => db.selectFrom('orders').select(['id', 'client_id', 'voided']).where('id', '=', id).executeTakeFirst();

/** The appointments a user works on. */
export async function appointmentIdsOf(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom('appointment_workers').select('appointment_id').where('user_id', '=', userId).execute()).map((r) => r.appointment_id);
}

export const clientNames = (db: Db, ids: readonly number[]) => (ids.length === 0 ? Promise.resolve([]) : db.selectFrom('clients').select(['id', 'name_en', 'name_zh']).where('id', 'in', [...ids]).execute());
export const allAreas = (db: Db) => db.selectFrom('areas').select(['id', 'name_en', 'name_zh']).execute();
export const areaName = (db: Db, id: number) => db.selectFrom('areas').select(['name_en', 'name_zh']).where('id', '=', id).executeTakeFirst();
export const branchName = (db: Db, id: number) => db.selectFrom('branches').select(['name_en', 'name_zh']).where('id', '=', id).executeTakeFirst();

/** An order's summary, read straight from the orders table (the order screens are another area's). */
export async function orderSummary(db: Db, orderId: number | null) {
  if (orderId === null) return null;
  const order = await db.selectFrom('orders').select(['id', 'number', sql<string>`date::text`.as('date'), 'total', 'paid', 'voided']).where('id', '=', orderId).executeTakeFirst();
  return order ? { id: order.id, number: order.number, date: order.date, total: order.total, paid: order.paid, voided: order.voided } : null;
}

/** The client's orders that are not void, newest first. */
export async function linkableOrders(db: Db, clientId: number) {
  const rows = await db
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

/** Links an order (or none) to an appointment, at `version` when given; the new version, or undefined when stale. */
export async function setOrderLink(tx: Tx, id: number, orderId: number | null, version: number | undefined, now: Date) {
  let update = tx
    .updateTable('appointments')
    .set((eb) => ({ order_id: orderId, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) update = update.where('version', '=', version);
  return update.returning('version').executeTakeFirst();
}

/** A new appointment row with its series columns and its workers; its id. */
export async function insertAppointment(tx: Tx, values: Insertable<AppointmentTable>, workerIds: readonly number[]): Promise<number> {
  const row = await tx
    .insertInto('appointments')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('appointment_workers')
    .values([...new Set(workerIds)].map((user_id) => ({ appointment_id: row.id, user_id })))
    .execute();
  return row.id;
}

/** The day of the appointment's latest visit with a row of its own. */
export async function latestVisitDate(db: Db, appointmentId: number): Promise<IsoDate | null> {
  const row = await db.selectFrom('appointment_visits').select(sql<string>`date::text`.as('day')).where('appointment_id', '=', appointmentId).orderBy('date', 'desc').limit(1).executeTakeFirst();
  return row?.day ?? null;
}

/** A visit's row with the names of its worker signer and reporter. */
export function visitRow(db: Db, appointmentId: number, date: IsoDate) {
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
export type VisitWithNames = NonNullable<Awaited<ReturnType<typeof visitRow>>>;

/** Creates the visit's row (state of its own) when it has none. */
export async function ensureVisit(tx: Tx, appointmentId: number, date: IsoDate, now: Date): Promise<VisitWithNames> {
  await tx
    .insertInto('appointment_visits')
    .values({ appointment_id: appointmentId, date, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['appointment_id', 'date']).doNothing())
    .execute();
  return (await visitRow(tx, appointmentId, date))!;
}

/** A visit's status change, at its expected version; the new version and reason, or undefined when stale. */
export function updateVisitStatus(tx: Tx, visitId: number, expectedVersion: number, to: AppointmentStatus, cancelReason: string | null, now: Date) {
  return tx
    .updateTable('appointment_visits')
    .set((eb) => ({ status: to, ...(cancelReason !== null ? { cancel_reason: cancelReason } : {}), updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', visitId)
    .where('version', '=', expectedVersion)
    .returning(['version', 'cancel_reason'])
    .executeTakeFirst();
}

export interface ReportWords {
  readonly workDone: string;
  readonly findings: string;
  /** Left as they are when undefined. */
  readonly pestsFound?: string | undefined;
  readonly areasTreated?: string | undefined;
  readonly productsUsed: readonly { productId: number; quantity: number; note: string }[];
  readonly clientSigner: string;
}

/** A visit's report words, at its expected version; undefined when stale. */
export function updateVisitReport(tx: Tx, visitId: number, expectedVersion: number, report: ReportWords, reporterId: number, now: Date) {
  return tx
    .updateTable('appointment_visits')
    .set((eb) => ({
      work_done: report.workDone,
      findings: report.findings,
      ...(report.pestsFound === undefined ? {} : { pests_found: report.pestsFound }),
      ...(report.areasTreated === undefined ? {} : { areas_treated: report.areasTreated }),
      products_used: JSON.stringify(report.productsUsed),
      client_signer: report.clientSigner,
      reported_by: reporterId,
      reported_at: now,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', visitId)
    .where('version', '=', expectedVersion)
    .returning('id')
    .executeTakeFirst();
}

export type Signer = 'client' | 'worker';

/** Stores a signature (the worker's credited to `signerId`), or clears it when `bytes` is null. */
export async function setSignature(db: Db, visitId: number, who: Signer, signature: { bytes: Uint8Array; signerId: number } | null, now: Date): Promise<void> {
  const columns =
    who === 'client'
      ? { client_signature: signature?.bytes ?? null, client_signed_at: signature ? now : null }
      : { worker_signature: signature?.bytes ?? null, worker_signed_at: signature ? now : null, worker_signer_id: signature?.signerId ?? null };
  await db
    .updateTable('appointment_visits')
    .set((eb) => ({ ...columns, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', visitId)
    .execute();
}

export const productsByIds = (db: Db, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('products').select(['id', 'code', 'name_en', 'name_zh', 'unit', 'active_ingredient']).where('id', 'in', [...ids]).execute();

export async function activeProducts(db: Db) {
  const rows = await db.selectFrom('products').select(['id', 'code', 'name_en', 'name_zh', 'unit', 'active_ingredient']).where('active', '=', true).orderBy('code').execute();
  return rows.map((p) => ({ id: p.id, code: p.code, nameEn: p.name_en, nameZh: p.name_zh, unit: p.unit, activeIngredient: p.active_ingredient }));
}

/** The contact persons of a client, the primary first: who a worker at the door calls. */
export async function clientContacts(db: Db, clientId: number) {
  const rows = await db.selectFrom('client_contacts').select(['name', 'title', 'phones']).where('client_id', '=', clientId).orderBy('is_primary', 'desc').orderBy('sort_order').orderBy('id').execute();
  return rows.map((r) => ({ name: r.name, title: r.title, phones: r.phones }));
}

/** The product lines of an order (what a visit for it is to apply): names, quantity (hundredths), unit and active ingredient; no prices. */
export async function orderProductLines(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['products.code', 'products.name_en', 'products.name_zh', 'products.unit', 'products.active_ingredient', 'order_items.quantity'])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.sort_order')
    .orderBy('order_items.id')
    .execute();
  return rows.map((r) => ({ code: r.code, nameEn: r.name_en, nameZh: r.name_zh, unit: r.unit, activeIngredient: r.active_ingredient, quantity: r.quantity }));
}

/** The client's latest visit before `date` with a report written (any of its appointments): what was found there last time. */
export async function lastReportedVisit(db: Db, clientId: number, before: IsoDate) {
  const row = await db
    .selectFrom('appointment_visits as v')
    .innerJoin('appointments as a', 'a.id', 'v.appointment_id')
    .select([sql<string>`v.date::text`.as('day'), 'v.findings', 'v.work_done', 'v.pests_found', 'v.areas_treated'])
    .where('a.client_id', '=', clientId)
    .where('v.date', '<', before)
    .where('v.reported_at', 'is not', null)
    .orderBy('v.date', 'desc')
    .orderBy('v.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { date: row.day, findings: row.findings, workDone: row.work_done, pestsFound: row.pests_found, areasTreated: row.areas_treated } : null;
}

export async function firstCompany(db: Db) {
  return (await db.selectFrom('companies').select(['name_en as nameEn', 'name_zh as nameZh', 'address_en as addressEn', 'address_zh as addressZh', 'phone']).orderBy('id').limit(1).executeTakeFirst()) ?? null;
}

/** The photos of a visit's report this user may see (the file-view scope in the query), newest first. */
export async function reportPhotos(db: Db, user: User, visitId: number) {
  const scope = fileScope(user);
  if (scope === 'none') return [];
  let query = db
    .selectFrom('attachments')
    .leftJoin('users', 'users.id', 'attachments.uploaded_by')
    .select(['attachments.id', 'attachments.display_name', 'attachments.content_type', 'attachments.size_bytes', 'attachments.photo_tag', 'attachments.created_at', 'users.name as uploader'])
    .where('attachments.owner_type', '=', 'report')
    .where('attachments.owner_id', '=', visitId);
  if (scope === 'branch') query = query.where('attachments.branch_id', '=', user.branchId ?? -1);
  if (scope === 'own') query = query.where('attachments.uploaded_by', '=', user.id);
  const rows = await query.orderBy('attachments.created_at', 'desc').orderBy('attachments.id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, name: r.display_name, contentType: r.content_type, sizeBytes: r.size_bytes, tag: r.photo_tag, uploadedBy: r.uploader, uploadedAt: new Date(r.created_at).toISOString() }));
}

export interface NewReportPhoto {
  readonly visitId: number;
  readonly key: string;
  readonly name: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly branchId: number | null;
  readonly uploadedBy: number;
  readonly tag: 'before' | 'after' | null;
  readonly now: Date;
}

export async function insertReportPhoto(tx: Tx, p: NewReportPhoto): Promise<number> {
  const row = await tx
    .insertInto('attachments')
    .values({ owner_type: 'report', owner_id: p.visitId, file_key: p.key, display_name: p.name, content_type: p.contentType, size_bytes: p.sizeBytes, branch_id: p.branchId, uploaded_by: p.uploadedBy, photo_tag: p.tag, created_at: p.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A photo of one of the appointment's visits, with the visit's day. */
export function reportPhotoOf(db: Db, appointmentId: number, photoId: number) {
  return db
    .selectFrom('attachments')
    .innerJoin('appointment_visits as v', 'v.id', 'attachments.owner_id')
    .selectAll('attachments')
    .select(sql<string>`v.date::text`.as('day'))
    .where('attachments.id', '=', photoId)
    .where('attachments.owner_type', '=', 'report')
    .where('v.appointment_id', '=', appointmentId)
    .executeTakeFirst();
}

export async function deleteAttachment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('attachments').where('id', '=', id).execute();
}

/** A visit's status, version and cancellation reason, when it has a row. */
export const visitState = (db: Db, appointmentId: number, date: IsoDate) =>
  db.selectFrom('appointment_visits').select(['status', 'version', 'cancel_reason']).where('appointment_id', '=', appointmentId).where('date', '=', date).executeTakeFirst();

/** Which of the ids are products. */
export async function knownProductIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  return new Set((await db.selectFrom('products').select('id').where('id', 'in', [...ids]).execute()).map((p) => p.id));
}
