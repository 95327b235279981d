/**
 * The keyed option lists staff maintain under Settings → Options (spec: /settings/option/{key}).
 * Each list holds values with labels in both languages, an order and an active flag.
 */
export const OPTION_KEYS = ['payment_method', 'appointment_type', 'client_source', 'refund_reason', 'cancellation_reason'] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

export function isOptionKey(value: unknown): value is OptionKey {
  return typeof value === 'string' && (OPTION_KEYS as readonly string[]).includes(value);
}
