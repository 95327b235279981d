import { err, ok, type Result } from 'neverthrow';
import { addDays, daysBetween, daysInMonth, hongKongInstant, isIsoDate, makeDate, parts, weekday, type IsoDate } from '../time/dates';

/**
 * How an appointment repeats (spec §3): once, daily, weekly, biweekly, monthly, yearly, or on a
 * specified week of the month ("the second Tuesday", "the last Friday").
 *
 * Month-end rule: a monthly series on the 29th, 30th or 31st falls on the last day of shorter months
 * (31 Jan → 28/29 Feb → 31 Mar …), and a yearly series on 29 February falls on 28 February in other
 * years. The series keeps its own day (`day`), so it returns to the 31st in long months.
 */
export type Recurrence =
  | { readonly freq: 'once' }
  | { readonly freq: 'daily' }
  | { readonly freq: 'weekly' }
  | { readonly freq: 'biweekly' }
  | { readonly freq: 'monthly'; readonly day: number }
  | { readonly freq: 'yearly'; readonly month: number; readonly day: number }
  | { readonly freq: 'monthly_weekday'; readonly week: 1 | 2 | 3 | 4 | -1; readonly weekday: number };

export type SeriesEnd = { readonly kind: 'count'; readonly count: number } | { readonly kind: 'until'; readonly until: IsoDate } | { readonly kind: 'never' };

export interface Series {
  /** The first day of the series (Hong Kong date). */
  readonly startDate: IsoDate;
  /** Minutes after midnight, Hong Kong time (ignored when all day). */
  readonly startMinute: number;
  readonly durationMinutes: number;
  readonly allDay: boolean;
  readonly recurrence: Recurrence;
  readonly end: SeriesEnd;
  /** Days taken out of the series (each edited or deleted on its own). */
  readonly exceptions: readonly IsoDate[];
}

export interface Occurrence {
  /** Position in the series, counting from 0 (days taken out still count). */
  readonly index: number;
  readonly date: IsoDate;
  readonly start: Date;
  readonly end: Date;
  readonly onHoliday: boolean;
}

/** The recurrence a new series gets from its start date (day of month, month, weekday). */
export function recurrenceFor(freq: Recurrence['freq'], startDate: IsoDate, week: 1 | 2 | 3 | 4 | -1 = 1): Recurrence {
  const { month, day } = parts(startDate);
  switch (freq) {
    case 'monthly':
      return { freq, day };
    case 'yearly':
      return { freq, month, day };
    case 'monthly_weekday':
      return { freq, week, weekday: weekday(startDate) };
    default:
      return { freq };
  }
}

/** The `week`-th `weekday` of a month (week −1: the last one). */
export function nthWeekdayOfMonth(year: number, month: number, week: 1 | 2 | 3 | 4 | -1, day: number): IsoDate {
  if (week === -1) {
    const last = makeDate(year, month, daysInMonth(year, month));
    return addDays(last, -((weekday(last) - day + 7) % 7));
  }
  const first = makeDate(year, month, 1);
  return addDays(first, ((day - weekday(first) + 7) % 7) + (week - 1) * 7);
}

function monthShift(year: number, month: number, by: number): { year: number; month: number } {
  const zero = year * 12 + (month - 1) + by;
  return { year: Math.floor(zero / 12), month: (zero % 12) + 1 };
}

/** The k-th date the rule gives, before the end and the exceptions are applied. */
function candidate(series: Series, k: number): IsoDate {
  const r = series.recurrence;
  const start = parts(series.startDate);
  switch (r.freq) {
    case 'once':
    case 'daily':
      return addDays(series.startDate, k);
    case 'weekly':
      return addDays(series.startDate, 7 * k);
    case 'biweekly':
      return addDays(series.startDate, 14 * k);
    case 'monthly': {
      const { year, month } = monthShift(start.year, start.month, k);
      return makeDate(year, month, Math.min(r.day, daysInMonth(year, month)));
    }
    case 'yearly': {
      const year = start.year + k;
      return makeDate(year, r.month, Math.min(r.day, daysInMonth(year, r.month)));
    }
    case 'monthly_weekday': {
      const { year, month } = monthShift(start.year, start.month, k);
      return nthWeekdayOfMonth(year, month, r.week, r.weekday);
    }
  }
}

