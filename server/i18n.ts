import type { Language } from '../domain/i18n/language';
import { countedText, pluralBase } from '../domain/i18n/plural';
import en from '../locales/en/server.json';
import zhHK from '../locales/zh-HK/server.json';

/**
 * The server's own messages (those a person reads in a reply), from locales/{lang}/server.json. A
 * message that counts (`auth.throttled`: "… in 1 second", "… in 30 seconds") has i18next's plural
 * keys (`throttled_one`, `throttled_other`; Chinese only `_other`), named here by their base, and
 * its form is picked by the `count` parameter (domain/i18n/plural.ts).
 */
const CATALOGUES: Record<Language, unknown> = { en, 'zh-HK': zhHK };

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key without a plural suffix (`auth.throttled_one` → `auth.throttled`). */
type PluralBase<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

export type ServerMessageKey = PluralBase<Leaves<typeof en>>;

/** The text of a key in a language (a plural message's form for `count`), or undefined. */
function textOf(language: Language, key: string, count: unknown): string | undefined {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: unknown = CATALOGUES[language];
  for (const part of parts) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'object' || node === null) return undefined;
  return countedText(node as Record<string, unknown>, last, language, typeof count === 'number' ? count : Number.NaN);
}

export function translate(language: Language, key: ServerMessageKey, params: Record<string, string | number> = {}): string {
  const template = textOf(language, key, params.count) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Whether a string names one of the server's messages (a key of locales/en/server.json, a plural one by its base). */
export function isServerMessageKey(key: string): key is ServerMessageKey {
  return pluralBase(key) === key && textOf('en', key, 1) !== undefined;
}
