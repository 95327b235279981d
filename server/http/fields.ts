import * as z from 'zod';
import { translate, type ServerMessageKey } from '../i18n';
import { INT_MAX } from '../db/limits';
import type { AppContext } from './env';

/**
 * HTTP helpers every area's routes share (moved here from routes/admin/common.ts so that no route
 * file imports another): field-error replies, route parameters and the common input fields.
 */

/** 422 with the given field messages (already in the caller's language). */
export function fieldErrors(c: AppContext, errors: Record<string, string[]>) {
  return c.json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, 422);
}

/** One message key under several fields, e.g. "enter the English or the Chinese name" on both names. */
export function sameMessage(c: AppContext, fields: readonly string[], key: ServerMessageKey): Record<string, string[]> {
  const message = translate(c.var.language, key);
  return Object.fromEntries(fields.map((f) => [f, [message]]));
}

/** A numeric :param of the route, or NaN. */
export const idParam = (c: AppContext, name = 'id'): number => Number(c.req.param(name));

/** A trimmed, optional text field of at most `max` characters ('' when absent). */
export const optionalText = (max: number) => z.string().trim().max(max).default('');

/** The version an edit was loaded with. */
export const versionField = z.number().int().positive().max(INT_MAX);

/** Either name (English or Chinese) is enough; both are trimmed. */
export const bilingualName = { nameEn: optionalText(200), nameZh: optionalText(200) };

/** Whether the database refused a change for a foreign key (a row still pointing at a deleted one). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
