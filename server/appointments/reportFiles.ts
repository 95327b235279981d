import { err, ok, type Result } from 'neverthrow';
import { creditedSigner, isReportEditable, type PhotoTag } from '../../domain/appointments/report';
import { fileScope } from '../../domain/auth/permissions';
import { IMAGE_EXTENSIONS, sniffImageType, type ImageType } from '../../domain/files/image-type';
import { withoutMetadata } from '../../domain/files/imageMetadata';
import { checkUploadSize } from '../../domain/files/upload';
import { audit } from '../audit';
import { randomToken } from '../auth/tokens';
import { uploadedFileName } from '../attachments/service';
import type { AppContext } from '../http/env';
import type { Db, Tx } from '../service/context';
import type { AppointmentFailure } from './failures';
import { deleteAttachment, ensureVisit, insertReportPhoto, reportPhotoOf, setSignature, visitRow, type Signer } from './repository';
import { visibleAppointment, workersOf } from './store';
import { reportOf, type Report } from './views';
import { visitReport, type VisitTarget } from './visitService';

/** The completed report's drawn signatures and its photos (kept as attachments of the visit). */

/** The worker `?signer=` names: a user id, null when it is none, undefined when not named. */
export const namedSigner = (query: string | undefined): number | null | undefined => (query === undefined ? undefined : /^[1-9][0-9]{0,9}$/.test(query) ? Number(query) : null);

/** A signature drawn on the screen: a PNG (checked by its first bytes), at most 5 MB; the PNG as kept (without metadata). */
export function checkSignature(bytes: Uint8Array): Result<Uint8Array, AppointmentFailure> {
  if (checkUploadSize(bytes.length).isErr()) return err({ code: 'tooLarge' });
  if (bytes.length === 0 || sniffImageType(bytes) !== 'image/png') return err({ code: 'notPng' });
  return withoutMetadata(bytes, 'image/png').mapErr((): AppointmentFailure => ({ code: 'notPng' }));
}

/** Who a signature is credited to: the client's to whoever holds the device, the worker's to the worker who signs (domain creditedSigner). */
export async function signerOf(c: AppContext, db: Db, target: VisitTarget, who: Signer, named: number | null | undefined): Promise<Result<number, AppointmentFailure>> {
  const me = c.var.user!.id;
  if (who === 'client') return ok(me);
  const signer = creditedSigner(named, me, (await workersOf(db, [target.row.id])).get(target.row.id) ?? []);
  return signer.isErr() ? err(signer.error) : ok(signer.value);
}

/** Writes a checked signature on the visit's row, with its audit line. */
export async function writeSignature(c: AppContext, tx: Tx, target: VisitTarget, visitId: number, who: Signer, bytes: Uint8Array, signerId: number): Promise<void> {
  await setSignature(tx, visitId, who, { bytes, signerId }, c.var.deps.now());
  await audit(c, { action: 'sign', entityType: 'appointment_report', entityId: target.row.id, changes: { date: target.date, signer: who, ...(who === 'worker' ? { signerId } : {}), bytes: bytes.length } }, tx);
}

/**
 * A signature drawn on the screen, as a PNG (checked by its first bytes, at most 5 MB). The
 * worker's is credited to the worker who signs (domain creditedSigner), not to whoever holds the device.
 */
export async function sign(c: AppContext, target: VisitTarget, who: Signer, bytes: Uint8Array, named: number | null | undefined): Promise<Result<{ report: Report }, AppointmentFailure>> {
  const checked = checkSignature(bytes);
  if (checked.isErr()) return err(checked.error);
  const png = checked.value;
  const { db, now } = c.var.deps;
  const existing = await visitRow(db, target.row.id, target.date);
  if (existing && !isReportEditable(existing.status)) return err({ code: 'reportLocked' });
  const signerId = await signerOf(c, db, target, who, named);
  if (signerId.isErr()) return err(signerId.error);
  await db.transaction().execute(async (tx) => {
    const visit = existing ?? (await ensureVisit(tx, target.row.id, target.date, now()));
    await writeSignature(c, tx, target, visit.id, who, png, signerId.value);
  });
  return ok(await visitReport(c, target));
}

/** Takes a signature off a report that can still be written. */
export async function unsign(c: AppContext, target: VisitTarget, who: Signer): Promise<Result<{ report: Report }, AppointmentFailure>> {
  const { db, now } = c.var.deps;
  const existing = await visitRow(db, target.row.id, target.date);
  if (!existing) return ok(await visitReport(c, target));
  if (!isReportEditable(existing.status)) return err({ code: 'reportLocked' });
  await setSignature(db, existing.id, who, null, now());
  await audit(c, { action: 'unsign', entityType: 'appointment_report', entityId: target.row.id, changes: { date: target.date, signer: who } });
  return ok(await visitReport(c, target));
}