/**
 * Every date of the series in order, before exceptions are taken out (an iterator: a series that
 * never ends never ends). The first is the start date, or for "week of the month" the first such
 * day on or after it.
 */
export function* seriesDates(series: Series): Generator<{ index: number; date: IsoDate }> {
  let index = 0;
  for (let k = 0; ; k++) {
    const date = candidate(series, k);
    if (series.recurrence.freq === 'monthly_weekday' && date < series.startDate) continue;
    if (series.end.kind === 'until' && date > series.end.until) return;
    if (series.end.kind === 'count' && index >= series.end.count) return;
    yield { index, date };
    index += 1;
    if (series.recurrence.freq === 'once') return;
  }
}

/**
 * The occurrences between `from` and `to` (Hong Kong dates, both included), without the days taken
 * out, each flagged when it falls on a holiday. Expansion stops at `to`, so a series without end is
 * fine.
 */
export function expand(series: Series, from: IsoDate, to: IsoDate, holidays: ReadonlySet<IsoDate> = new Set()): Occurrence[] {
  const out: Occurrence[] = [];
  const skip = new Set(series.exceptions);
  for (const { index, date } of seriesDates(series)) {
    if (date > to) break;
    if (date < from || skip.has(date)) continue;
    const startMinute = series.allDay ? 0 : series.startMinute;
    const duration = series.allDay ? 24 * 60 : series.durationMinutes;
    const start = hongKongInstant(date, startMinute);
    out.push({ index, date, start, end: new Date(start.getTime() + duration * 60_000), onHoliday: holidays.has(date) });
  }
  return out;
}

/** The occurrence of the series on `date`, if the series has one there (exceptions aside). */
export function occurrenceOn(series: Series, date: IsoDate): { index: number; date: IsoDate } | null {
  for (const entry of seriesDates(series)) {
    if (entry.date === date) return entry;
    if (entry.date > date) return null;
  }
  return null;
}

export type SeriesEditError = { readonly code: 'notAnOccurrence' } | { readonly code: 'firstOccurrence' };

/**
 * "This one only": the day is taken out of the series, and the edited visit becomes a series of its
 * own that happens once.
 */
export function editOne(series: Series, date: IsoDate, edited: Partial<Pick<Series, 'startDate' | 'startMinute' | 'durationMinutes' | 'allDay'>> = {}): Result<{ series: Series; single: Series }, SeriesEditError> {
  if (!occurrenceOn(series, date) || series.exceptions.includes(date)) return err({ code: 'notAnOccurrence' });
  return ok({
    series: { ...series, exceptions: [...series.exceptions, date].sort() },
    single: { ...series, startDate: date, ...edited, recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 }, exceptions: [] },
  });
}

/**
 * "This and future ones": the series ends the day before `date`, and a new series with the same
 * rule (and the changes) starts there. A count is shared out between the two; the days taken out
 * go with the part they fall in. Together the two give exactly the original dates.
 */
