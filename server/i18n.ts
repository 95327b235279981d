import type { Language } from '../domain/i18n/language';
import en from '../locales/en/server.json';
import zhHK from '../locales/zh-HK/server.json';

/** The server's own messages (those a person reads in a reply), from locales/{lang}/server.json. */
const CATALOGUES: Record<Language, typeof en> = { en, 'zh-HK': zhHK };

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type ServerMessageKey = Leaves<typeof en>;

export function translate(language: Language, key: ServerMessageKey, params: Record<string, string | number> = {}): string {
  let node: unknown = CATALOGUES[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const template = typeof node === 'string' ? node : key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Whether a string names one of the server's messages (a key of locales/en/server.json). */
export function isServerMessageKey(key: string): key is ServerMessageKey {
  let node: unknown = CATALOGUES.en;
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string';
}
