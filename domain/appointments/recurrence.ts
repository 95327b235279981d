import { err, ok, type Result } from 'neverthrow';
import { addDays, daysBetween, daysInMonth, hongKongDate, hongKongInstant, isIsoDate, makeDate, parts, weekday, type IsoDate } from '../time/dates';

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
  // RFC 5545 §3.8.5.3: DTSTART is the first instance, so it is the first visit (for "week of the
  // month", the first such day on or after the start date), not the day the series was typed from.
  const first = firstDate(series) ?? series.startDate;
  const dtstart = series.allDay ? `DTSTART;VALUE=DATE:${compact(first)}` : `DTSTART;TZID=Asia/Hong_Kong:${compact(first)}T${hh}${mm}00`;
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
  // RFC 5545 §3.3.10 and §3.8.5.1: UNTIL and EXDATE take the value type of DTSTART; a bare date is
  // read as UTC midnight and drops the last day's visit. For a timed series EXDATE names each visit's
  // start, and UNTIL is a UTC time between the last visit and the next one: the last visit's wall
  // time written as UTC (8 hours after it). That one value also suits readers that compare UNTIL with
  // the wall time, as rrule.js (which FullCalendar uses) does for a TZID start.
  const until = (date: IsoDate) => (series.allDay ? compact(date) : `${compact(date)}T${hh}${mm}00Z`);
  const end = series.end.kind === 'count' ? `;COUNT=${series.end.count}` : series.end.kind === 'until' ? `;UNTIL=${until(series.end.until)}` : '';
  const exdates =
    series.exceptions.length === 0
      ? ''
      : series.allDay
        ? `\nEXDATE;VALUE=DATE:${series.exceptions.map(compact).join(',')}`
        : `\nEXDATE;TZID=Asia/Hong_Kong:${series.exceptions.map((d) => `${compact(d)}T${hh}${mm}00`).join(',')}`;
  return `${dtstart}\nRRULE:${rule}${end}${exdates}`;
}

/**
 * Why a rule text cannot be read as a series the product can keep: `reason` names what, `detail`
 * quotes the part of the text.
 */
export type RRuleProblem =
  | 'noStart' // no DTSTART line
  | 'startValue' // DTSTART is not a date or a date and time to the minute
  | 'timeZone' // a time zone other than Hong Kong (or UTC)
  | 'property' // a line other than DTSTART, one RRULE and EXDATE (RDATE, EXRULE, a second RRULE …)
  | 'part' // a rule part the product has no use for (BYHOUR, BYWEEKNO …), or one given twice
  | 'frequency' // FREQ other than DAILY, WEEKLY, MONTHLY, YEARLY
  | 'interval' // an interval other than 1 (or 2 for WEEKLY)
  | 'byDay' // BYDAY other than one weekday (WEEKLY: DTSTART's) or one 1st–4th/last weekday (MONTHLY)
  | 'monthDay' // BYMONTHDAY other than one day 1–28, the last day (-1) or "28,…,31;BYSETPOS=-1"
  | 'month' // BYMONTH other than one month
  | 'startNotOnRule' // DTSTART is not a day of the monthly or yearly rule
  | 'count' // COUNT is not a whole number from 1
  | 'until' // UNTIL is not a date or a date and time
  | 'countAndUntil' // both COUNT and UNTIL (RFC 5545 forbids it)
  | 'exdate'; // an EXDATE that is not a date, or not at the visits' time

export type RRuleError = { readonly code: 'rruleUnsupported'; readonly reason: RRuleProblem; readonly detail: string };

