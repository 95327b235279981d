import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/i18n/language';
import { pluralBase } from '../../domain/i18n/plural';
import { NAMESPACES } from '../../infrastructure/i18n/resources';

const ROOT = path.resolve(import.meta.dirname, '../../locales');

/** Every key of a message file as a dotted path, with its text. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  } else {
    out.set(prefix.slice(0, -1), node);
  }
  return out;
}

const read = (language: string, file: string) => leaves(JSON.parse(readFileSync(path.join(ROOT, language, file), 'utf8')));

describe('the message files (every word a person reads, in both languages)', () => {
  const files = readdirSync(path.join(ROOT, 'en')).sort();

  it('exist for both languages, file for file', () => {
    for (const language of LANGUAGES) expect(readdirSync(path.join(ROOT, language)).sort(), language).toEqual(files);
  });

  it('hold the same keys in zh-HK and en (a plural message: its forms in each language), each a non-empty text', () => {
    const problems: string[] = [];
    for (const file of files) {
      const en = read('en', file);
      const zh = read('zh-HK', file);
      // English has a singular (key_one) that Chinese does not (tests/tooling/plurals.test.ts).
      for (const key of en.keys()) if (!zh.has(key) && !(key.endsWith('_one') && zh.has(`${pluralBase(key)}_other`))) problems.push(`${file}: ${key} missing in zh-HK`);
      for (const key of zh.keys()) if (!en.has(key)) problems.push(`${file}: ${key} missing in en`);
      for (const [language, messages] of [['en', en], ['zh-HK', zh]] as const) {
        for (const [key, text] of messages) if (typeof text !== 'string' || text.trim() === '') problems.push(`${language}/${file}: ${key} is empty`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('are all loaded by the browser (every namespace but the server’s)', () => {
    expect([...NAMESPACES].sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).filter((n) => n !== 'server').sort());
  });
});
