import { hundredthsToDecimal } from '../../../domain/money/money';
import { monthText } from '../../../domain/time/format';
import { isNamed, type ReportColumn } from '../../../application/reports/reports';
import { bilingual } from '../../format/bilingual';
import { formatHKD, formatRate } from '../../format/money';

/** The translate function of react-i18next, as the screens get it. */
export type Translate = (key: string) => string;

const locale = (language: string) => (language === 'en' ? 'en-HK' : 'zh-HK');

/** A month key ('2026-01') as people read it: "Jan 2026" / "2026年1月". */
export const formatMonth = (key: string, language: string): string => monthText(key, language);

/** A month key as a short axis label: "Jan" / "1月", with the year on January and on the first bar. */
export const formatMonthShort = (key: string, language: string, first: boolean): string => monthText(key, language, { year: first || key.endsWith('-01') ? '2-digit' : false });

/** A count or any plain number, grouped the local way. */
export const formatCount = (n: number, language: string) => new Intl.NumberFormat(locale(language)).format(n);

/** Minutes as hours with up to two decimals. */
export const formatHours = (minutes: number, language: string) => new Intl.NumberFormat(locale(language), { maximumFractionDigits: 2 }).format(minutes / 60);

/** One cell of a report as the screen shows it, by its column's kind. */
export function formatCell(column: ReportColumn, value: unknown, t: Translate, language: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = typeof value === 'number' ? value : Number(value);
  switch (column.kind) {
    case 'money':
      return formatHKD(n, language);
    case 'count':
      return formatCount(n, language);
    case 'quantity':
      return hundredthsToDecimal(n);
    case 'rate':
      return formatRate(n, language);
    case 'minutes':
      return formatHours(n, language);
    case 'bool':
      return t(value === true ? 'reports:yes' : 'reports:no');
    case 'name':
      return isNamed(value) ? bilingual(value, language) || '—' : '—';
    case 'code':
      return column.codes === 'month' ? formatMonth(typeof value === 'string' ? value : '', language) : t(`reports:code.${column.codes}.${typeof value === 'string' ? value : ''}`);
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
  }
}

/** Right-aligned columns (figures). */
export const isFigure = (column: ReportColumn) => ['money', 'count', 'quantity', 'rate', 'minutes'].includes(column.kind);
