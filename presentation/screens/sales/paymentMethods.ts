import { PAYMENT_METHODS } from '../../../domain/orders/receipts';
import type { OptionChoice } from '../../../application/sales/sales';
import { bilingual } from '../../format/bilingual';

/** A receipt's payment method in words, in one language (the printed documents' rule, domain/documents/printable.ts). */
export { methodWords } from '../../../domain/documents/printable';

/** The choices of a payment method select: the invoice's active methods, or the four built-in ones when it gave none. */
export function methodChoices(methods: readonly OptionChoice[], t: (key: string) => string, language: string): { value: string; label: string }[] {
  if (methods.length === 0) return PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }));
  return methods.map((m) => ({ value: m.value, label: bilingual(m, language) || m.value }));
}
