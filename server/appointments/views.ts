import type { Kysely, Transaction } from 'kysely';
import { toRRule } from '../../domain/appointments/recurrence';
import { isReportEditable } from '../../domain/appointments/report';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../domain/appointments/status';
import type { User } from '../../domain/auth/user';
import { minuteToTime, type IsoDate } from '../../domain/time/dates';
import type { Database } from '../db/schema';
import { areaName, branchName, clientContacts, clientSummary, formLists, lastReportedVisit, orderProductLines, productsByIds, reportPhotos, visitRow, workerOptions } from './repository';
import { seesAll, seriesOf, workersOf, type AppointmentRow } from './store';

/** What the appointments' screens show, read through the repository: the shapes of the replies. */
type Db = Kysely<Database> | Transaction<Database>;

/** What the appointment form offers: bookable workers, branches, areas, types, statuses. */
export async function formOptions(db: Db, user: User) {
  const [workers, lists] = await Promise.all([workerOptions(db), formLists(db)]);
  return { workers, ...lists, statuses: APPOINTMENT_STATUSES, seesAll: seesAll(user) };
}

/** The appointment (the series) as the screens show it. */
export async function appointmentDetail(db: Db, row: AppointmentRow) {
  const series = seriesOf(row);
  const workerIds = (await workersOf(db, [row.id])).get(row.id) ?? [];
  const [client, workers, area, branch] = await Promise.all([
    clientSummary(db, row.client_id),
    workerOptions(db, workerIds),
    row.area_id === null ? null : areaName(db, row.area_id),
    row.branch_id === null ? null : branchName(db, row.branch_id),
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

const dataUrl = (bytes: Uint8Array | null): string | null => {
  if (!bytes || bytes.length === 0) return null;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(binary)}`;
};

const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);

/** The completed report of a visit as the report tab and its print show it. */
export async function reportOf(db: Db, user: User, row: AppointmentRow, date: IsoDate) {
  const visit = await visitRow(db, row.id, date);
  const products = visit?.products_used ?? [];
  const productRows = await productsByIds(
    db,
    products.map((p) => p.productId),
  );
  const status: AppointmentStatus = visit?.status ?? 'in_progress';
  return {
    visitId: visit?.id ?? null,
    version: visit?.version ?? 0,
    status,
    editable: isReportEditable(status),
    workDone: visit?.work_done ?? '',
    findings: visit?.findings ?? '',
    pestsFound: visit?.pests_found ?? '',
    areasTreated: visit?.areas_treated ?? '',
    productsUsed: products.map((p) => {
      const product = productRows.find((r) => r.id === p.productId);
      return {
        productId: p.productId,
        quantity: p.quantity,
        note: p.note,
        code: product?.code ?? '',
        nameEn: product?.name_en ?? '',
        nameZh: product?.name_zh ?? '',
        unit: product?.unit ?? '',
        activeIngredient: product?.active_ingredient ?? '',
      };
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
    photos: visit ? (await reportPhotos(db, user, visit.id)).map((p) => ({ ...p, downloadUrl: `/api/appointments/${row.id}/photos/${p.id}` })) : [],
  };
}
export type Report = Awaited<ReturnType<typeof reportOf>>;

/**
 * What a worker at the door needs of a visit besides the appointment (issue 22): whom to call, the
 * products the linked order plans (no prices), and what the client's last reported visit found.
 */
export async function fieldVisit(db: Db, row: AppointmentRow, date: IsoDate) {
  const [contacts, plannedProducts, lastVisit] = await Promise.all([clientContacts(db, row.client_id), row.order_id === null ? [] : orderProductLines(db, row.order_id), lastReportedVisit(db, row.client_id, date)]);
  return { contacts, plannedProducts, lastVisit };
}
