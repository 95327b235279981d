import { createMiddleware } from 'hono/factory';
import { err, ok, type Result } from 'neverthrow';
import { MAX_UPLOAD_BYTES } from '../../domain/files/upload';
import { readBodyWithin } from './body';
import { errorReply } from './errors';
import type { AppContext, AppEnv } from './env';

/**
 * Reads an upload's body (a file, a photo, a signature, a logo), at most 5 MB. A route calls it only
 * once it has checked everything the path and headers decide (the permission, the record the file is
 * for, the user's access to it), so a refused upload is never read at all.
 * - a declared Content-Length over the limit is refused (413) before anything is read, and a body
 *   that streams past the limit is refused as soon as it does (the connection is then closed);
 * - a body that breaks off on the way (the connection closed or reset, fewer bytes than declared)
 *   is refused with 400, so a cut-off upload is never taken for a whole file, nothing is stored, and
 *   it is not logged as a server error.
 */
export async function readUpload(c: AppContext): Promise<Result<Uint8Array, Response>> {
  const read = await readBodyWithin(c, MAX_UPLOAD_BYTES);
  if (read.isOk()) return ok(read.value ?? new Uint8Array());
  c.header('Connection', 'close');
  return err(read.error === 'tooLarge' ? errorReply(c, 413, 'errors.tooLarge') : errorReply(c, 400, 'errors.uploadInterrupted'));
}

/**
 * On an upload's route, first: a reply sent without the body having been read (the permission, the
 * record or the key refused it) asks to close the connection, so the server reads none of the rest
 * of the body either (Node would otherwise read and drop what is still coming).
 */
export const closeWhenUnread = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.raw.body && !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close');
});
