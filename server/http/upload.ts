import { createMiddleware } from 'hono/factory';
import { MAX_UPLOAD_BYTES } from '../../domain/files/upload';
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
  const body = c.req.raw.body;
  if (!body) return next();
  const declaredHeader = c.req.header('content-length');
  const declared = declaredHeader !== undefined && !c.req.header('transfer-encoding') ? Number(declaredHeader) : null;
  if (declared !== null && declared > MAX_UPLOAD_BYTES) return errorReply(c, 413, 'errors.tooLarge');
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_UPLOAD_BYTES) {
        reader.cancel().catch(() => undefined);
        return errorReply(c, 413, 'errors.tooLarge');
      }
      chunks.push(value);
    }
  } catch {
    return errorReply(c, 400, 'errors.uploadInterrupted');
  }
  if (declared !== null && declared !== size) return errorReply(c, 400, 'errors.uploadInterrupted');
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
});
