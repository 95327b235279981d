import { hongKongDate, isIsoDate, type IsoDate } from './dates';

/**
 * Dates as a person reads them, one way per language, everywhere: screens, printed documents and
 * their PDFs, customer pages, e-mails and exports (issue 31, item 23).
 *
 * | language | a day            | with its weekday       | a moment                |
 * |----------|------------------|------------------------|-------------------------|
 * | zh-HK    | 2026年12月9日     | 2026年12月9日星期三      | 2026年12月9日 下午3:04    |
 * | en       | 9 Dec 2026       | Wed, 9 Dec 2026        | 9 Dec 2026, 3:04 pm     |
 *
 * The weekday is 星期三 in Chinese — never 週三, the browser's short zh-HK weekday — and Wed in
 * English. Hong Kong time (UTC+08:00) for moments. Any language but English is written in Chinese,
 * the product's default. Formatting only: no clock is read here.
 */

const isEnglish = (language: string): boolean => language === 'en';

/** Each formatter is made once per language and options: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = isEnglish(language) ? 'en-HK' : 'zh-HK';
  const key = `${locale}${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Hong_Kong', ...options });
    formatters.set(key, made);
  }
  return made;
}

/** The weekday's width in each language: 星期三 (long) in Chinese, Wed (short) in English. */
const weekdayWidth = (language: string): 'long' | 'short' => (isEnglish(language) ? 'short' : 'long');

/** Noon in Hong Kong of a day, so no time zone moves it to another day. */
const noonOf = (date: IsoDate): Date => new Date(`${date}T12:00:00+08:00`);

export interface DateTextOptions {
  /** With the day of the week (default: without). */
  readonly weekday?: boolean;
  /** With the year (default: with). */
  readonly year?: boolean;
}

/**
 * A day (`YYYY-MM-DD`) as people read it: 2026年12月9日 / 9 Dec 2026; with `weekday`,
 * 2026年12月9日星期三 / Wed, 9 Dec 2026. Text that is not a date is given back as it is.
 */
export function dateText(date: IsoDate, language: string, options: DateTextOptions = {}): string {
  if (!isIsoDate(date)) return date;
  const { weekday = false, year = true } = options;
  return formatter(language, { ...(year ? { year: 'numeric' } : {}), month: 'short', day: 'numeric', ...(weekday ? { weekday: weekdayWidth(language) } : {}) }).format(noonOf(date));
}

/** The day of the week of a day: 星期三 / Wed. */
export function weekdayText(date: IsoDate, language: string): string {
  if (!isIsoDate(date)) return date;
  return formatter(language, { weekday: weekdayWidth(language) }).format(noonOf(date));
}

/** A time of day of a moment, in Hong Kong: 下午3:04 / 3:04 pm. */
export function timeText(instant: string | Date, language: string): string {
  const moment = new Date(instant);
  if (Number.isNaN(moment.getTime())) return String(instant);
  return formatter(language, { hour: 'numeric', minute: '2-digit' }).format(moment);
}

/** A moment (ISO 8601 text or a Date), in Hong Kong: 2026年12月9日 下午3:04 / 9 Dec 2026, 3:04 pm. */
export function dateTimeText(instant: string | Date, language: string): string {
  const moment = new Date(instant);
  if (Number.isNaN(moment.getTime())) return String(instant);
  const day = dateText(hongKongDate(moment), language);
  return isEnglish(language) ? `${day}, ${timeText(moment, language)}` : `${day} ${timeText(moment, language)}`;
}

/**
 * A month (`YYYY-MM`, as reports key them): 2026年1月 / Jan 2026; `year: '2-digit'` 26年1月 / Jan 26,
 * `year: false` 1月 / Jan (a chart's axis). Text that is not a month is given back as it is.
 */
export function monthText(month: string, language: string, options: { readonly year?: 'numeric' | '2-digit' | false } = {}): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return month;
  const { year = 'numeric' } = options;
  return formatter(language, { ...(year ? { year } : {}), month: 'short' }).format(noonOf(`${month}-15`));
}

/** A range of days: 2026年12月1日 – 2026年12月31日 / 1 Dec 2026 – 31 Dec 2026. */
export function dateRangeText(from: IsoDate, to: IsoDate, language: string): string {
  return `${dateText(from, language)} – ${dateText(to, language)}`;
}
