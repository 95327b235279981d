import type { Language } from '../../domain/i18n/language';
import { centsToDecimal, type Cents } from '../../domain/money/money';
import { minuteToTime, type IsoDate } from '../../domain/time/dates';
import { dateText } from '../../domain/time/format';
import en from '../../locales/en/reminders.json';
import zhHK from '../../locales/zh-HK/reminders.json';

/**
 * The words of the reminders to customers, in both languages (Chinese first, then English, as the
 * documents print them), from locales/{lang}/reminders.json: the same file Settings → Customer
 * reminders reads, so the two cannot disagree.
 */
const EMAIL = { en: en.email, 'zh-HK': zhHK.email } satisfies Record<Language, typeof en.email>;
const LANGS: readonly Language[] = ['zh-HK', 'en'];

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');

const both = (text: (lang: Language) => string, joiner: string): string => LANGS.map(text).join(joiner);

/** HK$1,234.50 */
export function hkd(cents: Cents): string {
  const [whole = '0', fraction = '00'] = centsToDecimal(cents).split('.');
  return `HK$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** A day as people read it in each language, the day of the week first in English and last in Chinese ("Tue, 24 Nov 2026", "2026年11月24日星期二"; domain/time/format.ts). */
const longDate = (lang: Language, date: IsoDate): string => dateText(date, lang, { weekday: true });

export interface VisitWords {
  readonly name: string;
  readonly date: IsoDate;
  /** Minutes after midnight (Hong Kong), or null for a visit during the day. */
  readonly startMinute: number | null;
  readonly endMinute: number | null;
  readonly address: string;
}

export function dayBeforeMail(visit: VisitWords): { subject: string; text: string } {
  const time = (lang: Language) => (visit.startMinute === null || visit.endMinute === null ? EMAIL[lang].allDay : `${minuteToTime(visit.startMinute)}–${minuteToTime(visit.endMinute)}`);
  return {
    subject: both((lang) => fill(EMAIL[lang].dayBeforeSubject, { date: dateText(visit.date, lang) }), ' / '),
    text: `${both(
      (lang) =>
        fill(EMAIL[lang].dayBeforeBody, {
          name: visit.name || EMAIL[lang].customer,
          date: longDate(lang, visit.date),
          time: time(lang),
          address: visit.address || EMAIL[lang].noAddress,
        }),
      '\n\n—\n\n',
    )}\n`,
  };
}

export interface OverdueInvoiceWords {
  readonly number: string;
  readonly dueDate: IsoDate;
  readonly outstanding: Cents;
  /** The customer's link to the invoice, when one was made. */
  readonly url: string | null;
}

export function overdueMail(name: string, invoices: readonly OverdueInvoiceWords[]): { subject: string; text: string } {
  const total = invoices.reduce((sum, i) => sum + i.outstanding, 0);
  const lines = (lang: Language) =>
    invoices
      .map((i) => {
        const line = `- ${fill(EMAIL[lang].overdueLine, { number: i.number, dueDate: dateText(i.dueDate, lang), amount: hkd(i.outstanding) })}`;
        return i.url ? `${line}\n  ${fill(EMAIL[lang].link, { url: i.url })}` : line;
      })
      .join('\n');
  return {
    subject: both((lang) => EMAIL[lang].overdueSubject, ' / '),
    text: `${both((lang) => fill(EMAIL[lang].overdueBody, { name: name || EMAIL[lang].customer, lines: lines(lang), total: hkd(total) }), '\n\n—\n\n')}\n`,
  };
}
