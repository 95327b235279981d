import { err, ok, type Result } from 'neverthrow';
import type { AppContext } from './env';

/** A JSON request body: at most 1 MB (the largest form the app sends is a few kilobytes). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** How deeply a JSON body may nest arrays and objects (the app's forms nest three or four levels). */
export const MAX_JSON_DEPTH = 32;

export type BodyProblem = 'tooLarge' | 'interrupted';

/**
 * Reads the request body, at most `limit` bytes, without ever holding more:
 * - a declared Content-Length over the limit is refused before anything is read;
 * - a body without one (chunked) is read until it passes the limit, and then no further;
 * - a body that breaks off on the way (the connection closed, fewer bytes than declared) is
 *   `interrupted`, so a cut-off body is never taken for a whole one.
 * Null when the request has no body.
 */
export async function readBodyWithin(c: AppContext, limit: number): Promise<Result<Uint8Array<ArrayBuffer> | null, BodyProblem>> {
  const body = c.req.raw.body;
  if (!body) return ok(null);
  const declaredHeader = c.req.header('content-length');
  const declared = declaredHeader !== undefined && !c.req.header('transfer-encoding') ? Number(declaredHeader) : null;
  if (declared !== null && declared > limit) return err('tooLarge');
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) {
        reader.cancel().catch(() => undefined);
        return err('tooLarge');
      }
      chunks.push(value);
    }
  } catch {
    return err('interrupted');
  }
  if (declared !== null && declared !== size) return err('interrupted');
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return ok(bytes);
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found in one pass over the text
 * before it is parsed (so nothing recursive ever sees a deep value).
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // a backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth--;
    }
  }
  return false;
}
