import { err, ok, type Result } from 'neverthrow';
import { checkQuotationTransition, type QuotationStatus } from './quotation';

/** What a customer answers through a quotation's link. */
export const CUSTOMER_OUTCOMES = ['accepted', 'declined'] as const;
export type CustomerOutcome = (typeof CUSTOMER_OUTCOMES)[number];

/** Why a customer cannot answer a quotation (any more): said on their page in their language. */
export const RESPONSE_REFUSALS = ['quotationNotSent', 'quotationExpired', 'quotationAlreadyAccepted', 'quotationAlreadyDeclined', 'quotationConverted'] as const;
export type ResponseRefusal = (typeof RESPONSE_REFUSALS)[number];

/** The status a customer's answer moves the quotation to (the domain's transitions: sent → accepted or rejected). */
export const outcomeStatus = (outcome: CustomerOutcome): QuotationStatus => (outcome === 'accepted' ? 'accepted' : 'rejected');

/**
 * Whether the customer may accept or decline a quotation in `status` (as shown today: an expired one
 * reads 'expired'), and why not: it must be sent, not expired, not already decided, not made an
 * invoice. The move itself is the domain's (checkQuotationTransition).
 */
export function customerMayRespond(status: QuotationStatus, converted: boolean, outcome: CustomerOutcome = 'accepted'): Result<QuotationStatus, { readonly code: ResponseRefusal }> {
  if (converted) return err({ code: 'quotationConverted' });
  if (status === 'expired') return err({ code: 'quotationExpired' });
  if (status === 'accepted') return err({ code: 'quotationAlreadyAccepted' });
  if (status === 'rejected') return err({ code: 'quotationAlreadyDeclined' });
  const to = outcomeStatus(outcome);
  return checkQuotationTransition(status, to).isOk() ? ok(to) : err({ code: 'quotationNotSent' });
}

/** The most a customer's name and decline reason may hold. */
export const RESPONDER_NAME_MAX = 120;
export const DECLINE_REASON_MAX = 1000;
/** The most a drawn signature (a PNG) may weigh. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

/** Link lifetimes staff may choose, in days; the default. */
export const LINK_DAYS_MIN = 1;
export const LINK_DAYS_MAX = 365;
export const LINK_DAYS_DEFAULT = 30;
