import { err, ok, type Result } from 'neverthrow';
import { addDays, addMonths, type IsoDate } from '../time/dates';
import type { OrderLine, OrderType } from '../orders/order';
import type { BasisPoints } from '../money/money';

/** A basic quotation prices work once; a contract quotation covers a period with regular visits. */
export type QuotationKind = 'basic' | 'contract';

export const QUOTATION_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** How often a contract's visits come. */
export const VISIT_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'bimonthly', 'quarterly', 'half_yearly', 'yearly'] as const;
export type VisitFrequency = (typeof VISIT_FREQUENCIES)[number];

export interface ContractTerms {
  readonly periodStart: IsoDate;
  readonly periodEnd: IsoDate;
  readonly frequency: VisitFrequency;
}

/**
 * The last day a quotation can be accepted: its date plus its valid days, counting the date itself
 * as day one (dated 1 March, valid 30 days → valid to 30 March).
 */
export function expiryDate(date: IsoDate, validDays: number): IsoDate {
  return addDays(date, Math.max(1, validDays) - 1);
}

/** Expired once `today` (Hong Kong date) is after the expiry date, unless it was already decided. */
export function isExpired(date: IsoDate, validDays: number, today: IsoDate, status: QuotationStatus): boolean {
  if (status === 'accepted' || status === 'rejected') return false;
  return today > expiryDate(date, validDays);
}

/** The status shown: a draft or sent quotation past its expiry reads as expired. */
export function effectiveStatus(status: QuotationStatus, date: IsoDate, validDays: number, today: IsoDate): QuotationStatus {
  return (status === 'draft' || status === 'sent') && isExpired(date, validDays, today, status) ? 'expired' : status;
}

const TRANSITIONS: Readonly<Record<QuotationStatus, readonly QuotationStatus[]>> = {
  draft: ['sent'],
  sent: ['accepted', 'rejected', 'draft'],
  accepted: [],
  rejected: ['draft'],
  expired: ['draft'],
};

export type QuotationError =
  | { readonly code: 'quotationTransition'; readonly from: QuotationStatus; readonly to: QuotationStatus }
  | { readonly code: 'quotationNotAccepted' }
  | { readonly code: 'contractPeriod' };

/** Draft → sent → accepted or rejected; a rejected or expired one can be reworked as a draft. */
export function checkQuotationTransition(from: QuotationStatus, to: QuotationStatus): Result<void, QuotationError> {
  return TRANSITIONS[from].includes(to) ? ok(undefined) : err({ code: 'quotationTransition', from, to });
}

/** The statuses a quotation in `from` may move to, in the order a screen offers them. */
export function quotationMoves(from: QuotationStatus): readonly QuotationStatus[] {
  return TRANSITIONS[from];
}

export function checkContract(terms: ContractTerms): Result<void, QuotationError> {
  return terms.periodEnd >= terms.periodStart ? ok(undefined) : err({ code: 'contractPeriod' });
}

/** How far apart a contract's visits are: days, or months (counted from the period's start). */
const FREQUENCY_STEP: Readonly<Record<VisitFrequency, { readonly days: number } | { readonly months: number }>> = {
  weekly: { days: 7 },
  biweekly: { days: 14 },
  monthly: { months: 1 },
  bimonthly: { months: 2 },
  quarterly: { months: 3 },
  half_yearly: { months: 6 },
  yearly: { months: 12 },
};

/**
 * The visits a contract plans: from the period's first day, one every step of its frequency, up
 * to and including its last day. Month steps keep the start's day (the 31st becomes the last day of
 * a shorter month and comes back in longer ones). At most `limit` dates.
 */
export function contractVisitDates(terms: ContractTerms, limit = 400): IsoDate[] {
  if (terms.periodEnd < terms.periodStart) return [];
  const step = FREQUENCY_STEP[terms.frequency];
  const dates: IsoDate[] = [];
  for (let k = 0; dates.length < limit; k++) {
    const date = 'days' in step ? addDays(terms.periodStart, k * step.days) : addMonths(terms.periodStart, k * step.months);
    if (date > terms.periodEnd) break;
    dates.push(date);
  }
  return dates;
}

export interface QuotationForOrder {
  readonly kind: QuotationKind;
  readonly status: QuotationStatus;
  readonly date: IsoDate;
  readonly validDays: number;
  readonly lines: readonly OrderLine[];
  readonly discountRate: BasisPoints;
}

/**
 * An accepted quotation becomes an order with the same lines and discount: a contract becomes a
 * regular order, a basic quotation a new order. Only accepted quotations convert.
 */
export function toOrder(quotation: QuotationForOrder): Result<{ type: OrderType; lines: readonly OrderLine[]; discountRate: BasisPoints }, QuotationError> {
  if (quotation.status !== 'accepted') return err({ code: 'quotationNotAccepted' });
  return ok({ type: quotation.kind === 'contract' ? 'regular_order' : 'new_order', lines: quotation.lines, discountRate: quotation.discountRate });
}
