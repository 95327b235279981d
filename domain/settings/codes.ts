/**
 * The codes under Settings → Codes: document number prefixes and a few numbers the business sets.
 * `kind` says how a value is checked: a prefix is 1–6 capital letters or digits (e.g. "INV"); a
 * number is a whole number in its range.
 */
export const CODE_SETTINGS = {
  quotation_prefix: { kind: 'prefix', default: 'Q' },
  invoice_prefix: { kind: 'prefix', default: 'INV' },
  receipt_prefix: { kind: 'prefix', default: 'R' },
  refund_prefix: { kind: 'prefix', default: 'RF' },
  quotation_valid_days: { kind: 'number', default: '30', min: 1, max: 365 },
  payment_terms_days: { kind: 'number', default: '30', min: 0, max: 365 },
} as const satisfies Record<string, { kind: 'prefix'; default: string } | { kind: 'number'; default: string; min: number; max: number }>;

export type CodeKey = keyof typeof CODE_SETTINGS;
export const CODE_KEYS = Object.keys(CODE_SETTINGS) as CodeKey[];

/** Whether a value is acceptable for the code; the reason's code when not. */
export function checkCode(key: CodeKey, value: string): 'ok' | 'codePrefix' | 'codeNumber' {
  const setting = CODE_SETTINGS[key];
  if (setting.kind === 'prefix') return /^[A-Z0-9]{1,6}$/.test(value) ? 'ok' : 'codePrefix';
  if (!/^\d+$/.test(value)) return 'codeNumber';
  const n = Number(value);
  return n >= setting.min && n <= setting.max ? 'ok' : 'codeNumber';
}
