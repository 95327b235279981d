import { Hono } from 'hono';
import { can, fileScope, hasPermission, type Permission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { ATTACHMENT_EXTENSIONS, sniffAttachmentType, type AttachmentType } from '../../domain/files/file-type';
import { checkUploadSize } from '../../domain/files/upload';
import { audit } from '../audit';
import { randomToken } from '../auth/tokens';
import { errorReply, fieldError } from '../http/errors';
import { uploadBody } from '../http/upload';
import type { AppContext, AppEnv } from '../http/env';
import { requirePermission } from '../http/permissions';
import { requireUser } from '../http/session';

/** 'report': photos of a visit's completed report, served and deleted by the appointment routes (they check who may see the appointment). */
export type OwnerType = 'client' | 'order' | 'report';

/** What each kind of owner is: its table and path, and the permissions that view and change its files. */
const OWNERS = {
  client: { table: 'clients', path: 'clients', view: 'client_view', edit: 'client_edit' },
  order: { table: 'orders', path: 'orders', view: 'order_view', edit: 'order_edit' },
} as const satisfies Record<Exclude<OwnerType, 'report'>, { table: 'clients' | 'orders'; path: string; view: Permission; edit: Permission }>;

/** The file-view scope (domain `can`) applied to one stored file. */
const visibleTo = (user: User, row: { branch_id: number | null; uploaded_by: number | null }): boolean =>
  can(user, 'view', { kind: 'file', branchId: row.branch_id, uploadedBy: row.uploaded_by });

/** The owner's attachments this user may see (the file-view scope applied in the query). */
export async function listAttachments(c: AppContext, ownerType: OwnerType, ownerId: number) {
  const user = c.var.user!;
  const scope = fileScope(user);
  let query = c.var.deps.db
    .selectFrom('attachments')
    .leftJoin('users', 'users.id', 'attachments.uploaded_by')
    .select([
      'attachments.id',
      'attachments.display_name',
      'attachments.content_type',
      'attachments.size_bytes',
      'attachments.created_at',
      'attachments.uploaded_by',
      'users.name as uploader',
    ])
    .where('attachments.owner_type', '=', ownerType)
    .where('attachments.owner_id', '=', ownerId);
  if (scope === 'none') return [];
  if (scope === 'branch') query = query.where('attachments.branch_id', '=', user.branchId ?? -1);
  if (scope === 'own') query = query.where('attachments.uploaded_by', '=', user.id);
  const rows = await query.orderBy('attachments.created_at', 'desc').orderBy('attachments.id', 'desc').execute();
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

/** The uploader's file name for display: no path, no control characters, at most 200 characters. */
function displayName(header: string | undefined, type: AttachmentType): string {
  let name: string;
  try {
    name = decodeURIComponent(header ?? '');
  } catch {
    name = '';
  }
  name = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return name || `file.${ATTACHMENT_EXTENSIONS[type]}`;
}

/**
 * Attachments of clients and orders: upload (5 MB, type by content), list with the
 * file-view scope, download under a server-made name, delete.
 */
export function attachmentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  for (const [ownerType, owner] of Object.entries(OWNERS) as [keyof typeof OWNERS, (typeof OWNERS)[keyof typeof OWNERS]][]) {
    routes.post(
      `/${owner.path}/:id{[0-9]{1,9}}/attachments`,
      ...requirePermission(owner.edit),
      uploadBody,
      async (c) => {
        const ownerId = Number(c.req.param('id'));
        const { db, files, now } = c.var.deps;
        const record = await db.selectFrom(owner.table).select(['id', 'branch_id']).where('id', '=', ownerId).executeTakeFirst();
        if (!record) return errorReply(c, 404, 'errors.notFound');
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        if (bytes.length === 0) return fieldError(c, 'file', 'validation.fileRequired');
        if (checkUploadSize(bytes.length).isErr()) return errorReply(c, 413, 'errors.tooLarge');
        const type = sniffAttachmentType(bytes);
        if (!type) return fieldError(c, 'file', 'validation.fileType');
        const key = `attachments/${ownerType}/${ownerId}/${randomToken(18)}`;
        const name = displayName(c.req.header('x-file-name'), type);
        await files.put(key, bytes);
        try {
          // The row and its audit line together; the stored file goes if either fails.
          await db.transaction().execute(async (tx) => {
            const row = await tx
              .insertInto('attachments')
              .values({
                owner_type: ownerType,
                owner_id: ownerId,
                file_key: key,
                display_name: name,
                content_type: type,
                size_bytes: bytes.length,
                branch_id: record.branch_id,
                uploaded_by: c.var.user!.id,
                created_at: now(),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await audit(c, { action: 'create', entityType: 'attachment', entityId: row.id, changes: { owner: `${ownerType}:${ownerId}`, name, type, bytes: bytes.length } }, tx);
          });
        } catch (error) {
          await files.delete(key);
          throw error;
        }
        return c.json({ attachments: await listAttachments(c, ownerType, ownerId) }, 201);
      },
    );
  }

  routes.get('/attachments/:id{[0-9]{1,9}}/download', requireUser, async (c) => {
    const id = Number(c.req.param('id'));
    const row = await c.var.deps.db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.owner_type === 'report') return errorReply(c, 404, 'errors.notFound');
    if (!hasPermission(c.var.user, OWNERS[row.owner_type].view) || !visibleTo(c.var.user!, row)) return errorReply(c, 403, 'auth.forbidden');
    const bytes = await c.var.deps.files.get(row.file_key);
    if (!bytes) return errorReply(c, 404, 'errors.notFound');
    const type = row.content_type as AttachmentType;
    const filename = `${row.owner_type}-${row.owner_id}-attachment-${row.id}.${ATTACHMENT_EXTENSIONS[type] ?? 'bin'}`;
    return c.body(bytes.slice().buffer, 200, {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  routes.delete('/attachments/:id{[0-9]{1,9}}', requireUser, async (c) => {
    const id = Number(c.req.param('id'));
    const { db, files } = c.var.deps;
    const row = await db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.owner_type === 'report') return errorReply(c, 404, 'errors.notFound');
    if (!hasPermission(c.var.user, OWNERS[row.owner_type].edit) || !visibleTo(c.var.user!, row)) return errorReply(c, 403, 'auth.forbidden');
    await db.deleteFrom('attachments').where('id', '=', id).execute();
    await files.delete(row.file_key);
    await audit(c, { action: 'delete', entityType: 'attachment', entityId: id, changes: { owner: `${row.owner_type}:${row.owner_id}`, name: row.display_name } });
    return c.json({ attachments: await listAttachments(c, row.owner_type, row.owner_id) });
  });

  return routes;
}
