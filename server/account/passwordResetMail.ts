import type { Language } from '../../domain/i18n/language';
import { countedText } from '../../domain/i18n/plural';
import en from '../../locales/en/passwordReset.json';
import zhHK from '../../locales/zh-HK/passwordReset.json';

/**
 * The words of the password reset e-mail, from locales/{lang}/passwordReset.json (the namespace of
 * the browser's reset screens), in both languages: Chinese first, then English, as the documents' e-mails.
 */
const EMAIL = { en: en.email, 'zh-HK': zhHK.email } satisfies Record<Language, Pick<typeof en.email, 'subject' | 'body' | 'minutes_other'>>;
const ORDER: readonly Language[] = ['zh-HK', 'en'];

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');

export function resetMail(values: { name: string; url: string; minutes: number }): { subject: string; text: string } {
  // How long the link lasts, in words that count: "1 minute", "60 minutes", "60 分鐘".
  const duration = (lang: Language) => fill(countedText(EMAIL[lang], 'minutes', lang, values.minutes) ?? '', { count: String(values.minutes) });
  return {
    subject: ORDER.map((lang) => EMAIL[lang].subject).join(' / '),
    text: `${ORDER.map((lang) => fill(EMAIL[lang].body, { name: values.name, url: values.url, duration: duration(lang) })).join('\n\n—\n\n')}\n`,
  };
}
