import { centsToDecimal } from '../../domain/money/money';
import { translate } from '../i18n';
import { errorReply } from '../http/errors';
import type { AppContext } from '../http/env';
import { fieldErrors } from '../http/fields';
import type { FieldProblems, SalesFailure } from './failures';

/** Field problems as the reply's `errors` (one message per field, in the caller's language). */
export function fieldMessages(c: AppContext, fields: FieldProblems): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, p]) => [field, [translate(c.var.language, p.key, p.values)]]));
}

const money = (cents: number) => `HK$${centsToDecimal(cents)}`;
const statusLabel = (c: AppContext, status: string) => translate(c.var.language, `sales.quotationStatus.${status}` as 'sales.quotationStatus.draft');

/**
 * The reply of a sales failure: 404, 409, or 422 with `message` (and `errors` per field where a field
 * is at fault), plus the domain `code` and its details for the rules the browser shows.
 */
export function failureReply(c: AppContext, failure: SalesFailure): Response {
  const lang = c.var.language;
  switch (failure.code) {
    case 'notFound':
      return errorReply(c, 404, 'errors.notFound');
    case 'conflict':
      return errorReply(c, 409, 'errors.conflict');
    case 'validation':
      return fieldErrors(c, fieldMessages(c, failure.fields));
    case 'amountNotPositive':
    case 'orderVoid':
    case 'receiptExceedsOrderTotal':
    case 'refundExceedsReceived': {
      const maxCents = 'maxCents' in failure ? failure.maxCents : 0;
      const message = translate(lang, `sales.${failure.code}`, { max: money(maxCents) });
      return c.json({ message, code: failure.code, maxCents, errors: { amount: [message] } }, 422);
    }
    case 'orderAlreadyVoid':
    case 'orderHasPayments':
    case 'orderNotVoid':
    case 'voidReasonRequired': {
      const message = translate(lang, `sales.${failure.code}`);
      return c.json({ message, code: failure.code, errors: { reason: [message] } }, 422);
    }
    case 'quotationTransition':
      return errorReply(c, 422, 'sales.quotationTransition', {
        message: translate(lang, 'sales.quotationTransition', { from: statusLabel(c, failure.from), to: statusLabel(c, failure.to) }),
        code: failure.code,
        from: failure.from,
        to: failure.to,
      });
    case 'quotationConverted':
      return errorReply(c, 422, 'sales.quotationConverted', {
        message: translate(lang, 'sales.quotationConverted', { number: failure.orderNumber }),
        code: failure.code,
        orderNumber: failure.orderNumber,
      });
    case 'orderLocked':
    case 'quotationLocked':
    case 'quotationNotAccepted':
    case 'quotationDeleteDraft':
    case 'alreadyBanked':
    case 'notBankable':
      return errorReply(c, 422, `sales.${failure.code}`, { code: failure.code });
  }
}
