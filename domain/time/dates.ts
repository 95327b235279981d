/**
 * Calendar dates as 'YYYY-MM-DD' strings and Hong Kong local times. Hong Kong has kept UTC+08:00 all
 * year since 1979 (no daylight saving), so a local time converts to an instant by a fixed offset.
 * Arithmetic goes through UTC midnight so no time zone of the machine ever leaks in.
 */
export type IsoDate = string;

export const HK_OFFSET_MINUTES = 8 * 60;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The dates the business records: 1900 to 2100. A date beyond them is a slip of the keyboard
 * (9999-12-31), and the database's date arithmetic (due dates, validity, recurrences) would overflow.
 */
export const EARLIEST_DATE: IsoDate = '1900-01-01';
export const LATEST_DATE: IsoDate = '2100-12-31';

export function isWithinDateRange(date: IsoDate): boolean {
  return date >= EARLIEST_DATE && date <= LATEST_DATE;
}

export function toUtcMidnight(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function fromUtcMidnight(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toUtcMidnight(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtcMidnight(d);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMidnight(to).getTime() - toUtcMidnight(from).getTime()) / 86_400_000);
}

export function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/**
 * The same day `months` months later; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February). Always counted from `date` itself, so a series
 * built as addMonths(start, k) keeps returning to its own day.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parts(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return makeDate(y, m, Math.min(day, daysInMonth(y, m)));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: IsoDate): number {
  return toUtcMidnight(date).getUTCDay();
}

export function parts(date: IsoDate): { year: number; month: number; day: number } {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  return { year, month, day };
}

export function makeDate(year: number, month1: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date in Hong Kong at an instant. */
export function hongKongDate(instant: Date): IsoDate {
  return new Date(instant.getTime() + HK_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The instant of a Hong Kong local date and minute of the day. */
export function hongKongInstant(date: IsoDate, minuteOfDay: number): Date {
  return new Date(toUtcMidnight(date).getTime() + (minuteOfDay - HK_OFFSET_MINUTES) * 60_000);
}

/** An instant as Hong Kong local time with its offset, e.g. '2026-11-23T09:30:00+08:00'. */
export function toHongKongIso(instant: Date): string {
  return `${new Date(instant.getTime() + HK_OFFSET_MINUTES * 60_000).toISOString().slice(0, 19)}+08:00`;
}

/** 'HH:mm' of a minute of the day (0–1440). */
export function minuteToTime(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The minute of the day of 'HH:mm' ('24:00' is 1440), or null when it is not a time. */
export function timeToMinute(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minute <= 1440 ? minute : null;
}
