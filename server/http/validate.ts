import { err, ok, type Result } from 'neverthrow';
import type * as z from 'zod';
import { errorReply, fieldError, validationReply } from './errors';
import { unstorableTextPath } from './text';
import type { AppContext } from './env';

/** Reads the JSON body and validates it; a reply to send back (400/422) when it is not acceptable. */
export async function parseJsonBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<Result<z.output<S>, Response>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return err(errorReply(c, 422, 'validation.invalidBody'));
  }
  const unstorable = unstorableTextPath(body);
  if (unstorable) return err(fieldError(c, unstorable.join('.') || '_', 'validation.unstorableText'));
  const parsed = schema.safeParse(body);
  return parsed.success ? ok(parsed.data) : err(validationReply(c, parsed.error));
}
