import { err, ok, type Result } from 'neverthrow';
import type * as z from 'zod';
import { fieldError, validationReply } from './errors';
import { unstorableTextPath } from './text';
import type { AppContext } from './env';

/** Validates the query string; a 422 reply with a message per parameter when it is not acceptable. */
export function parseQuery<S extends z.ZodType>(c: AppContext, schema: S): Result<z.output<S>, Response> {
  const query = c.req.query();
  const unstorable = unstorableTextPath(query);
  if (unstorable) return err(fieldError(c, unstorable.join('.') || '_', 'validation.unstorableText'));
  const parsed = schema.safeParse(query);
  return parsed.success ? ok(parsed.data) : err(validationReply(c, parsed.error));
}

/** A search term made safe for LIKE: its own % and _ match themselves. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** How many rows a page may hold, and which page to show. */
export function pageWindow(page: number, perPage: number): { limit: number; offset: number } {
  return { limit: perPage, offset: (page - 1) * perPage };
}

/**
 * An optional id in the query string (e.g. ?client_id= on a create screen): a whole number from 1 to
 * 999,999,999 (nine digits, within the database's integer), or null for anything else.
 */
export function queryId(value: string | undefined): number | null {
  return value !== undefined && /^[0-9]{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
