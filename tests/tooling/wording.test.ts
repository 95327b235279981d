import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../locales');

/** Every text of a message file with its dotted key. */
function texts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}

/** `file: key` and text of every message of a language (the server's messages too). */
function messages(language: string): [string, string][] {
  return readdirSync(path.join(ROOT, language))
    .sort()
    .flatMap((file) => texts(JSON.parse(readFileSync(path.join(ROOT, language, file), 'utf8'))).map(([key, text]): [string, string] => [`${file}: ${key}`, text]));
}

/**
 * Hong Kong wording: one term per concept. Each forbidden variant with the term the product uses and
 * why. (Taiwan and Mainland forms creep in from libraries and habit.)
 */
const FORBIDDEN_ZH: readonly { pattern: RegExp; use: string; only?: string }[] = [
  { pattern: /身分/, use: '身份（身份證）' },
  { pattern: /分行/, use: '分店: a branch of the business (分行 is a bank’s branch)' },
  { pattern: /今天/, use: '今日' },
  { pattern: /週/, use: '星期 (星期三, 每星期, 上星期)' },
  { pattern: /上一頁|下一頁/, use: 'the calendar’s arrows name their step (上個月), it has no pages', only: 'calendar.json: ' },
  { pattern: /重複預約警告|(?:工作人員|職員)重複預約/, use: '時間衝突: two visits at the same time (重複預約 is a recurring appointment)' },
];

/**
 * The document listed under 發票 is an invoice everywhere (發票 / invoice). 訂單 lives on only in the
 * names the specification gives: the order types, order terms, the order reports and the Orders area
 * of the menu (and the component showcase's sample tab).
 */
const ORDER_NAMES = ['新訂單', '定期訂單', '訂單條款', '訂單項目報表', '訂單報表', '訂單分析'];
const ORDER_KEYS = new Set(['menu.json: section.orders', 'showcase.json: tabs.second']);

describe('the wording of the message files', () => {
  const zh = messages('zh-HK');
  const en = messages('en');

  it('uses Hong Kong terms in zh-HK, never a forbidden variant', () => {
    const found: string[] = [];
    for (const [key, text] of zh) {
      for (const rule of FORBIDDEN_ZH) {
        if (rule.pattern.test(text) && key.startsWith(rule.only ?? '')) found.push(`${key}: “${text}” → ${rule.use}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('calls the document an invoice (發票) in zh-HK, keeping 訂單 only in the names the specification gives', () => {
    const found = zh.filter(([key, text]) => !ORDER_KEYS.has(key) && ORDER_NAMES.reduce((rest, name) => rest.replaceAll(name, ''), text).includes('訂單'));
    expect(found).toEqual([]);
  });

  it('names a setting by its menu item (「設定 → 編號設定」, “Settings → Codes”)', () => {
    const found: string[] = [];
    for (const [language, all, settings] of [
      ['zh-HK', zh, '設定'],
      ['en', en, 'Settings'],
    ] as const) {
      const items = new Set(all.filter(([key]) => key.startsWith('menu.json: item.')).map(([, text]) => text));
      for (const [key, text] of all) {
        for (const match of text.matchAll(new RegExp(`${settings} → ([^」.,;:)）]+)`, 'g'))) {
          if (!items.has(match[1]!.trim())) found.push(`${language} ${key}: “${match[1]}” is no menu item`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('never repeats a word in English (“Completed report report”)', () => {
    const found = en.filter(([, text]) => /\b(\w+)\s+\1\b/i.test(text));
    expect(found).toEqual([]);
  });
});
