import { err, ok, type Result } from 'neverthrow';
import type * as z from 'zod';
import { jsonNestsDeeperThan, MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, readBodyWithin } from './body';
import { errorReply, fieldError, validationReply } from './errors';
import { unstorableTextPath } from './text';
import type { AppContext } from './env';

/**
 * Reads the JSON body and validates it; a reply to send back when it is not acceptable: 413 over
 * 1 MB (refused before reading when the size is declared, and read no further than the limit when
 * not), 400 when it breaks off, 422 when it is not JSON, nests too deeply, or fails the schema.
 */
export async function parseJsonBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<Result<z.output<S>, Response>> {
  const read = await readBodyWithin(c, MAX_JSON_BODY_BYTES);
  if (read.isErr()) return err(read.error === 'tooLarge' ? errorReply(c, 413, 'errors.bodyTooLarge') : errorReply(c, 400, 'errors.bodyInterrupted'));
  return parseJsonText(c, new TextDecoder().decode(read.value ?? new Uint8Array()), schema);
}

/** JSON text already read (a multipart request's JSON part), validated as parseJsonBody does: 422 when it is not JSON, nests too deeply, or fails the schema. */
export function parseJsonText<S extends z.ZodType>(c: AppContext, text: string, schema: S): Result<z.output<S>, Response> {
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return err(errorReply(c, 422, 'validation.tooDeep'));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return err(errorReply(c, 422, 'validation.invalidBody'));
  }
  const unstorable = unstorableTextPath(body);
  if (unstorable) return err(fieldError(c, unstorable.join('.') || '_', 'validation.unstorableText'));
  const parsed = schema.safeParse(body);
  return parsed.success ? ok(parsed.data) : err(validationReply(c, parsed.error));
}
