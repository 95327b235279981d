import { err, ok, type Result } from 'neverthrow';
import { toHalfWidth } from '../text/width';

/**
 * Money is an integer number of HKD cents everywhere (domain, database, wire); never a float.
 *
 * Rounding rule (stated once, used everywhere): when a product is not a whole number of cents it is
 * rounded half away from zero — 0.5 cent and more up, less down, e.g. 1.5 × $0.01 = 2 cents.
 */
export type Cents = number;

/** Basis points: hundredths of a percent (5.5% = 550). 10,000 bp is 100%. */
export type BasisPoints = number;

export const FULL_RATE_BP: BasisPoints = 10_000;

/**
 * Integer division rounded half away from zero, exactly for any safe integers: when twice the
 * numerator passes 2^53 the division is done in BigInt (a float would be off by a cent there).
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (Math.abs(numerator) * 2 + Math.abs(denominator) > Number.MAX_SAFE_INTEGER) return divideRoundedBig(BigInt(numerator), BigInt(denominator));
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const quotient = Math.floor((Math.abs(numerator) * 2 + Math.abs(denominator)) / (Math.abs(denominator) * 2));
  // `|| 0` turns a rounded -0 into 0.
  return sign * quotient || 0;
}

/**
 * a × b ÷ d rounded half away from zero, exactly: the product of two amounts (an order's base × a
 * line's amount) passes 2^53 long before either amount does, so it is then formed in BigInt.
 */
export function multiplyDivideRounded(a: number, b: number, d: number): number {
  const product = a * b;
  // Below 2^53 every integer is a float, so the product is exact there.
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) return divideRounded(product, d);
  return divideRoundedBig(BigInt(a) * BigInt(b), BigInt(d));
}

function divideRoundedBig(numerator: bigint, denominator: bigint): number {
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const quotient = (abs(numerator) * 2n + abs(denominator)) / (abs(denominator) * 2n);
  return Number(numerator < 0n !== denominator < 0n ? -quotient : quotient);
}

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * A quantity as people enter it: up to 2 decimals (1.5 visits, 0.25 hours), kept as hundredths so
 * arithmetic stays exact.
 */
export type QuantityHundredths = number;

export function quantityToHundredths(quantity: number): QuantityHundredths {
  return Math.round(quantity * 100);
}

/**
 * A whole number as typed, its thousands separators taken out where they belong: between groups of
 * three digits ("1,234", "1,234,567"). Null for a comma anywhere else ("12,34", "1,23,456", "1,5").
 */
function withoutThousandsSeparators(whole: string): string | null {
  if (!whole.includes(',')) return whole;
  return /^[1-9]\d{0,2}(?:,\d{3})+$/.test(whole) ? whole.replace(/,/g, '') : null;
}

export type QuantityInputError = { readonly code: 'quantityFormat' } | { readonly code: 'quantityRange' };

/** The largest quantity a line takes (in hundredths: 10,000.00). */
export const MAX_QUANTITY_HUNDREDTHS: QuantityHundredths = 1_000_000;

/**
 * A quantity as typed ("2", "1.5", "0.25", "1,000") into hundredths, exactly; more than 0 and at most
 * 10,000. A comma only as a thousands separator: "1,5" is refused, not read as 15.
 */
export function parseQuantity(input: string): Result<QuantityHundredths, QuantityInputError> {
  const grouped = /^([\d,]+)(?:\.(\d{1,2}))?$/.exec(toHalfWidth(input).trim());
  const whole = grouped ? withoutThousandsSeparators(grouped[1] ?? '') : null;
  if (!grouped || whole === null || !/^\d{1,6}$/.test(whole)) return err({ code: 'quantityFormat' });
  const fraction = grouped[2] ?? '';
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return hundredths <= 0 || hundredths > MAX_QUANTITY_HUNDREDTHS ? err({ code: 'quantityRange' }) : ok(hundredths);
}

/** Hundredths as the shortest decimal people write: 150 → "1.5", 200 → "2". */
export function hundredthsToDecimal(hundredths: QuantityHundredths): string {
  const whole = Math.trunc(hundredths / 100);
  const fraction = Math.abs(hundredths % 100);
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/** quantity × unit price, in cents, rounded by the rule above. */
export function lineTotal(quantityHundredths: QuantityHundredths, unitPrice: Cents): Cents {
  return multiplyDivideRounded(quantityHundredths, unitPrice, 100);
}

export function sum(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/** The part of `amount` that `rate` stands for (a discount, a commission), rounded by the rule above. */
export function percentOf(amount: Cents, rate: BasisPoints): Cents {
  return multiplyDivideRounded(amount, rate, FULL_RATE_BP);
}

export type MoneyInputError = { readonly code: 'moneyFormat' } | { readonly code: 'moneyNegative' } | { readonly code: 'moneyTooLarge' };

/** The largest amount the product takes: HK$99,999,999.99. */
export const MAX_CENTS: Cents = 9_999_999_999;

/**
 * Reads an amount as staff type it ("1,234.50", "$1234.5", "HK$ 80", "80", full-width "１２３") into
 * cents, exactly (no floating point). At most two decimals. Thousands separators only between groups
 * of three digits: "1,234,567.50" is read, "12,34" and "1,23,456" are refused (not HK$1,234.00).
 */
export function parseMoney(input: string): Result<Cents, MoneyInputError> {
  const text = toHalfWidth(input).trim().replace(/^HK\$\s*|^\$\s*/i, '');
  if (text.startsWith('-')) return err({ code: 'moneyNegative' });
  const match = /^([\d,]+)(?:\.(\d{1,2}))?$/.exec(text);
  const dollars = match ? withoutThousandsSeparators(match[1] ?? '') : null;
  if (!match || dollars === null) return err({ code: 'moneyFormat' });
  const fraction = match[2] ?? '';
  if (dollars.length > 8) return err({ code: 'moneyTooLarge' });
  const cents = Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > MAX_CENTS ? err({ code: 'moneyTooLarge' }) : ok(cents);
}

/** Cents as a plain decimal string for inputs ("1234.50"); formatting for people is presentation's. */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type RateInputError = { readonly code: 'rateFormat' } | { readonly code: 'rateRange' };

/** A percentage as typed ("5", "5.5", "12.25") into basis points, 0–100%. */
export function parseRate(input: string): Result<BasisPoints, RateInputError> {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(input.trim().replace(/%$/, ''));
  if (!match) return err({ code: 'rateFormat' });
  const [, whole = '0', fraction = ''] = match;
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp > FULL_RATE_BP ? err({ code: 'rateRange' }) : ok(bp);
}

/** Basis points as the percentage people type, the shortest way (parseRate reads it back): 550 → "5.5", 1225 → "12.25", 500 → "5". */
export function rateToDecimal(rate: BasisPoints): string {
  return hundredthsToDecimal(rate);
}
