import { centsToDecimal } from '../../domain/money/money';
import { translate } from '../i18n';
import { errorReply } from '../http/errors';
import type { AppContext } from '../http/env';
import { failureReplies, type Refusal } from '../http/failure';
import type { SalesFailure } from './failures';

const money = (cents: number) => `HK$${centsToDecimal(cents)}`;
const statusLabel = (c: AppContext, status: string) => translate(c.var.language, `sales.quotationStatus.${status}` as 'sales.quotationStatus.draft');

type Of<Code extends SalesFailure['code']> = Extract<SalesFailure, { code: Code }>;

/** 422 on `amount` with the most the amount may be (the domain code and `maxCents` in the body). */
const onAmount = (c: AppContext, failure: Of<'amountNotPositive' | 'orderVoid' | 'receiptExceedsOrderTotal' | 'refundExceedsReceived'>) => {
  const maxCents = 'maxCents' in failure ? failure.maxCents : 0;
  const message = translate(c.var.language, `sales.${failure.code}`, { max: money(maxCents) });
  return c.json({ message, code: failure.code, maxCents, errors: { amount: [message] } }, 422);
};

/** 422 on `reason` (voiding and restoring an order), with the domain code. */
const onReason = (c: AppContext, failure: Of<'orderAlreadyVoid' | 'orderHasPayments' | 'orderNotVoid' | 'voidReasonRequired'>) => {
  const message = translate(c.var.language, `sales.${failure.code}`);
  return c.json({ message, code: failure.code, errors: { reason: [message] } }, 422);
};

/** 422 with the rule's message and its domain code. */
const refused: Refusal<Of<'orderLocked' | 'quotationLocked' | 'quotationNotAccepted' | 'quotationDeleteDraft' | 'alreadyBanked' | 'notBankable'>> = (c, failure) =>
  errorReply(c, 422, `sales.${failure.code}`, { code: failure.code });

/**
 * The reply of a sales failure: the common ones as everywhere (404, 409, 422 per field), and the
 * rules' own as 422 with `message` (and `errors` where a field is at fault), the domain `code` and its
 * details for the rules the browser shows.
 */
export const failureReply = failureReplies<SalesFailure>({
  amountNotPositive: onAmount,
  orderVoid: onAmount,
  receiptExceedsOrderTotal: onAmount,
  refundExceedsReceived: onAmount,
  orderAlreadyVoid: onReason,
  orderHasPayments: onReason,
  orderNotVoid: onReason,
  voidReasonRequired: onReason,
  quotationTransition: (c, failure) =>
    errorReply(c, 422, 'sales.quotationTransition', {
      message: translate(c.var.language, 'sales.quotationTransition', { from: statusLabel(c, failure.from), to: statusLabel(c, failure.to) }),
      code: failure.code,
      from: failure.from,
      to: failure.to,
    }),
  quotationConverted: (c, failure) =>
    errorReply(c, 422, 'sales.quotationConverted', {
      message: translate(c.var.language, 'sales.quotationConverted', { number: failure.orderNumber }),
      code: failure.code,
      orderNumber: failure.orderNumber,
    }),
  orderLocked: refused,
  quotationLocked: refused,
  quotationNotAccepted: refused,
  quotationDeleteDraft: refused,
  alreadyBanked: refused,
  notBankable: refused,
});
