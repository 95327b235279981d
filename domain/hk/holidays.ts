import type { IsoDate } from '../time/dates';

/** A holiday as kept in Settings → Holidays: a date and its names. */
export interface Holiday {
  readonly date: IsoDate;
  readonly nameEn: string;
  readonly nameZh: string;
}

/** The holidays of one year, from a list that may hold several. */
export function holidaysOfYear(holidays: readonly Holiday[], year: number): Holiday[] {
  const prefix = `${String(year).padStart(4, '0')}-`;
  return holidays.filter((h) => h.date.startsWith(prefix)).sort((a, b) => a.date.localeCompare(b.date));
}

/** The set of holiday dates, for flagging appointments that fall on one. */
export function holidayDates(holidays: readonly Holiday[]): ReadonlySet<IsoDate> {
  return new Set(holidays.map((h) => h.date));
}

export function isHoliday(date: IsoDate, holidays: ReadonlySet<IsoDate>): boolean {
  return holidays.has(date);
}