export function splitAt(series: Series, date: IsoDate, changes: Partial<Pick<Series, 'startMinute' | 'durationMinutes' | 'allDay'>> = {}): Result<{ before: Series; after: Series }, SeriesEditError> {
  const at = occurrenceOn(series, date);
  if (!at) return err({ code: 'notAnOccurrence' });
  if (at.index === 0) return err({ code: 'firstOccurrence' });
  const before: Series = {
    ...series,
    end: series.end.kind === 'count' ? { kind: 'count', count: at.index } : { kind: 'until', until: addDays(date, -1) },
    exceptions: series.exceptions.filter((d) => d < date),
  };
  // The new part restarts its rule at `date`, so its steps are counted from there: for rules measured
  // in days that is the same; month and year rules keep their day via `recurrence`.
  const after: Series = {
    ...series,
    ...changes,
    startDate: date,
    end: series.end.kind === 'count' ? { kind: 'count', count: series.end.count - at.index } : series.end,
    exceptions: series.exceptions.filter((d) => d >= date),
  };
  return ok({ before, after });
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const compact = (date: IsoDate) => date.replace(/-/g, '');

/** The day list that lands on `day`, or on the month's last day when the month is shorter. */
const clampedDays = (day: number): string => (day <= 28 ? `BYMONTHDAY=${day}` : `BYMONTHDAY=${Array.from({ length: day - 27 }, (_, i) => 28 + i).join(',')};BYSETPOS=-1`);

/**
 * The series as RFC 5545 text (DTSTART in Hong Kong time and an RRULE), e.g. for export to other
 * calendars. The month-end rule is spelled with BYMONTHDAY…;BYSETPOS=-1, which says "that day, or
 * the last one of a shorter month".
 */
export function toRRule(series: Series): string {
  const hh = String(Math.floor(series.startMinute / 60)).padStart(2, '0');
  const mm = String(series.startMinute % 60).padStart(2, '0');
  const dtstart = series.allDay ? `DTSTART;VALUE=DATE:${compact(series.startDate)}` : `DTSTART;TZID=Asia/Hong_Kong:${compact(series.startDate)}T${hh}${mm}00`;
  const r = series.recurrence;
  // A single visit has no rule at all, as in RFC 5545 (so "daily, once" stays a daily series).
  if (r.freq === 'once') return dtstart;
  const rule =
    r.freq === 'daily'
        ? 'FREQ=DAILY'
        : r.freq === 'weekly'
          ? 'FREQ=WEEKLY'
          : r.freq === 'biweekly'
            ? 'FREQ=WEEKLY;INTERVAL=2'
            : r.freq === 'monthly'
              ? `FREQ=MONTHLY;${clampedDays(r.day)}`
              : r.freq === 'yearly'
                ? `FREQ=YEARLY;BYMONTH=${r.month};${clampedDays(r.day)}`
                : `FREQ=MONTHLY;BYDAY=${r.week}${WEEKDAYS[r.weekday] ?? 'MO'}`;
  const end = series.end.kind === 'count' ? `;COUNT=${series.end.count}` : series.end.kind === 'until' ? `;UNTIL=${compact(series.end.until)}` : '';
  const exdates = series.exceptions.length > 0 ? `\nEXDATE;VALUE=DATE:${series.exceptions.map(compact).join(',')}` : '';
  return `${dtstart}\nRRULE:${rule}${end}${exdates}`;
}

export type RRuleError = { readonly code: 'rruleUnsupported'; readonly detail: string };

const expandDate = (text: string): IsoDate => `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;

/** Reads what toRRule writes (the rules the product supports), with the duration given separately. */
export function fromRRule(text: string, durationMinutes: number): Result<Series, RRuleError> {
  const fail = (detail: string) => err<Series, RRuleError>({ code: 'rruleUnsupported', detail });
  const lines = text.trim().split(/\r?\n/);
  const start = lines.find((l) => l.startsWith('DTSTART'));
  const ruleLine = lines.find((l) => l.startsWith('RRULE:')) ?? null;
  if (!start) return fail('DTSTART is needed');
  const allDay = start.includes('VALUE=DATE:');
  const stamp = start.split(':')[1] ?? '';
  const startDate = expandDate(stamp);
  if (!isIsoDate(startDate)) return fail('DTSTART');
  const startMinute = allDay ? 0 : Number(stamp.slice(9, 11)) * 60 + Number(stamp.slice(11, 13));
  const fields = new Map((ruleLine ?? '').slice('RRULE:'.length).split(';').map((part) => part.split('=') as [string, string]));
  const freq = fields.get('FREQ');
  const interval = Number(fields.get('INTERVAL') ?? '1');
  const count = fields.has('COUNT') ? Number(fields.get('COUNT')) : null;
  const until = fields.has('UNTIL') ? expandDate(fields.get('UNTIL') ?? '') : null;
  const monthDays = (fields.get('BYMONTHDAY') ?? '').split(',').filter(Boolean).map(Number);
  const day = monthDays.length > 0 ? Math.max(...monthDays) : parts(startDate).day;
  const byDay = /^(-1|[1-4])(SU|MO|TU|WE|TH|FR|SA)$/.exec(fields.get('BYDAY') ?? '');
  let recurrence: Recurrence;
  if (ruleLine === null) recurrence = { freq: 'once' };
  else if (freq === 'DAILY' && interval === 1) recurrence = { freq: 'daily' };
  else if (freq === 'WEEKLY' && interval === 1) recurrence = { freq: 'weekly' };
  else if (freq === 'WEEKLY' && interval === 2) recurrence = { freq: 'biweekly' };
  else if (freq === 'MONTHLY' && byDay) recurrence = { freq: 'monthly_weekday', week: Number(byDay[1]) as 1 | 2 | 3 | 4 | -1, weekday: WEEKDAYS.indexOf(byDay[2] as (typeof WEEKDAYS)[number]) };
  else if (freq === 'MONTHLY' && interval === 1) recurrence = { freq: 'monthly', day };
  else if (freq === 'YEARLY' && interval === 1) recurrence = { freq: 'yearly', month: Number(fields.get('BYMONTH') ?? parts(startDate).month), day };
  else return fail(ruleLine ?? '');
  const exLine = lines.find((l) => l.startsWith('EXDATE'));
  const exceptions = exLine ? (exLine.split(':')[1] ?? '').split(',').filter(Boolean).map(expandDate) : [];
  const end: SeriesEnd = recurrence.freq === 'once' || count !== null ? { kind: 'count', count: count ?? 1 } : until ? { kind: 'until', until } : { kind: 'never' };
  return ok({ startDate, startMinute, durationMinutes, allDay, recurrence, end, exceptions });
}

/**
 * The last day the series can reach (days taken out aside): its start for a single visit, the last
 * counted visit, the last visit on or before its end date, or null when it never ends. The server
 * keeps it beside the series so a range query reads only the series that can touch the range.
 */
export function lastDate(series: Series): IsoDate | null {
  if (series.recurrence.freq !== 'once' && series.end.kind === 'never') return null;
  let last: IsoDate | null = null;
  for (const { date } of seriesDates(series)) last = date;
  return last ?? series.startDate;
}

/** The date of the series' visit number `index` (0 = the first), exceptions aside; null past its end. */
export function dateAtIndex(series: Series, index: number): IsoDate | null {
  for (const entry of seriesDates(series)) {
    if (entry.index === index) return entry.date;
  }
  return null;
}

/** Whether the series still has a visit that was not taken out. */
export function hasVisits(series: Series): boolean {
  const skip = new Set(series.exceptions);
  for (const { date } of seriesDates(series)) {
    if (!skip.has(date)) return true;
  }
  return false;
}

/** What a change of schedule may set on a visit or on a run of visits. */
export interface ScheduleChange {
  /** Where the edited visit now falls (the first of the run for "this and future"). */
  readonly startDate: IsoDate;
  readonly startMinute: number;
  readonly durationMinutes: number;
  readonly allDay: boolean;
  /** A new rule for the run (only "this and future"); omitted: the same rule, moved with the visit. */
  readonly recurrence?: Recurrence;
  /** A new end for the run; omitted: the old end (an end date moves with the visits, a count is shared out). */
  readonly end?: SeriesEnd;
}

/** The week of the month a date is in, as "week of the month" rules count it (the 5th counts as last). */
function weekOfMonth(date: IsoDate): 1 | 2 | 3 | 4 | -1 {
  const week = Math.ceil(parts(date).day / 7);
  return week >= 5 ? -1 : (week as 1 | 2 | 3 | 4);
}

/** The rule moved to a new first day: its day of the month, month or weekday follow the new day. */
export function recurrenceMovedTo(recurrence: Recurrence, startDate: IsoDate): Recurrence {
  if (recurrence.freq === 'monthly_weekday') return recurrenceFor('monthly_weekday', startDate, recurrence.week === -1 ? -1 : weekOfMonth(startDate));
  return recurrenceFor(recurrence.freq, startDate);
}

/**
 * "This and future ones", with the visits moved: the series ends before `date` (or, from its first
 * visit, is replaced whole: `before` is null) and the run from `date` on gets the change. Moved to
 * another day, the rule follows the new day and the remaining visits keep their number: a count is
 * shared out, an end date and the days taken out move by the same number of days.
 */
export function editFuture(series: Series, date: IsoDate, change: ScheduleChange): Result<{ before: Series | null; after: Series; shiftDays: number }, SeriesEditError> {
  const at = occurrenceOn(series, date);
  if (!at || series.exceptions.includes(date)) return err({ code: 'notAnOccurrence' });
  const shiftDays = daysBetween(date, change.startDate);
  const before: Series | null =
    at.index === 0
      ? null
      : {
          ...series,
          end: series.end.kind === 'count' ? { kind: 'count', count: at.index } : { kind: 'until', until: addDays(date, -1) },
          exceptions: series.exceptions.filter((d) => d < date),
        };
  const movedEnd: SeriesEnd =
    series.end.kind === 'count' ? { kind: 'count', count: series.end.count - at.index } : series.end.kind === 'until' ? { kind: 'until', until: addDays(series.end.until, shiftDays) } : series.end;
  const recurrence = change.recurrence ?? (shiftDays === 0 ? series.recurrence : recurrenceMovedTo(series.recurrence, change.startDate));
  const after: Series = {
    startDate: change.startDate,
    startMinute: change.startMinute,
    durationMinutes: change.durationMinutes,
    allDay: change.allDay,
    recurrence,
    end: recurrence.freq === 'once' ? { kind: 'count', count: 1 } : (change.end ?? movedEnd),
    exceptions: change.recurrence ? [] : series.exceptions.filter((d) => d >= date).map((d) => addDays(d, shiftDays)),
  };
  return ok({ before, after, shiftDays });
}

/**
 * Deleting "this one only": the day is taken out. Null when no visit would be left, so the series
 * itself goes.
 */
export function removeOne(series: Series, date: IsoDate): Result<Series | null, SeriesEditError> {
  if (!occurrenceOn(series, date) || series.exceptions.includes(date)) return err({ code: 'notAnOccurrence' });
  const next: Series = { ...series, exceptions: [...series.exceptions, date].sort() };
  return ok(hasVisits(next) ? next : null);
}

/** Deleting "this and future ones": the series ends the day before, or goes whole (null) from its first visit. */
export function removeFuture(series: Series, date: IsoDate): Result<Series | null, SeriesEditError> {
  const at = occurrenceOn(series, date);
  if (!at || series.exceptions.includes(date)) return err({ code: 'notAnOccurrence' });
  if (at.index === 0) return ok(null);
  const before: Series = {
    ...series,
    end: series.end.kind === 'count' ? { kind: 'count', count: at.index } : { kind: 'until', until: addDays(date, -1) },
    exceptions: series.exceptions.filter((d) => d < date),
  };
  return ok(hasVisits(before) ? before : null);
}

/**
 * Where the visits from `date` on went after "this and future" (editFuture on `series` at `date`
 * gave `newRun`): the k-th visit from `date` is the k-th visit of the new run, so a report kept for
 * a future visit follows it. Dates with no counterpart map to null.
 */
export function followVisits(series: Series, date: IsoDate, newRun: Series, dates: readonly IsoDate[]): Map<IsoDate, IsoDate | null> {
  const oldRun: Series = { ...series, startDate: date, end: { kind: 'never' }, exceptions: [] };
  const out = new Map<IsoDate, IsoDate | null>();
  for (const d of dates) {
    const at = d >= date ? occurrenceOn(oldRun, d) : null;
    out.set(d, at ? dateAtIndex(newRun, at.index) : null);
  }
  return out;
}
