import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { isServerMessageKey, translate, type ServerMessageKey } from '../i18n';
import type { AppContext } from './env';

/** Error replies in one shape: `{ message, errors? }`, the message in the caller's language. */
export function errorReply(
  c: AppContext,
  status: 400 | 401 | 403 | 404 | 409 | 413 | 419 | 422 | 429 | 500 | 503,
  key: ServerMessageKey,
  extra: Record<string, unknown> = {},
) {
  return c.json({ message: translate(c.var.language, key), ...extra }, status as ContentfulStatusCode);
}

/** 422 with one message for a field (e.g. failed sign-in on `email`). */
export function fieldError(c: AppContext, field: string, key: ServerMessageKey) {
  const message = translate(c.var.language, key);
  return c.json({ message, errors: { [field]: [message] } }, 422);
}

/** 422 with a message per invalid field, from a zod error. */
export function validationReply(c: AppContext, error: ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    const message = describeIssue(c, issue);
    (errors[field] ??= []).push(message);
  }
  const first = Object.values(errors)[0]?.[0] ?? translate(c.var.language, 'validation.invalid');
  return c.json({ message: first, errors }, 422);
}

function describeIssue(c: AppContext, issue: ZodError['issues'][number]): string {
  const lang = c.var.language;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? translate(lang, 'validation.required')
        : translate(lang, issue.expected === 'string' ? 'validation.string' : 'validation.invalid');
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return translate(lang, 'validation.tooSmall', { min: Number(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return translate(lang, 'validation.tooFew', { min: Number(issue.minimum) });
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return translate(lang, 'validation.required');
      return translate(lang, 'validation.tooShort', { count: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return translate(lang, 'validation.tooLarge', { max: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return translate(lang, 'validation.tooMany', { max: Number(issue.maximum) });
      return translate(lang, 'validation.tooLong', { count: Number(issue.maximum) });
    case 'invalid_format':
      return translate(lang, issue.format === 'email' ? 'validation.email' : 'validation.invalid');
    case 'custom': {
      // A refinement that names its message (e.g. the shared date schema, ./dates): the key and its values.
      const { message, ...values } = (issue.params ?? {}) as Record<string, string>;
      return message !== undefined && isServerMessageKey(message) ? translate(lang, message, values) : translate(lang, 'validation.invalid');
    }
    default:
      return translate(lang, 'validation.invalid');
  }
}

/**
 * Whether an error means the database cannot be reached (rather than a bug): a closed or refused
 * connection, PostgreSQL's connection-exception and shutdown states, a closed PGlite. Such a request
 * gets 503 and the app shows its offline banner; nothing was written, as every change runs in a
 * transaction or a single statement.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EPIPE)$/.test(code) || /^(08...|57P0[1-3]|53300)$/.test(code))) return true;
    if (typeof message === 'string' && /driver has already been destroyed|PGlite is closed|Connection terminated|connection to server .* failed|database system is (starting up|shutting down)/i.test(message)) return true;
  }
  return false;
}

/**
 * Whether the database refused a change because of another request at the same moment, rather than
 * a bug: a unique key taken meanwhile ('duplicate': two records with one name saved together), a row
 * it points to removed meanwhile, a deadlock or a serialization failure ('conflict'). Such a request
 * gets 409 and its transaction was rolled back.
 */
export function databaseConflict(error: unknown): 'duplicate' | 'conflict' | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return null;
    const { code } = e as { code?: unknown };
    if (code === '23505') return 'duplicate';
    if (code === '23503' || code === '40001' || code === '40P01') return 'conflict';
  }
  return null;
}
