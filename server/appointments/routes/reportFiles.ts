import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { ReportReply } from '../../../contract/appointments';

import { closeWhenUnread, readUpload } from '../../http/upload';
import { parseQuery } from '../../http/query';
import { PhotoQuery } from '../input';
import { failureReply, replyWith } from '../replies';
import { addPhoto, deletePhoto, namedSigner, photoFile, sign, unsign } from '../reportFiles';
import { visitTarget } from '../visitService';

/** The completed report's signatures (drawn PNGs) and photos. */
export function reportFileRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  for (const who of ['client', 'worker'] as const) {
    /** A signature drawn on the screen, as a PNG (checked by its first bytes, at most 5 MB); the worker's names its signer by `?signer=`. */
    routes.put(`/appointments/:id{[0-9]{1,9}}/visits/:date/signatures/${who}`, closeWhenUnread, replies(ReportReply), ...requirePermission('appointment_edit'), async (c) => {
      // The visit first: a signature for a visit the user may not see is refused unread.
      const target = await visitTarget(c, Number(c.req.param('id')), c.req.param('date'));
      if (target.isErr()) return failureReply(c, target.error);
      const bytes = await readUpload(c);
      if (bytes.isErr()) return bytes.error;
      return replyWith(c, await sign(c, target.value, who, bytes.value, namedSigner(c.req.query('signer'))));
    });

    routes.delete(`/appointments/:id{[0-9]{1,9}}/visits/:date/signatures/${who}`, replies(ReportReply), ...requirePermission('appointment_edit'), async (c) => {
      const target = await visitTarget(c, Number(c.req.param('id')), c.req.param('date'));
      if (target.isErr()) return failureReply(c, target.error);
      return replyWith(c, await unsign(c, target.value, who));
    });
  }

  /** A photo for the completed report: an image (by its content), at most 5 MB, kept as an attachment of the visit; `?tag=before|after` tags it. */
  routes.post('/appointments/:id{[0-9]{1,9}}/visits/:date/photos', closeWhenUnread, replies(ReportReply, 201), ...requirePermission('appointment_edit'), async (c) => {
    const query = parseQuery(c, PhotoQuery);
    if (query.isErr()) return query.error;
    // The visit first: a photo for a visit the user may not see is refused unread.
    const target = await visitTarget(c, Number(c.req.param('id')), c.req.param('date'));
    if (target.isErr()) return failureReply(c, target.error);
    const bytes = await readUpload(c);
    if (bytes.isErr()) return bytes.error;
    return replyWith(c, await addPhoto(c, target.value, bytes.value, c.req.header('x-file-name'), query.value.tag ?? null), 201);
  });

  routes.get('/appointments/:id{[0-9]{1,9}}/photos/:photo_id{[0-9]{1,9}}', ...requirePermission('appointment_view'), async (c) => {
    const file = await photoFile(c, Number(c.req.param('id')), Number(c.req.param('photo_id')));
    if (file.isErr()) return failureReply(c, file.error);
    return c.body(file.value.bytes.slice().buffer, 200, {
      'Content-Type': file.value.contentType,
      'Content-Disposition': `inline; filename="${file.value.fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  routes.delete('/appointments/:id{[0-9]{1,9}}/photos/:photo_id{[0-9]{1,9}}', replies(ReportReply), ...requirePermission('appointment_edit'), async (c) => {
    return replyWith(c, await deletePhoto(c, Number(c.req.param('id')), Number(c.req.param('photo_id'))));
  });

  return routes;
}
