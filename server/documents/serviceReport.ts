import { can, type Actor } from '../../domain/auth/permissions';
import { err, ok, type Result } from 'neverthrow';
import type { ServiceReportRecord } from '../../domain/documents/serviceReport';
import type { PrintLanguage } from '../../domain/documents/printable';
import { minuteToTime } from '../../domain/time/dates';
import { areaName, clientSummary, firstCompany, productsByIds, visitRow, workerOptions } from '../appointments/repository';
import { seriesOf, workersOf } from '../appointments/store';
import type { Db } from '../sales/caller';
import type { FontSource } from './fonts';
import { letterheadPictures, type PdfDeps, type PdfFailure, type PdfFile } from './parts';
import type { ReportPhoto } from './render';
import { appointmentById, visitById, visitPhotos } from './repository';

/**
 * A visit's service report as it prints (by its visit row's id): the record, every photo's row, both
 * signatures' PNGs and the visit's status; null when there is no such visit. Shared by its PDF and
 * the customer's link (server/links/).
 */
export async function serviceReportRecord(db: Db, visitId: number) {
  const visit = await visitById(db, visitId);
  const row = visit ? await appointmentById(db, visit.appointment_id) : undefined;
  if (!visit || !row) return null;
  const date = visit.day;
  const report = (await visitRow(db, row.id, date))!;
  const series = seriesOf(row);
  const workerIds = (await workersOf(db, [row.id])).get(row.id) ?? [];
  const [client, workers, area, productRows, company, photoRows] = await Promise.all([
    clientSummary(db, row.client_id),
    workerOptions(db, workerIds),
    row.area_id === null ? null : areaName(db, row.area_id),
    productsByIds(
      db,
      report.products_used.map((p) => p.productId),
    ),
    firstCompany(db),
    visitPhotos(db, visit.id),
  ]);
  const record: ServiceReportRecord = {
    company,
    client: client ? { nameEn: client.nameEn, nameZh: client.nameZh, code: client.code } : null,
    address: row.address,
    area: area ? { nameEn: area.name_en, nameZh: area.name_zh } : null,
    date,
    start: series.allDay ? null : minuteToTime(series.startMinute),
    end: series.allDay ? null : minuteToTime(Math.min(1440, series.startMinute + series.durationMinutes)),
    workers: workers.map((w) => w.name),
    status: report.status,
    workDone: report.work_done,
    findings: report.findings,
    pestsFound: report.pests_found,
    areasTreated: report.areas_treated,
    products: report.products_used.map((p) => {
      const product = productRows.find((r) => r.id === p.productId);
      return { code: product?.code ?? '', nameEn: product?.name_en ?? '', nameZh: product?.name_zh ?? '', unit: product?.unit ?? '', activeIngredient: product?.active_ingredient ?? '', quantity: p.quantity, note: p.note };
    }),
    photos: photoRows.map((p) => ({ name: p.display_name, tag: p.photo_tag })),
    signatures: [
      { who: 'client', signer: report.client_signer, signedAt: iso(report.client_signed_at) },
      { who: 'worker', signer: report.worker_signer ?? '', signedAt: iso(report.worker_signed_at) },
    ],
  };
  return { record, photoRows, appointmentId: row.id, date, status: report.status, signatures: { client: report.client_signature, worker: report.worker_signature } };
}

/** A visit's service report (by its visit row's id) as a PDF, with its photos and signatures. */
export async function serviceReportPdf(deps: PdfDeps, fonts: FontSource, visitId: number, language: PrintLanguage, viewer?: Actor): Promise<Result<PdfFile, PdfFailure>> {
  const found = await serviceReportRecord(deps.db, visitId);
  if (!found) return err({ code: 'notFound' });
  const { record, photoRows, appointmentId, date, signatures } = found;
  // For a staff member, the photos their file scope reaches (as the screen lists them); for the customer, all.
  const shown = viewer ? photoRows.filter((p) => can(viewer, 'view', { kind: 'file', branchId: p.branch_id, uploadedBy: p.uploaded_by })) : photoRows;
  const photos: ReportPhoto[] = await Promise.all(shown.map(async (p) => ({ name: p.display_name, bytes: await deps.files.get(p.file_key) })));
  const printed = { ...record, photos: shown.map((p) => ({ name: p.display_name, tag: p.photo_tag })) };
  // The report prints under the first company, as its print view does.
  const pictures = await letterheadPictures(deps, null, null);
  const loaded = await fonts.load();
  const { renderServiceReport } = await import('./render');
  const bytes = await renderServiceReport(printed, language, { logo: pictures.logo, photos, signatures }, loaded);
  return ok({ fileName: `service-report-${appointmentId}-${date}.pdf`, bytes });
}

const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);
