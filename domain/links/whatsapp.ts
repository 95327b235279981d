import { err, ok, type Result } from 'neverthrow';

/**
 * WhatsApp's click-to-chat (https://wa.me/<number>?text=<message>): the number in international
 * form, digits only. Hong Kong numbers are 8 digits (mobiles start with 4–9); they get the 852
 * country code. A number written with a country code (+852 …, 00852 …, +86 …) keeps it.
 */
export type WhatsAppNumberError = { readonly code: 'phoneInvalid' };

export function whatsAppNumber(raw: string): Result<string, WhatsAppNumberError> {
  const trimmed = raw.trim();
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/[\s().-]/g, '');
  if (!/^(\+|00)?[0-9]+$/.test(digits)) return err({ code: 'phoneInvalid' });
  digits = digits.replace(/^\+/, '').replace(/^00/, '');
  if (!international && /^[4-9][0-9]{7}$/.test(digits)) return ok(`852${digits}`);
  if (!international && /^852[4-9][0-9]{7}$/.test(digits)) return ok(digits);
  if (international && /^[1-9][0-9]{7,14}$/.test(digits)) return ok(digits);
  return err({ code: 'phoneInvalid' });
}

/** Whether a Hong Kong number is a mobile (WhatsApp lives on mobiles): 8 digits starting with 4, 5, 6, 7 or 9. */
export const isHongKongMobile = (raw: string): boolean => /^(852)?[45679][0-9]{7}$/.test(raw.replace(/[\s().+-]/g, '').replace(/^00/, ''));

/** The click-to-chat address for `number` (any form whatsAppNumber takes) with `message` filled in. */
export function whatsAppUrl(number: string, message: string): Result<string, WhatsAppNumberError> {
  return whatsAppNumber(number).map((digits) => `https://wa.me/${digits}?text=${encodeURIComponent(message)}`);
}
