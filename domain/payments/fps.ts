import { err, ok, type Result } from 'neverthrow';
import { parseHkPhone } from '../hk/phone';
import { centsToDecimal, type Cents } from '../money/money';
import { toHalfWidth } from '../text/width';

/**
 * Hong Kong's Faster Payment System (FPS): a company's FPS identifier (an FPS ID, a Hong Kong
 * mobile number or an e-mail address, as registered with its bank) and the payload of the QR code a
 * customer scans to pay an invoice.
 *
 * The payload is the EMVCo merchant-presented QR code as HKMA's Common QR Code Specification and
 * HKICL's "Payee-presented QR Code Specification for FPS" fill it: data objects of a 2-digit ID, a
 * 2-digit length and the value; the FPS account under ID 26 (GUID "hk.com.hkicl", then the proxy:
 * 02 FPS ID, 03 mobile as "+852-XXXXXXXX", 04 e-mail); HKD is currency 344; the invoice number is
 * the reference label (62, sub-ID 05); and the CRC-16/CCITT-FALSE of everything before it, "6304"
 * included, as 4 capital hex digits under ID 63.
 */

export const FPS_PROXY_TYPES = ['fpsId', 'mobile', 'email'] as const;
export type FpsProxyType = (typeof FPS_PROXY_TYPES)[number];

/** A company's FPS identifier, kept in its one written form (digits; "+852-91234567"; the address). */
export interface FpsProxy {
  readonly type: FpsProxyType;
  readonly value: string;
}

export type FpsProxyError = { readonly code: 'fpsIdFormat' } | { readonly code: 'fpsMobileFormat' } | { readonly code: 'fpsEmailFormat' };

/** An e-mail address as FPS takes it: ASCII, one @, a dot in the domain, no spaces, at most 254 characters. */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * Reads an FPS identifier as typed: an FPS ID is 7 to 9 digits; a mobile number is a Hong Kong
 * mobile number (8 digits from 4–9, optionally after +852), kept as "+852-XXXXXXXX"; an e-mail is a
 * valid address. Full-width digits read as digits; surrounding spaces are dropped.
 */
export function parseFpsProxy(type: FpsProxyType, typed: string): Result<FpsProxy, FpsProxyError> {
  const value = toHalfWidth(typed).trim();
  switch (type) {
    case 'fpsId':
      return /^\d{7,9}$/.test(value) ? ok({ type, value }) : err({ code: 'fpsIdFormat' });
    case 'mobile': {
      const phone = parseHkPhone(value);
      return phone.isOk() && phone.value.kind === 'mobile' ? ok({ type, value: `+852-${phone.value.digits}` }) : err({ code: 'fpsMobileFormat' });
    }
    case 'email':
      return value.length <= 254 && EMAIL.test(value) ? ok({ type, value }) : err({ code: 'fpsEmailFormat' });
  }
}

/** The sub-ID of each kind of identifier in the FPS account template (ID 26). */
const PROXY_IDS: Readonly<Record<FpsProxyType, string>> = { fpsId: '02', mobile: '03', email: '04' };

/** HKICL's globally unique identifier of FPS, the first field of its account template. */
export const FPS_GUID = 'hk.com.hkicl';

/** One EMVCo data object: ID, 2-digit length, value (a value over 99 characters cannot be written). */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMVCo field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Printable ASCII only (the alphabet of EMVCo's "ans" fields), at most `max` characters. */
const ans = (text: string, max: number): string =>
  toHalfWidth(text)
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR) as 4 capital hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface FpsPayment {
  readonly proxy: FpsProxy;
  /** What is to be paid, in cents of HKD; 0 makes a code without an amount (the payer types it). */
  readonly amount: Cents;
  /** The payee's name (English, as EMVCo's merchant name is Latin script); "NA" when there is none. */
  readonly merchantName: string;
  /** The invoice number, shown to the payer and passed to the payee's bank as the reference. */
  readonly reference: string;
}

/** The text of an FPS QR code that pays `amount` to the company's FPS identifier, with the invoice number as reference. */
export function fpsPayload(payment: FpsPayment): string {
  const dynamic = payment.amount > 0;
  const reference = ans(payment.reference, 25);
  const body = [
    field('00', '01'),
    field('01', dynamic ? '12' : '11'),
    field('26', field('00', FPS_GUID) + field(PROXY_IDS[payment.proxy.type], payment.proxy.value)),
    field('52', '0000'),
    field('53', '344'),
    dynamic ? field('54', centsToDecimal(payment.amount)) : '',
    field('58', 'HK'),
    field('59', ans(payment.merchantName, 25) || 'NA'),
    field('60', 'HK'),
    reference ? field('62', field('05', reference)) : '',
  ].join('');
  const signed = `${body}6304`;
  return signed + crc16CcittFalse(signed);
}

/** Why an invoice has no FPS QR code: the company has no FPS identifier, the invoice is void, or nothing is due on it. */
export type FpsQrUnavailable = 'fpsNotSet' | 'invoiceVoid' | 'nothingDue';

/**
 * Whether an invoice offers an FPS QR code for what is still owed on it (`outstanding`: the domain's
 * outstandingAmount, zero for a void invoice): null when it does, else why not.
 */
export function fpsQrUnavailable(invoice: { readonly voided: boolean; readonly outstanding: Cents }, proxy: FpsProxy | null): FpsQrUnavailable | null {
  if (proxy === null) return 'fpsNotSet';
  if (invoice.voided) return 'invoiceVoid';
  return invoice.outstanding > 0 ? null : 'nothingDue';
}