const expandDate = (text: string): IsoDate => `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;

/** A DATE or DATE-TIME value as a Hong Kong date and minute (UTC converted; a local time read as Hong Kong's). */
function readStamp(value: string): { date: IsoDate; minute: number | null } | null {
  const m = /^(\d{8})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value);
  if (!m) return null;
  const [, day = '', h, mi, sec, utc] = m;
  const date = expandDate(day);
  if (!isIsoDate(date)) return null;
  if (h === undefined) return { date, minute: null };
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  const minute = Number(h) * 60 + Number(mi);
  if (!utc) return { date, minute };
  const instant = new Date(Date.parse(`${date}T00:00:00Z`) + minute * 60_000);
  return { date: hongKongDate(instant), minute: Math.round((instant.getTime() - hongKongInstant(hongKongDate(instant), 0).getTime()) / 60_000) };
}

/** One content line: its name, parameters and value, e.g. `DTSTART;TZID=Asia/Hong_Kong:20260131T093000`. */
function contentLine(line: string): { name: string; params: Map<string, string>; value: string } {
  const colon = line.indexOf(':');
  const head = colon < 0 ? line : line.slice(0, colon);
  const [name = '', ...params] = head.split(';');
  return { name: name.toUpperCase(), params: new Map(params.map((p) => [p.split('=')[0]!.toUpperCase(), p.slice(p.indexOf('=') + 1)])), value: colon < 0 ? '' : line.slice(colon + 1).trim() };
}

const zoneOk = (params: Map<string, string>): boolean => !params.has('TZID') || params.get('TZID') === 'Asia/Hong_Kong';

/** The day of the month a BYMONTHDAY/BYSETPOS pair keeps with the month-end rule, or null when it says something else. */
function monthDayOf(byMonthDay: string | undefined, bySetPos: string | undefined): number | null {
  if (byMonthDay === undefined) return null;
  const days = byMonthDay.split(',').map((d) => (/^[+-]?\d{1,2}$/.test(d) ? Number(d) : NaN));
  if (bySetPos === undefined) {
    if (days.length !== 1) return null;
    const [day = NaN] = days;
    return day === -1 ? 31 : day >= 1 && day <= 28 ? day : null;
  }
  // toRRule's month-end rule: "28,29,…,d;BYSETPOS=-1", the d-th or the last day of a shorter month.
  const sorted = [...new Set(days)].sort((x, y) => x - y);
  const last = sorted[sorted.length - 1] ?? NaN;
  return bySetPos === '-1' && last >= 29 && last <= 31 && sorted.length === last - 27 && sorted.every((d, i) => d === 28 + i) ? last : null;
}

/**
 * Reads RFC 5545 text (DTSTART, an RRULE, EXDATE) as a series, with the duration given separately.
 * It takes what toRRule writes and the same rules spelt another way, and refuses, with the reason,
 * every rule it cannot keep as it is (several days a month, "the 2nd last Monday", a 5th Friday,
 * several months, a 31st that skips short months …) rather than keep a different one.
 */
export function fromRRule(text: string, durationMinutes: number): Result<Series, RRuleError> {
  const fail = (reason: RRuleProblem, detail: string) => err<Series, RRuleError>({ code: 'rruleUnsupported', reason, detail });
  // Unfold (RFC 5545 §3.1: a line starting with a space or a tab continues the one before).
  const lines = text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map(contentLine);
  const starts = lines.filter((l) => l.name === 'DTSTART');
  const rules = lines.filter((l) => l.name === 'RRULE');
  const other = lines.find((l) => !['DTSTART', 'RRULE', 'EXDATE'].includes(l.name) || (l.name !== 'EXDATE' && (l.name === 'DTSTART' ? starts : rules).length > 1));
  if (starts.length === 0) return fail('noStart', text.trim());
  if (other) return fail('property', other.name);
  const start = starts[0]!;
  if (!zoneOk(start.params)) return fail('timeZone', start.params.get('TZID') ?? '');
  const allDay = start.params.get('VALUE') === 'DATE';
  const stamp = readStamp(start.value);
  if (!stamp || (stamp.minute === null) !== allDay || (stamp.minute !== null && !/^\d{8}T\d{4}00Z?$/.test(start.value))) return fail('startValue', start.value);
  const startDate = stamp.date;
  const startMinute = stamp.minute ?? 0;
  const { year, month, day } = parts(startDate);

  const exceptions: IsoDate[] = [];
  for (const line of lines.filter((l) => l.name === 'EXDATE')) {
    if (!zoneOk(line.params)) return fail('timeZone', line.params.get('TZID') ?? '');
    for (const value of line.value.split(',').filter(Boolean)) {
      const ex = readStamp(value);
      // A timed EXDATE takes out a visit only at the visit's own time.
      if (!ex || (ex.minute !== null && (allDay || ex.minute !== startMinute))) return fail('exdate', value);
      exceptions.push(ex.date);
    }
  }
  const exdates = [...new Set(exceptions)].sort();

  const rule = rules[0];
  if (!rule) return ok({ startDate, startMinute, durationMinutes, allDay, recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 }, exceptions: exdates });
  const fields = new Map<string, string>();
  for (const part of rule.value.split(';').filter(Boolean)) {
    const [key = '', value = ''] = part.split('=');
    const name = key.toUpperCase();
    if (!['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS', 'WKST'].includes(name) || fields.has(name) || !part.includes('=')) return fail('part', part);
    fields.set(name, value.toUpperCase());
  }
  const freq = fields.get('FREQ');
  const interval = fields.has('INTERVAL') ? (/^\d{1,4}$/.test(fields.get('INTERVAL')!) ? Number(fields.get('INTERVAL')) : NaN) : 1;
  const byDay = fields.get('BYDAY');
  const byMonthDay = fields.get('BYMONTHDAY');
  const byMonth = fields.get('BYMONTH');
  const bySetPos = fields.get('BYSETPOS');
  const unused = (...names: string[]) => names.find((n) => fields.has(n));
  if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY' && freq !== 'YEARLY') return fail('frequency', freq ?? rule.value);
  if (!(interval === 1 || (interval === 2 && freq === 'WEEKLY'))) return fail('interval', fields.get('INTERVAL') ?? '');
  if (fields.has('WKST') && !(WEEKDAYS as readonly string[]).includes(fields.get('WKST')!)) return fail('part', `WKST=${fields.get('WKST')}`);

  let recurrence: Recurrence;
  if (freq === 'DAILY') {
    const extra = unused('BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS');
    if (extra) return fail('part', `${extra}=${fields.get(extra)}`);
    recurrence = { freq: 'daily' };
  } else if (freq === 'WEEKLY') {
    const extra = unused('BYMONTHDAY', 'BYMONTH', 'BYSETPOS');
    if (extra) return fail('part', `${extra}=${fields.get(extra)}`);
    if (byDay !== undefined && byDay !== WEEKDAYS[weekday(startDate)]) return fail('byDay', byDay);
    recurrence = interval === 2 ? { freq: 'biweekly' } : { freq: 'weekly' };
  } else if (freq === 'MONTHLY' && byDay !== undefined) {
    const extra = unused('BYMONTHDAY', 'BYMONTH', 'BYSETPOS');
    if (extra) return fail('part', `${extra}=${fields.get(extra)}`);
    const nth = /^(-1|\+?[1-4])(SU|MO|TU|WE|TH|FR|SA)$/.exec(byDay);
    if (!nth) return fail('byDay', byDay);
    recurrence = { freq: 'monthly_weekday', week: Number(nth[1]) as 1 | 2 | 3 | 4 | -1, weekday: WEEKDAYS.indexOf(nth[2] as (typeof WEEKDAYS)[number]) };
  } else if (freq === 'MONTHLY') {
    if (byMonth !== undefined) return fail('part', `BYMONTH=${byMonth}`);
    // Without BYMONTHDAY the day is DTSTART's; a 29th–31st would then skip the shorter months.
    const monthDay = byMonthDay === undefined && bySetPos === undefined ? (day <= 28 ? day : null) : monthDayOf(byMonthDay, bySetPos);
    if (monthDay === null) return fail('monthDay', [byMonthDay && `BYMONTHDAY=${byMonthDay}`, bySetPos && `BYSETPOS=${bySetPos}`].filter(Boolean).join(';') || `DTSTART ${startDate}`);
    if (Math.min(monthDay, daysInMonth(year, month)) !== day) return fail('startNotOnRule', start.value);
    recurrence = { freq: 'monthly', day: monthDay };
  } else {
    if (byDay !== undefined) return fail('byDay', byDay);
    const ruleMonth = byMonth === undefined ? month : /^\d{1,2}$/.test(byMonth) && Number(byMonth) >= 1 && Number(byMonth) <= 12 ? Number(byMonth) : null;
    if (ruleMonth === null) return fail('month', byMonth ?? '');
    // Without BYMONTHDAY the day is DTSTART's: 29 February would skip the other years.
    const monthDay = byMonthDay === undefined && bySetPos === undefined ? (day <= daysInMonth(2001, ruleMonth) ? day : null) : monthDayOf(byMonthDay, bySetPos);
    if (monthDay === null || monthDay > daysInMonth(2000, ruleMonth)) return fail('monthDay', [byMonthDay && `BYMONTHDAY=${byMonthDay}`, bySetPos && `BYSETPOS=${bySetPos}`].filter(Boolean).join(';') || `DTSTART ${startDate}`);
    if (ruleMonth !== month || Math.min(monthDay, daysInMonth(year, month)) !== day) return fail('startNotOnRule', start.value);
    recurrence = { freq: 'yearly', month: ruleMonth, day: monthDay };
  }

  const countText = fields.get('COUNT');
  const untilText = fields.get('UNTIL');
  if (countText !== undefined && untilText !== undefined) return fail('countAndUntil', rule.value);
  if (countText !== undefined && !(/^\d{1,6}$/.test(countText) && Number(countText) >= 1)) return fail('count', countText);
  let end: SeriesEnd = { kind: 'never' };
  if (countText !== undefined) end = { kind: 'count', count: Number(countText) };
  if (untilText !== undefined) {
    const until = readStamp(untilText);
    if (!until) return fail('until', untilText);
    // The last Hong Kong day whose visit (at the start time) is not after UNTIL.
    end = { kind: 'until', until: until.minute === null || allDay || until.minute >= startMinute ? until.date : addDays(until.date, -1) };
  }
  return ok({ startDate, startMinute, durationMinutes, allDay, recurrence, end, exceptions: exdates });
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

/**
 * The day of the series' first visit (days taken out aside), or null when it has none: a "week of
 * the month" series starts on the first such day on or after its start date, and its end may come
 * before it.
 */
export function firstDate(series: Series): IsoDate | null {
  for (const { date } of seriesDates(series)) return date;
  return null;
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

/**
 * The week of the month of a date, as a "week of the month" rule says it: 1st to 4th by the day of
 * the month (1–7, 8–14, 15–21, 22–28), and "last" for a fifth one (29th–31st), since not every month
 * has a fifth. A day that is both the 4th and the last of its weekday in its month is either: it
 * stays "last" when the rule said "last" (`wasLast`), and is the 4th otherwise.
 */
function weekOfMonth(date: IsoDate, wasLast: boolean): 1 | 2 | 3 | 4 | -1 {
  const { year, month, day } = parts(date);
  const week = Math.ceil(day / 7);
  if (week >= 5) return -1;
  return wasLast && day + 7 > daysInMonth(year, month) ? -1 : (week as 1 | 2 | 3 | 4);
}

/** The rule moved to a new first day: its day of the month, month, weekday and week of the month follow the new day. */
export function recurrenceMovedTo(recurrence: Recurrence, startDate: IsoDate): Recurrence {
  if (recurrence.freq === 'monthly_weekday') return recurrenceFor('monthly_weekday', startDate, weekOfMonth(startDate, recurrence.week === -1));
  return recurrenceFor(recurrence.freq, startDate);
}

/**
 * "This and future ones", with the visits moved: the series ends before `date` (or, from its first
 * visit, is replaced whole: `before` is null) and the run from `date` on gets the change. Moved to
 * another day, the rule follows the new day (`recurrenceMovedTo`) and the remaining visits keep
 * their number and their order: the k-th visit from `date` is the k-th of the new run, so a count is
 * shared out, and the days taken out and the last visit (an end date) follow their visits.
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
  const recurrence = change.recurrence ?? (shiftDays === 0 ? series.recurrence : recurrenceMovedTo(series.recurrence, change.startDate));
  const run: Series = { startDate: change.startDate, startMinute: change.startMinute, durationMinutes: change.durationMinutes, allDay: change.allDay, recurrence, end: { kind: 'never' }, exceptions: [] };
  if (recurrence.freq === 'once') return ok({ before, after: { ...run, end: { kind: 'count', count: 1 } }, shiftDays });
  if (change.recurrence) {
    const end = change.end ?? (series.end.kind === 'count' ? { kind: 'count', count: series.end.count - at.index } : series.end.kind === 'until' ? { kind: 'until', until: addDays(series.end.until, shiftDays) } : series.end);
    return ok({ before, after: { ...run, end }, shiftDays });
  }
  // The same rule, moved: the k-th visit from `date` becomes the k-th visit of the new run, and the
  // days taken out and the last visit follow theirs. (A month or a year is not a fixed number of
  // days: shifting the dates themselves would bring a deleted visit back, or drop the last one.)
  const follow = (dates: readonly IsoDate[]) => followVisits(series, date, run, dates);
  const rest = series.exceptions.filter((d) => d >= date);
  const moved = follow(rest);
  const exceptions = [...new Set(rest.map((d) => moved.get(d)).filter((d): d is IsoDate => typeof d === 'string'))].sort();
  const movedEnd = (): SeriesEnd => {
    if (series.end.kind !== 'until') return series.end.kind === 'count' ? { kind: 'count', count: series.end.count - at.index } : series.end;
    // The end date moves by the same days, unless that would drop or add a visit: then it is the
    // new day of the last visit.
    const last = lastDate(series) ?? date;
    const lastMoved = follow([last]).get(last) ?? addDays(last, shiftDays);
    const shifted: SeriesEnd = { kind: 'until', until: addDays(series.end.until, shiftDays) };
    return lastDate({ ...run, end: shifted }) === lastMoved ? shifted : { kind: 'until', until: lastMoved };
  };
  return ok({ before, after: { ...run, end: change.end ?? movedEnd(), exceptions }, shiftDays });
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
