import * as z from 'zod';
import { INT_MAX } from '../db/limits';
import { isoDate } from './dates';

/** The query parameters every list endpoint with paging, CSV export, dates, branch and search shares. */
export const ListPaging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['json', 'csv']).default('json'),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  branch_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  q: z.string().trim().max(100).optional(),
};

/** A list's sort parameter ('-' in front for descending; checked by `sortEnum`) as its expression and direction. */
export function sortOf<T>(sort: string, columns: Readonly<Record<string, T>>): { by: T; direction: 'asc' | 'desc' } {
  const by = columns[sort.replace(/^-/, '')];
  if (by === undefined) throw new Error(`No sort column for ${sort}`);
  return { by, direction: sort.startsWith('-') ? 'desc' : 'asc' };
}

/** The sort parameter's allowed values for the given columns: each ascending and '-' descending. */
export const sortEnum = <K extends string>(columns: readonly K[]) => z.enum(columns.flatMap((k) => [k, `-${k}`]) as [`${K}` | `-${K}`, ...(`${K}` | `-${K}`)[]]);