/** A photo for the completed report: an image (by its content), at most 5 MB; its type, and its bytes as kept (without metadata, the orientation kept). */
export function checkPhoto(bytes: Uint8Array): Result<{ type: ImageType; bytes: Uint8Array }, AppointmentFailure> {
  if (bytes.length === 0) return err({ code: 'photoRequired' });
  if (checkUploadSize(bytes.length).isErr()) return err({ code: 'tooLarge' });
  const type = sniffImageType(bytes);
  if (!type) return err({ code: 'notImage' });
  return withoutMetadata(bytes, type).map((kept) => ({ type, bytes: kept })).mapErr((): AppointmentFailure => ({ code: 'notImage' }));
}

/**
 * Stores a checked photo and writes its attachment row and audit line; `stored` hears the file's key
 * as soon as it is stored, so the caller deletes it when the transaction does not commit.
 */
export async function writePhoto(c: AppContext, tx: Tx, target: VisitTarget, visitId: number, photo: { bytes: Uint8Array; type: ImageType; fileName: string | undefined; tag: PhotoTag | null }, stored: (key: string) => void): Promise<void> {
  const { files, now } = c.var.deps;
  const { bytes, type, tag } = photo;
  const name = uploadedFileName(photo.fileName, `photo.${IMAGE_EXTENSIONS[type]}`);
  const key = `attachments/report/${visitId}/${randomToken(18)}`;
  await files.put(key, bytes);
  stored(key);
  const id = await insertReportPhoto(tx, { visitId, key, name, contentType: type, sizeBytes: bytes.length, branchId: target.row.branch_id, uploadedBy: c.var.user!.id, tag, now: now() });
  await audit(c, { action: 'create', entityType: 'attachment', entityId: id, changes: { owner: `report:${target.row.id}:${target.date}`, name, type, bytes: bytes.length, ...(tag ? { tag } : {}) } }, tx);
}

/** A photo for the completed report: an image (by its content), at most 5 MB, kept as an attachment of the visit, tagged before or after the work when given. */
export async function addPhoto(c: AppContext, target: VisitTarget, bytes: Uint8Array, fileName: string | undefined, tag: PhotoTag | null = null): Promise<Result<{ report: Report }, AppointmentFailure>> {
  const checked = checkPhoto(bytes);
  if (checked.isErr()) return err(checked.error);
  const { db, files, now } = c.var.deps;
  const existing = await visitRow(db, target.row.id, target.date);
  if (existing && !isReportEditable(existing.status)) return err({ code: 'reportLocked' });
  // The visit's row, the stored file, its attachment row and the audit line: all kept, or none.
  let stored: string | null = null;
  try {
    await db.transaction().execute(async (tx) => {
      const visit = existing ?? (await ensureVisit(tx, target.row.id, target.date, now()));
      await writePhoto(c, tx, target, visit.id, { ...checked.value, fileName, tag }, (key) => (stored = key));
    });
  } catch (error) {
    if (stored !== null) await files.delete(stored);
    throw error;
  }
  return ok(await visitReport(c, target));
}

/** A report photo of an appointment the user sees, when the file-view scope lets them see it. */
async function photoOf(c: AppContext, appointmentId: number, photoId: number) {
  const row = await visibleAppointment(c.var.deps.db, c.var.user!, appointmentId);
  if (!row || !Number.isSafeInteger(photoId) || photoId > 2_147_483_647) return null;
  const photo = await reportPhotoOf(c.var.deps.db, row.id, photoId);
  if (!photo) return null;
  const user = c.var.user!;
  const scope = fileScope(user);
  const visible = scope === 'all' || (scope === 'branch' && photo.branch_id !== null && photo.branch_id === user.branchId) || (scope === 'own' && photo.uploaded_by === user.id);
  return visible ? { row, photo } : null;
}

export interface PhotoFile {
  readonly bytes: Uint8Array;
  readonly contentType: ImageType;
  readonly fileName: string;
}

/** A report photo's bytes, type and download name. */
export async function photoFile(c: AppContext, appointmentId: number, photoId: number): Promise<Result<PhotoFile, AppointmentFailure>> {
  const found = await photoOf(c, appointmentId, photoId);
  if (!found) return err({ code: 'notFound' });
  const bytes = await c.var.deps.files.get(found.photo.file_key);
  if (!bytes) return err({ code: 'notFound' });
  const type = found.photo.content_type as ImageType;
  return ok({ bytes, contentType: type, fileName: `appointment-${found.row.id}-photo-${found.photo.id}.${IMAGE_EXTENSIONS[type] ?? 'bin'}` });
}

/** Deletes a report photo while its visit's report can still be written. */
export async function deletePhoto(c: AppContext, appointmentId: number, photoId: number): Promise<Result<{ report: Report }, AppointmentFailure>> {
  const found = await photoOf(c, appointmentId, photoId);
  if (!found) return err({ code: 'notFound' });
  const { db, files } = c.var.deps;
  const visit = await visitRow(db, found.row.id, found.photo.day);
  if (visit && !isReportEditable(visit.status)) return err({ code: 'reportLocked' });
  await deleteAttachment(db, found.photo.id);
  await files.delete(found.photo.file_key);
  await audit(c, { action: 'delete', entityType: 'attachment', entityId: found.photo.id, changes: { owner: `report:${found.row.id}:${found.photo.day}`, name: found.photo.display_name } });
  return ok({ report: await reportOf(db, c.var.user!, found.row, found.photo.day) });
}
