import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('the message files', () => {
  for (const file of readdirSync(path.join(ROOT, 'en')).filter((f) => f.endsWith('.json'))) {
    it(`${file} has the same keys in Chinese and English, none empty`, () => {
      const en = JSON.parse(readFileSync(path.join(ROOT, 'en', file), 'utf8')) as unknown;
      const zh = JSON.parse(readFileSync(path.join(ROOT, 'zh-HK', file), 'utf8')) as unknown;
      expect(keys(zh).sort()).toEqual(keys(en).sort());
      const empty = (v: unknown): boolean => (typeof v === 'string' ? v.trim() === '' : typeof v === 'object' && v !== null && Object.values(v).some(empty));
      expect(empty(en) || empty(zh)).toBe(false);
    });
  }
});
