import { PAYMENT_METHODS } from '../../../domain/orders/receipts';
import type { OptionChoice, Receipt } from '../../../application/sales/sales';
import { bilingual } from '../../format/bilingual';

/**
 * A receipt's payment method in words, in one language: its option's words as the server gave them
 * (Settings → Options), else the built-in words of the four seeded methods, else its code.
 */
export function methodWords(receipt: Pick<Receipt, 'method' | 'methodName'>, t: (key: string) => string, language: string): string {
  const named = bilingual(receipt.methodName, language);
  if (named) return named;
  return (PAYMENT_METHODS as readonly string[]).includes(receipt.method) ? t(`method.${receipt.method}`) : receipt.method;
}

/** The choices of a payment method select: the invoice's active methods, or the four built-in ones when it gave none. */
export function methodChoices(methods: readonly OptionChoice[], t: (key: string) => string, language: string): { value: string; label: string }[] {
  if (methods.length === 0) return PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }));
  return methods.map((m) => ({ value: m.value, label: bilingual(m, language) || m.value }));
}
