import { documentMoney } from '../../domain/documents/printable';
import type { Language } from '../../domain/i18n/language';
import { dateText } from '../../domain/time/format';
import en from '../../locales/en/statements.json';
import zhHK from '../../locales/zh-HK/statements.json';
import type { MailLanguage } from '../mail/texts';

/**
 * The words of a statement's e-mail (subject, default message), in each language or both, from
 * locales/{lang}/statements.json: the same file the browser's "Send statement by e-mail" form reads
 * its default message from.
 */
const EMAIL = { en: en.email, 'zh-HK': zhHK.email } satisfies Record<Language, typeof en.email>;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');

function inLanguage(language: MailLanguage, text: (lang: Language) => string, joiner: string): string {
  return language === 'both' ? `${text('zh-HK')}${joiner}${text('en')}` : text(language);
}

export const statementSubject = (language: MailLanguage, reference: string): string => inLanguage(language, (lang) => fill(EMAIL[lang].subject, { reference }), ' / ');

/** The words of the button to the statement's customer link. */
export const statementButton = (language: MailLanguage): string => inLanguage(language, (lang) => EMAIL[lang].button, ' / ');

export const defaultStatementMessage = (language: MailLanguage, statement: { from: string; to: string; closing: number }): string =>
  inLanguage(language, (lang) => fill(EMAIL[lang].defaultMessage, { from: dateText(statement.from, lang), to: dateText(statement.to, lang), amount: documentMoney(statement.closing) }), '\n\n—\n\n');
