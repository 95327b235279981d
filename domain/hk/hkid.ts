import { err, ok, type Result } from 'neverthrow';
import { toHalfWidth } from '../text/width';

/** A valid Hong Kong Identity Card number, normalised as printed: "A123456(3)", "AB987654(3)". */
export interface Hkid {
  readonly value: string;
}

export type HkidError = { readonly code: 'hkidFormat' } | { readonly code: 'hkidCheckDigit' };

/** Letters, six digits and the check digit, in brackets or not (but never only one of them). */
const FORMAT = /^([A-Z]{1,2})(\d{6})(?:\(([0-9A])\)|([0-9A]))$/;

const letterValue = (ch: string): number => ch.charCodeAt(0) - 55; // A = 10 … Z = 35

/**
 * The check digit of an HKID's letters and six digits: a single letter is preceded by a space worth
 * 36; the eight values are weighted 9 … 2; the check digit makes the sum divisible by 11 (10 is "A").
 */
export function hkidCheckDigit(letters: string, digits: string): string {
  const values = [...(letters.length === 1 ? [36] : []), ...[...letters].map(letterValue), ...[...digits].map(Number)];
  const sum = values.reduce((total, value, index) => total + value * (9 - index), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'A' : String(check);
}

/**
 * Reads an HKID as people type it ("a123456(3)", "A1234563", "A 123456 (3)", full-width
 * "Ａ１２３４５６（３）") and checks its check digit. Brackets come in pairs: "A123456(3" is refused.
 */
export function parseHkid(input: string): Result<Hkid, HkidError> {
  const match = FORMAT.exec(toHalfWidth(input).toUpperCase().replace(/\s+/g, ''));
  if (!match) return err({ code: 'hkidFormat' });
  const [, letters = '', digits = '', bracketed, bare] = match;
  const check = bracketed ?? bare ?? '';
  if (hkidCheckDigit(letters, digits) !== check) return err({ code: 'hkidCheckDigit' });
  return ok({ value: `${letters}${digits}(${check})` });
}

/** The HKID as shown to someone without the reveal permission: "A123***(*)". */
export function maskHkid(hkid: Hkid): string {
  const match = FORMAT.exec(hkid.value);
  if (!match) return '***';
  const [, letters = '', digits = ''] = match;
  return `${letters}${digits.slice(0, 3)}***(*)`;
}
