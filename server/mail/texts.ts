import type { Language } from '../../domain/i18n/language';
import en from '../../locales/en/mail.json';
import zhHK from '../../locales/zh-HK/mail.json';

/**
 * The words of the e-mails the server sends (subject, default message, the test e-mail), in each
 * language, from locales/{lang}/mail.json: the same file the browser's "Send by e-mail" form reads
 * its default message from, so the two cannot disagree.
 */
const EMAIL = { en: en.email, 'zh-HK': zhHK.email } satisfies Record<Language, typeof en.email>;

export type MailLanguage = Language | 'both';
export type MailDocument = keyof typeof en.email.documents;

export const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One text in one language, or both (Chinese first, then English, as the documents print them). */
export function inLanguage(language: MailLanguage, text: (lang: Language) => string, joiner: string): string {
  return language === 'both' ? `${text('zh-HK')}${joiner}${text('en')}` : text(language);
}

const documentValues = (lang: Language, document: MailDocument, number: string) => {
  const name = EMAIL[lang].documents[document];
  return { document: name, Document: capital(name), number };
};

export const documentSubject = (language: MailLanguage, document: MailDocument, number: string): string =>
  inLanguage(language, (lang) => fill(EMAIL[lang].subject, documentValues(lang, document, number)), ' / ');

export const defaultDocumentMessage = (language: MailLanguage, document: MailDocument, number: string): string =>
  inLanguage(language, (lang) => fill(EMAIL[lang].defaultMessage, documentValues(lang, document, number)), '\n\n—\n\n');

export const attachedLine = (language: MailLanguage, fileName: string): string => inLanguage(language, (lang) => fill(EMAIL[lang].attached, { fileName }), '\n');

export const linkLine = (language: MailLanguage, url: string): string => inLanguage(language, (lang) => fill(EMAIL[lang].link, { url }), '\n');

/** The words of the button to a document's customer link ("View the quotation online"). */
export const documentButton = (language: MailLanguage, document: MailDocument): string => inLanguage(language, (lang) => fill(EMAIL[lang].button, { document: EMAIL[lang].documents[document] }), ' / ');

/** Said under a button, before its address written out. */
export const buttonFallback = (language: MailLanguage): string => inLanguage(language, (lang) => EMAIL[lang].buttonFallback, ' / ');

export const testMail = (host: string) => ({
  subject: inLanguage('both', (lang) => EMAIL[lang].testSubject, ' / '),
  text: inLanguage('both', (lang) => fill(EMAIL[lang].testBody, { host }), '\n\n'),
});
