import type { Cents } from '../../domain/money/money';

/** An amount in Hong Kong dollars as people read it (HK$1,234.50), in the interface language. */
export function formatHKD(cents: Cents, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-HK' : 'zh-HK', { style: 'currency', currency: 'HKD', currencyDisplay: 'symbol' }).format(cents / 100);
}

/** A rate in basis points as a percentage (550 → 5.5%). */
export function formatRate(bp: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-HK' : 'zh-HK', { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}
