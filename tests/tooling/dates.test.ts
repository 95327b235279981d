import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One way to write a date per language, from one helper (issue 31, item 23): domain/time/format.ts
 * writes days, weekdays, moments and months for the screens, the print views and PDFs, the customer's
 * pages, the e-mails and the reports. A date formatted anywhere else — an Intl.DateTimeFormat of its
 * own, a `weekday: 'short'` (週三 in Chinese), a `dateStyle` — is how an English date ended up in a
 * Chinese document and 週三 beside 星期三; this test finds them.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const LAYERS = ['domain', 'application', 'contract', 'infrastructure', 'presentation', 'server'];
const HELPER = 'domain/time/format.ts';

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sources(relative);
    return /\.(ts|tsx)$/.test(name) ? [relative] : [];
  });
}

const FORMATTING = [
  { pattern: /Intl\.DateTimeFormat/, what: 'an Intl.DateTimeFormat of its own' },
  { pattern: /\.toLocale(Date|Time)?String\(/, what: 'toLocale…String' },
  { pattern: /\bdateStyle\b|\btimeStyle\b/, what: 'a dateStyle / timeStyle' },
  { pattern: /\bweekday\s*:\s*['"]/, what: 'a weekday width (short is 週三 in Chinese)' },
];

describe('dates are written by one helper', () => {
  it(`formats no date outside ${HELPER}`, () => {
    const found: string[] = [];
    for (const file of LAYERS.flatMap(sources)) {
      if (file === HELPER) continue;
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { pattern, what } of FORMATTING) if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('finds what it looks for', () => {
    const probe = "new Intl.DateTimeFormat('zh-HK', { weekday: 'short' })";
    expect(FORMATTING.filter(({ pattern }) => pattern.test(probe)).map((f) => f.what)).toHaveLength(2);
    expect(sources('domain')).toContain(HELPER);
  });
});
