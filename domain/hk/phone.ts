import { err, ok, type Result } from 'neverthrow';

/**
 * Hong Kong phone numbers: eight digits, optionally after +852 (or 852). Landlines start with 2 or 3;
 * mobile numbers with 4, 5, 6, 7, 8 or 9 (service numbers such as 800 toll-free also start with 8 and
 * read as "mobile" here — good enough to reach someone). Spaces, dashes and brackets are ignored.
 */
export type PhoneKind = 'landline' | 'mobile';

export interface HkPhone {
  /** The eight digits. */
  readonly digits: string;
  readonly kind: PhoneKind;
}

export type PhoneError = { readonly code: 'phoneFormat' };

export function parseHkPhone(input: string): Result<HkPhone, PhoneError> {
  const compact = input.replace(/[\s\-()]/g, '');
  const match = /^(?:\+?852)?([2-9]\d{7})$/.exec(compact);
  if (!match) return err({ code: 'phoneFormat' });
  const digits = match[1] ?? '';
  return ok({ digits, kind: digits.startsWith('2') || digits.startsWith('3') ? 'landline' : 'mobile' });
}

/** "9123 4567" — how the number is usually written. */
export function formatHkPhone(phone: HkPhone): string {
  return `${phone.digits.slice(0, 4)} ${phone.digits.slice(4)}`;
}
