import type { Values } from '../../components/ListEditor';

/** Either language is enough: the message goes on both fields when both are empty. */
export function oneLanguage(t: (key: string) => string, values: Values, zh: string, en: string): Record<string, string[]> {
  const empty = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (!empty(values[zh]) || !empty(values[en])) return {};
  const message = t('oneLanguageRequired');
  return { [zh]: [message], [en]: [message] };
}
