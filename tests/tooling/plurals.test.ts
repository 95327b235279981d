import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLURAL_SUFFIXES, pluralBase } from '../../domain/i18n/plural';
import { resetMail } from '../../server/account/passwordResetMail';
import { isServerMessageKey, translate } from '../../server/i18n';

/*
 * Counts in words (issue 31, item 23): "12 months", "1 visit", never "1 visits" or "visit(s)". A
 * message that counts something has i18next's plural keys — in English `_one` and `_other`, in
 * Chinese `_other` alone (Chinese has one form: 共 6 次) — and the count picks the form (i18next in
 * the browser, domain/i18n/plural.ts on the server).
 */

const ROOT = path.resolve(import.meta.dirname, '../../locales');

/** Every message of a language as `file: dotted.key` → text. */
function messages(language: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') out.set(prefix, node);
    else if (typeof node === 'object' && node !== null) for (const [key, value] of Object.entries(node)) walk(value, prefix.endsWith(': ') ? `${prefix}${key}` : `${prefix}.${key}`);
  };
  for (const file of readdirSync(path.join(ROOT, language)).sort()) walk(JSON.parse(readFileSync(path.join(ROOT, language, file), 'utf8')), `${file}: `);
  return out;
}

const isPlural = (key: string) => pluralBase(key) !== key;

/**
 * A number written before what it counts: `{{n}} photos`, `{{count}} all-day visits`, `{{max}}
 * characters` — a placeholder followed, at once or after one word, by an English plural (a word
 * in -s that is not a verb or one of these words).
 */
const NOT_PLURAL_NOUNS = new Set(['is', 'as', 'has', 'was', 'does', 'this', 'its', 'us', 'yes', 'always', 'plus', 'less', 'unless', 'status', 'address', 'access', 'across', 'process']);
function countsSomething(text: string): string | null {
  for (const match of text.matchAll(/\{\{\w+\}\}\s+(?:([A-Za-z-]+)\s+)?([A-Za-z-]+)/g)) {
    const words = [match[1], match[2]].filter((w): w is string => w !== undefined);
    if (words.some((w) => /^[a-z-]+s$/.test(w) && !NOT_PLURAL_NOUNS.has(w))) return match[0];
  }
  return null;
}

describe('counts in the message files', () => {
  const en = messages('en');
  const zh = messages('zh-HK');

  it('gives every English message with {{count}} its plural forms: key_one and key_other', () => {
    const missing: string[] = [];
    for (const [key, text] of en) {
      if (!text.includes('{{count}}')) continue;
      const base = pluralBase(key);
      if (!isPlural(key)) missing.push(`${key}: “${text}” has {{count}} but no plural forms (${key}_one, ${key}_other)`);
      else for (const form of ['_one', '_other']) if (!en.has(`${base}${form}`)) missing.push(`${base}${form} is missing`);
    }
    expect(missing).toEqual([]);
  });

  it('counts in plural messages only, never by hand: no “(s)”, no number before a plural outside key_one/key_other', () => {
    const found: string[] = [];
    for (const [key, text] of en) {
      if (/\(s\)/.test(text)) found.push(`${key}: “${text}” writes a plural by hand`);
      const counted = countsSomething(text);
      if (counted && !isPlural(key)) found.push(`${key}: “${counted}” counts without plural forms`);
    }
    expect(found).toEqual([]);
  });

  it('keeps a plural message’s forms together: no plain key beside them, both languages', () => {
    const found: string[] = [];
    for (const [language, all] of [
      ['en', en],
      ['zh-HK', zh],
    ] as const) {
      for (const key of all.keys()) if (isPlural(key) && all.has(pluralBase(key))) found.push(`${language} ${pluralBase(key)} is both a message and plural forms`);
    }
    expect(found).toEqual([]);
  });

  it('gives Chinese one form, key_other, for every plural message of English (Chinese has no singular)', () => {
    const found: string[] = [];
    for (const key of en.keys()) if (isPlural(key) && !zh.has(`${pluralBase(key)}_other`)) found.push(`zh-HK ${pluralBase(key)}_other is missing`);
    for (const key of zh.keys()) if (isPlural(key) && !key.endsWith('_other')) found.push(`zh-HK ${key}: Chinese has only the _other form`);
    expect(found).toEqual([]);
  });

  it('counts in the server’s own messages and e-mails as the browser does: 1 second, 30 seconds, 30 秒', () => {
    expect(translate('en', 'auth.throttled', { count: 1 })).toBe('Too many attempts. Please try again in 1 second.');
    expect(translate('en', 'auth.throttled', { count: 30 })).toBe('Too many attempts. Please try again in 30 seconds.');
    expect(translate('zh-HK', 'auth.throttled', { count: 1 })).toBe('嘗試次數過多，請於 1 秒後再試。');
    expect(translate('en', 'validation.tooLong', { count: 1 })).toBe('Enter at most 1 character.');
    expect(isServerMessageKey('auth.throttled')).toBe(true);
    expect(isServerMessageKey('auth.throttled_one')).toBe(false);
    expect(resetMail({ name: 'Ann', url: 'https://x.example/r', minutes: 1 }).text).toContain('expires in 1 minute.');
    const sixty = resetMail({ name: 'Ann', url: 'https://x.example/r', minutes: 60 }).text;
    expect(sixty).toContain('expires in 60 minutes.');
    expect(sixty).toContain('並於 60 分鐘後失效');
  });

  it('knows the suffixes i18next uses', () => {
    expect(PLURAL_SUFFIXES).toContain('_one');
    expect(pluralBase('visits_other')).toBe('visits');
    expect(pluralBase('other')).toBe('other');
  });
});
