import { err, ok, type Result } from 'neverthrow';
import { toHalfWidth } from '../text/width';

/**
 * Hong Kong phone numbers: eight digits, optionally after +852, 852 or 00852. Landlines start with
 * 2 or 3; mobile numbers with 4, 5, 6, 7, 8 or 9. Toll-free numbers are 800 and six more digits
 * (800 123 456). Spaces, dashes, dots and brackets are ignored, and full-width digits read as digits.
 */
export type PhoneKind = 'landline' | 'mobile' | 'tollFree';

export interface HkPhone {
  /** The eight digits (nine for a toll-free 800 number). */
  readonly digits: string;
  readonly kind: PhoneKind;
}

export type PhoneError = { readonly code: 'phoneFormat' };

const SEPARATORS = /[\s\-().]/g;
const FORMAT_ERROR: PhoneError = { code: 'phoneFormat' };

/** The number without its separators; full-width digits and ＋ (as a Chinese input method types them) as plain ones. */
const compactOf = (input: string): string => toHalfWidth(input).replace(SEPARATORS, '');

/** A Hong Kong number without its country code: 8 digits from 2 to 9, or 800 and 6 digits. */
function hkNational(digits: string): HkPhone | null {
  if (/^800\d{6}$/.test(digits)) return { digits, kind: 'tollFree' };
  if (!/^[2-9]\d{7}$/.test(digits)) return null;
  return { digits, kind: digits.startsWith('2') || digits.startsWith('3') ? 'landline' : 'mobile' };
}

export function parseHkPhone(input: string): Result<HkPhone, PhoneError> {
  const compact = compactOf(input);
  const national = /^(?:\+852|00852|852)?(\d{8,9})$/.exec(compact);
  // "85212345" is a number of its own, not 852 and five digits: the whole of it is tried too.
  const phone = (national && hkNational(national[1] ?? '')) ?? hkNational(compact);
  return phone ? ok(phone) : err(FORMAT_ERROR);
}

/** "9123 4567", "800 123 456" — how the number is usually written. */
export function formatHkPhone(phone: HkPhone): string {
  const d = phone.digits;
  return d.length === 9 ? `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : `${d.slice(0, 4)} ${d.slice(4)}`;
}

/** Mainland China: mobiles are 11 digits from 13…; landlines an area code (10, 2x or 3 digits) and 7 or 8 digits. */
const CN_MOBILE = /^1[3-9]\d{9}$/;
const CN_LANDLINE = /^(?:(?:10|2\d)\d{8}|[3-9]\d{2}\d{7,8})$/;

export type PhoneRegion = 'hk' | 'cn' | 'other';

/** A contact's phone number as the business meets them: in Hong Kong, in the mainland, or elsewhere. */
export interface Phone {
  readonly region: PhoneRegion;
  /** In international form: +85291234567, +8613800138000, +14155550100. */
  readonly international: string;
  /** Landline, mobile or toll-free; null for a number from elsewhere, whose plan is not read. */
  readonly kind: PhoneKind | null;
}

function mainland(national: string): Phone | null {
  if (CN_MOBILE.test(national)) return { region: 'cn', international: `+86${national}`, kind: 'mobile' };
  // "+86 (0)20 …": the trunk 0 some write after the country code.
  const landline = national.replace(/^0/, '');
  return CN_LANDLINE.test(landline) ? { region: 'cn', international: `+86${landline}`, kind: 'landline' } : null;
}

function hongKong(phone: HkPhone): Phone {
  return { region: 'hk', international: `+852${phone.digits}`, kind: phone.kind };
}

/** A number written with its country code (after + or 00): 7 to 15 digits (ITU E.164). */
function international(digits: string): Phone | null {
  if (digits.startsWith('852')) {
    const hk = hkNational(digits.slice(3));
    return hk ? hongKong(hk) : null;
  }
  if (digits.startsWith('86')) return mainland(digits.slice(2));
  return /^[1-9]\d{6,14}$/.test(digits) ? { region: 'other', international: `+${digits}`, kind: null } : null;
}

/**
 * A contact's phone number, as Hong Kong staff type them:
 * - a Hong Kong number as for {@link parseHkPhone} (9123 4567, +852 2345 6789, 800 123 456);
 * - a mainland number: a mobile with or without +86 (138 0013 8000), a landline with +86 or with
 *   its trunk 0 (+86 20 1234 5678, 020 1234 5678);
 * - any other number with its country code after + or 00 (+853 2888 1234, +1 415 555 0100).
 * Spaces, dashes, dots and brackets are ignored, full-width digits read as digits. Anything else (letters, too few or too many digits,
 * a local number of some other place without its country code) is refused.
 */
export function parsePhone(input: string): Result<Phone, PhoneError> {
  const compact = compactOf(input);
  if (!/^\+?\d+$/.test(compact)) return err(FORMAT_ERROR);
  const withCode = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : null;
  if (withCode !== null) {
    const phone = international(withCode);
    return phone ? ok(phone) : err(FORMAT_ERROR);
  }
  const hk = parseHkPhone(compact);
  if (hk.isOk()) return ok(hongKong(hk.value));
  const cnMobile = /^(?:86)?(\d{11})$/.exec(compact)?.[1];
  if (cnMobile !== undefined && CN_MOBILE.test(cnMobile)) return ok({ region: 'cn', international: `+86${cnMobile}`, kind: 'mobile' });
  if (compact.startsWith('0')) {
    const phone = mainland(compact);
    if (phone) return ok(phone);
  }
  return err(FORMAT_ERROR);
}
