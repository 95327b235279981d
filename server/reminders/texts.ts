import type { Language } from '../../domain/i18n/language';
import { centsToDecimal, type Cents } from '../../domain/money/money';
import { minuteToTime, type IsoDate } from '../../domain/time/dates';
import { dateText } from '../../domain/time/format';
import en from '../../locales/en/reminders.json';
import { fill, inLanguage, type MailLanguage } from '../mail/texts';
import zhHK from '../../locales/zh-HK/reminders.json';

/**
 * The words of the reminders to customers, in the client's language of e-mails (Chinese, English,
 * or both: Chinese first, as the documents print them), from locales/{lang}/reminders.json: the
 * same file Settings → Customer reminders reads, so the two cannot disagree.
 */
const EMAIL = { en: en.email, 'zh-HK': zhHK.email } satisfies Record<Language, typeof en.email>;

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

/** A reminder's words: its subject, its plain text, and the message of its HTML part (its links go in buttons there). */
export interface ReminderWords {
  readonly subject: string;
  readonly text: string;
  readonly message: string;
  readonly buttons: readonly { readonly label: string; readonly url: string }[];
}

export function dayBeforeMail(visit: VisitWords, language: MailLanguage): ReminderWords {
  const time = (lang: Language) => (visit.startMinute === null || visit.endMinute === null ? EMAIL[lang].allDay : `${minuteToTime(visit.startMinute)}–${minuteToTime(visit.endMinute)}`);
  const body = (lang: Language) =>
    fill(EMAIL[lang].dayBeforeBody, {
      name: visit.name || EMAIL[lang].customer,
      date: longDate(lang, visit.date),
      time: time(lang),
      address: visit.address || EMAIL[lang].noAddress,
    });
  const text = `${inLanguage(language, body, '\n\n—\n\n')}\n`;
  return { subject: inLanguage(language, (lang) => fill(EMAIL[lang].dayBeforeSubject, { date: dateText(visit.date, lang) }), ' / '), text, message: text, buttons: [] };
}

export interface OverdueInvoiceWords {
  readonly number: string;
  readonly dueDate: IsoDate;
  readonly outstanding: Cents;
  /** The customer's link to the invoice, when one was made. */
  readonly url: string | null;
}

export function overdueMail(name: string, invoices: readonly OverdueInvoiceWords[], language: MailLanguage): ReminderWords {
  const total = invoices.reduce((sum, i) => sum + i.outstanding, 0);
  const lines = (lang: Language, links: boolean) =>
    invoices
      .map((i) => {
        const line = `- ${fill(EMAIL[lang].overdueLine, { number: i.number, dueDate: dateText(i.dueDate, lang), amount: hkd(i.outstanding) })}`;
        return links && i.url ? `${line}\n  ${fill(EMAIL[lang].link, { url: i.url })}` : line;
      })
      .join('\n');
  const body = (links: boolean) => `${inLanguage(language, (lang) => fill(EMAIL[lang].overdueBody, { name: name || EMAIL[lang].customer, lines: lines(lang, links), total: hkd(total) }), '\n\n—\n\n')}\n`;
  return {
    subject: inLanguage(language, (lang) => EMAIL[lang].overdueSubject, ' / '),
    text: body(true),
    message: body(false),
    buttons: invoices.flatMap((i) => (i.url ? [{ label: inLanguage(language, (lang) => fill(EMAIL[lang].button, { number: i.number }), ' / '), url: i.url }] : [])),
  };
}
