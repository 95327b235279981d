/**
 * Plurals the way i18next keeps them (issue 31, item 23): a message that counts something has one
 * key per plural form of its language, suffixed `_one`, `_other` (and `_zero`, `_two`, `_few`,
 * `_many` where a language has them), and the count fills `{{count}}`. English has `_one` ("1 visit")
 * and `_other` ("6 visits"); Chinese has only `_other` (共 6 次). The browser's i18next picks the form
 * itself; the server's messages and e-mails pick it here, by the same rules (Intl.PluralRules).
 */

export const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'] as const;

const rules = new Map<string, Intl.PluralRules>();

/** The plural form of a count in a language: 'one' or 'other' in English, always 'other' in Chinese. */
export function pluralForm(language: string, count: number): Intl.LDMLPluralRule {
  const locale = language === 'en' ? 'en' : 'zh-HK';
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count);
}

/** A key without its plural suffix (`visits_other` → `visits`); other keys as they are. */
export function pluralBase(key: string): string {
  const suffix = PLURAL_SUFFIXES.find((s) => key.endsWith(s));
  return suffix ? key.slice(0, -suffix.length) : key;
}

/**
 * The text of `key` for `count` among the messages of one object (`{ visits_one, visits_other }`):
 * the language's form, else `_other`, else the key itself; undefined when there is none.
 */
export function countedText(messages: Readonly<Record<string, unknown>>, key: string, language: string, count: number): string | undefined {
  for (const candidate of [`${key}_${pluralForm(language, count)}`, `${key}_other`, key]) {
    const text = messages[candidate];
    if (typeof text === 'string') return text;
  }
  return undefined;
}
