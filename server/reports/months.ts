import { sql, type RawBuilder } from 'kysely';

/** The months ('YYYY-MM') a range touches, in order (a chart shows the empty ones too). */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 200; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return out;
}

/**
 * A row's month as a GROUP BY key: the first day of the month of `${alias}.date`. Grouping by it and
 * writing only each group's key as text (`to_char(key, 'YYYY-MM')`) gives the same groups as
 * grouping by `to_char(date, 'YYYY-MM')` without formatting every row's date (a tenth of the time of
 * a three-year analysis on PGlite). A timestamp without time zone: the same whatever the session's zone.
 */
export const monthKey = (alias: string): RawBuilder<unknown> => sql`date_trunc('month', ${sql.ref(`${alias}.date`)}::timestamp)`;
