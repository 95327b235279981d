/** The interface languages. zh-HK (Traditional Chinese, Hong Kong) is the default (spec §1, §9). */
export const LANGUAGES = ['zh-HK', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-HK';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the best supported language from an HTTP Accept-Language header or a stored preference.
 * Anything Chinese ("zh", "zh-HK", "zh-Hant-HK", "zh_HK") maps to zh-HK, anything English to en;
 * otherwise the default.
 */
export function pickLanguage(preference: string | null | undefined): Language {
  if (!preference) return DEFAULT_LANGUAGE;
  const ranked = preference
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.toLowerCase().replace('_', '-'), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-HK';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}
