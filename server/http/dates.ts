import * as z from 'zod';
import { EARLIEST_DATE, hongKongDate, isIsoDate, isWithinDateRange, LATEST_DATE, type IsoDate } from '../../domain/time/dates';
import type { AppContext } from './env';

/**
 * The one schema of a date in every endpoint's body, query string and path: 'YYYY-MM-DD', a real day,
 * from 1900-01-01 to 2100-12-31. A bad one gets 422 with its message (validation.date or
 * validation.dateRange, in the caller's language: see describeIssue in ./errors).
 */
export const isoDate = z
  .string()
  .refine(isIsoDate, { abort: true, params: { message: 'validation.date' } })
  .refine(isWithinDateRange, { params: { message: 'validation.dateRange', earliest: EARLIEST_DATE, latest: LATEST_DATE } })
  .meta({ format: 'date', description: `A date, YYYY-MM-DD, from ${EARLIEST_DATE} to ${LATEST_DATE}.` });

/** Today in Hong Kong, by the server's clock. */
export const today = (c: AppContext): IsoDate => hongKongDate(c.var.deps.now());
