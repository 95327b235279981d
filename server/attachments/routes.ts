import { Hono } from 'hono';
import { AttachmentsReply } from '../../contract/attachments';
import type { AppEnv } from '../http/env';
import { failureReply } from '../http/failure';
import { requirePermission } from '../http/permissions';
import { replies } from '../http/reply';
import { requireUser } from '../http/session';
import { closeWhenUnread, readUpload } from '../http/upload';
import { attachmentFile, attachmentOwner, OWNERS, removeAttachment, uploadAttachment, type UploadOwner } from './service';

/**
 * Attachments of clients and orders: upload (5 MB, type by content), list with the
 * file-view scope, download under a server-made name, delete.
 */
export function attachmentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const uploaded = replies(AttachmentsReply, 201);
  const removed = replies(AttachmentsReply);

  for (const [ownerType, owner] of Object.entries(OWNERS) as [UploadOwner, (typeof OWNERS)[UploadOwner]][]) {
    routes.post(`/${owner.path}/:id{[0-9]{1,9}}/attachments`, closeWhenUnread, uploaded, ...requirePermission(owner.edit), async (c) => {
      // The client or order first: a file for one that does not exist is refused unread.
      const record = await attachmentOwner(c, ownerType, Number(c.req.param('id')));
      if (record.isErr()) return failureReply(c, record.error);
      const bytes = await readUpload(c);
      if (bytes.isErr()) return bytes.error;
      const result = await uploadAttachment(c, ownerType, record.value, bytes.value, c.req.header('x-file-name'));
      return result.match(
        (attachments) => uploaded.send(c, { attachments }),
        (failure) => failureReply(c, failure),
      );
    });
  }

  routes.get('/attachments/:id{[0-9]{1,9}}/download', requireUser, async (c) => {
    const result = await attachmentFile(c, Number(c.req.param('id')));
    if (result.isErr()) return failureReply(c, result.error);
    const { bytes, type, filename } = result.value;
    return c.body(bytes.slice().buffer, 200, {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  routes.delete('/attachments/:id{[0-9]{1,9}}', removed, requireUser, async (c) => {
    const result = await removeAttachment(c, Number(c.req.param('id')));
    return result.match(
      (attachments) => removed.send(c, { attachments }),
      (failure) => failureReply(c, failure),
    );
  });

  return routes;
}
