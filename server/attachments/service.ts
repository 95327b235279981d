import { err, ok, type Result } from 'neverthrow';
import { can, fileScope, hasPermission, type Permission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { ATTACHMENT_EXTENSIONS, sniffAttachmentType, type AttachmentType } from '../../domain/files/file-type';
import { isPicture, withoutMetadata } from '../../domain/files/imageMetadata';
import { checkUploadSize } from '../../domain/files/upload';
import { audit } from '../audit';
import { randomToken } from '../auth/tokens';
import type { AppContext } from '../http/env';
import type { CommonFailure } from '../service/failure';
import { attachmentRows, deleteAttachment, findAttachment, findOwner, insertAttachment, type AttachmentFilter, type OwnerType } from './repository';

export type { OwnerType } from './repository';

/** The owners whose files these routes upload, serve and delete (report photos belong to the appointment routes). */
export type UploadOwner = Exclude<OwnerType, 'report'>;

/** What each kind of owner is: its table and path, and the permissions that view and change its files. */
export const OWNERS = {
  client: { table: 'clients', path: 'clients', view: 'client_view', edit: 'client_edit' },
  order: { table: 'orders', path: 'orders', view: 'order_view', edit: 'order_edit' },
} as const satisfies Record<UploadOwner, { table: 'clients' | 'orders'; path: string; view: Permission; edit: Permission }>;

export type AttachmentFailure = Extract<CommonFailure, { code: 'notFound' | 'forbidden' | 'tooLarge' | 'validation' }>;

/** The file-view scope (domain `can`) applied to one stored file. */
const visibleTo = (user: User, row: { branch_id: number | null; uploaded_by: number | null }): boolean =>
  can(user, 'view', { kind: 'file', branchId: row.branch_id, uploadedBy: row.uploaded_by });

/** The owner's attachments this user may see (the file-view scope applied in the query). */
export async function listAttachments(c: AppContext, ownerType: OwnerType, ownerId: number) {
  const user = c.var.user!;
  const scope = fileScope(user);
  if (scope === 'none') return [];
  const filter: AttachmentFilter =
    scope === 'branch' ? { kind: 'branch', branchId: user.branchId ?? -1 } : scope === 'own' ? { kind: 'uploader', userId: user.id } : { kind: 'all' };
  const rows = await attachmentRows(c.var.deps.db, ownerType, ownerId, filter);
  return rows.map((r) => ({
    id: r.id,
    name: r.display_name,
    contentType: r.content_type,
    sizeBytes: r.size_bytes,
    uploadedBy: r.uploader,
    uploadedAt: new Date(r.created_at).toISOString(),
    downloadUrl: `/api/attachments/${r.id}/download`,
  }));
}

export type AttachmentList = Awaited<ReturnType<typeof listAttachments>>;

/**
 * The uploader's file name for display (from the upload's header): no path, no control characters,
 * at most 200 characters; `fallback` when nothing is left. Report photos are named the same way.
 */
export function uploadedFileName(header: string | undefined, fallback: string): string {
  let name: string;
  try {
    name = decodeURIComponent(header ?? '');
  } catch {
    name = '';
  }
  name = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return name || fallback;
}

/** The client or order a file is uploaded for (its branch goes on the file), found before the upload is read. */
export interface AttachmentOwner {
  readonly id: number;
  readonly branch_id: number | null;
}

export async function attachmentOwner(c: AppContext, ownerType: UploadOwner, ownerId: number): Promise<Result<AttachmentOwner, AttachmentFailure>> {
  const record = await findOwner(c.var.deps.db, OWNERS[ownerType].table, ownerId);
  return record ? ok(record) : err({ code: 'notFound' });
}

/**
 * Stores an upload for a client or an order (found by attachmentOwner; 5 MB, type by content) with
 * its audit line; the owner's attachments after it.
 */
export async function uploadAttachment(
  c: AppContext,
  ownerType: UploadOwner,
  record: AttachmentOwner,
  uploaded: Uint8Array,
  fileName: string | undefined,
): Promise<Result<AttachmentList, AttachmentFailure>> {
  const { db, files, now } = c.var.deps;
  const ownerId = record.id;
  if (uploaded.length === 0) return err({ code: 'validation', fields: { file: 'validation.fileRequired' } });
  if (checkUploadSize(uploaded.length).isErr()) return err({ code: 'tooLarge' });
  const type = sniffAttachmentType(uploaded);
  if (!type) return err({ code: 'validation', fields: { file: 'validation.fileType' } });
  // A picture is kept without its metadata (issue 31 item 7: GPS, camera, comments), the orientation kept.
  const kept = isPicture(type) ? withoutMetadata(uploaded, type) : ok(uploaded);
  if (kept.isErr()) return err({ code: 'validation', fields: { file: 'validation.fileType' } });
  const bytes = kept.value;
  const key = `attachments/${ownerType}/${ownerId}/${randomToken(18)}`;
  const name = uploadedFileName(fileName, `file.${ATTACHMENT_EXTENSIONS[type]}`);
  await files.put(key, bytes);
  try {
    // The row and its audit line together; the stored file goes if either fails.
    await db.transaction().execute(async (tx) => {
      const id = await insertAttachment(tx, {
        owner_type: ownerType,
        owner_id: ownerId,
        file_key: key,
        display_name: name,
        content_type: type,
        size_bytes: bytes.length,
        branch_id: record.branch_id,
        uploaded_by: c.var.user!.id,
        created_at: now(),
      });
      await audit(c, { action: 'create', entityType: 'attachment', entityId: id, changes: { owner: `${ownerType}:${ownerId}`, name, type, bytes: bytes.length } }, tx);
    });
  } catch (error) {
    await files.delete(key);
    throw error;
  }
  return ok(await listAttachments(c, ownerType, ownerId));
}

/** An attachment of a client or an order the user may see and change (`edit`) or view. */
async function reachable(c: AppContext, id: number, right: 'view' | 'edit') {
  const row = await findAttachment(c.var.deps.db, id);
  if (!row || row.owner_type === 'report') return err({ code: 'notFound' } as const);
  const ownerType: UploadOwner = row.owner_type;
  if (!hasPermission(c.var.user, OWNERS[ownerType][right]) || !visibleTo(c.var.user!, row)) return err({ code: 'forbidden' } as const);
  return ok({ ...row, owner_type: ownerType });
}

/** A stored file to download, with its type and a server-made name. */
export async function attachmentFile(c: AppContext, id: number): Promise<Result<{ bytes: Uint8Array; type: AttachmentType; filename: string }, AttachmentFailure>> {
  const found = await reachable(c, id, 'view');
  if (found.isErr()) return err(found.error);
  const row = found.value;
  const bytes = await c.var.deps.files.get(row.file_key);
  if (!bytes) return err({ code: 'notFound' });
  const type = row.content_type as AttachmentType;
  const filename = `${row.owner_type}-${row.owner_id}-attachment-${row.id}.${ATTACHMENT_EXTENSIONS[type] ?? 'bin'}`;
  return ok({ bytes, type, filename });
}

/** Deletes an attachment, its file and writes the audit line; the owner's attachments after it. */
export async function removeAttachment(c: AppContext, id: number): Promise<Result<AttachmentList, AttachmentFailure>> {
  const found = await reachable(c, id, 'edit');
  if (found.isErr()) return err(found.error);
  const row = found.value;
  const { db, files } = c.var.deps;
  await deleteAttachment(db, id);
  await files.delete(row.file_key);
  await audit(c, { action: 'delete', entityType: 'attachment', entityId: id, changes: { owner: `${row.owner_type}:${row.owner_id}`, name: row.display_name } });
  return ok(await listAttachments(c, row.owner_type, row.owner_id));
}
