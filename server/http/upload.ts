import { createMiddleware } from 'hono/factory';
import { MAX_UPLOAD_BYTES } from '../../domain/files/upload';
import { readBodyWithin } from './body';
import { errorReply } from './errors';
import type { AppEnv } from './env';

/**
 * Reads an upload's body (a file, a photo, a signature) before the route does, at most 5 MB:
 * - a declared Content-Length over the limit is refused (413) before anything is read, and a body
 *   that streams past the limit is refused as soon as it does;
 * - a body that breaks off on the way (the connection closed or reset, fewer bytes than declared)
 *   is refused with 400, so a cut-off upload is never taken for a whole file, nothing is stored, and
 *   it is not logged as a server error.
 * The route then reads the bytes as usual (`c.req.arrayBuffer()`).
 */
export const uploadBody = createMiddleware<AppEnv>(async (c, next) => {
  const read = await readBodyWithin(c, MAX_UPLOAD_BYTES);
  if (read.isErr()) return read.error === 'tooLarge' ? errorReply(c, 413, 'errors.tooLarge') : errorReply(c, 400, 'errors.uploadInterrupted');
  if (read.value) c.req.raw = new Request(c.req.raw, { body: read.value });
  return next();
});
