import { err, ok, type Result } from 'neverthrow';
import type * as z from 'zod';
import { validationReply } from './errors';
import type { AppContext } from './env';

/** Validates the query string; a 422 reply with a message per parameter when it is not acceptable. */
export function parseQuery<S extends z.ZodType>(c: AppContext, schema: S): Result<z.output<S>, Response> {
  const parsed = schema.safeParse(c.req.query());
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
