import type { Result } from 'neverthrow';
import { translate } from '../i18n';
import { errorReply, fieldError } from '../http/errors';
import { fieldErrors } from '../http/fields';
import type { AppContext } from '../http/env';
import type { AppointmentFailure } from './failures';


const REPORT_PART_KEY = { workDone: 'appointments.workDoneRequired', clientSignature: 'appointments.clientSignatureRequired', workerSignature: 'appointments.workerSignatureRequired' } as const;

/** The reply to an appointments failure: the status codes, message keys and bodies the API has always given. */
export function failureReply(c: AppContext, f: AppointmentFailure): Response {
  const lang = c.var.language;
  switch (f.code) {
    case 'notFound':
      return errorReply(c, 404, 'errors.notFound');
    case 'forbidden':
      return errorReply(c, 403, 'auth.forbidden');
    case 'conflict':
      return errorReply(c, 409, 'errors.conflict');
    case 'tooLarge':
      return errorReply(c, 413, 'errors.tooLarge');
    case 'validation':
      return fieldErrors(c, f.errors);
    case 'rangeOrder':
      return fieldError(c, 'end', 'appointments.rangeOrder');
    case 'rangeTooLong':
      return fieldError(c, 'end', 'appointments.rangeTooLong');
    case 'notAnOccurrence':
      return fieldError(c, 'occurrence', 'appointments.notAnOccurrence');
    case 'visitHasState':
      return errorReply(c, 422, 'appointments.hasReport');
    case 'reportLocked':
      return errorReply(c, 422, 'appointments.reportLocked');
    case 'statusTransition': {
      const message = translate(lang, 'appointments.statusTransition', { from: translate(lang, `appointments.status.${f.from}`), to: translate(lang, `appointments.status.${f.to}`) });
      return c.json({ message, errors: { status: [message] } }, 422);
    }
    case 'reportIncomplete':
      return fieldErrors(c, Object.fromEntries(f.missing.map((part) => [part, [translate(lang, REPORT_PART_KEY[part])]])));
    case 'cancelReasonOnlyWhenCanceling':
      return fieldError(c, 'reason', 'appointments.cancelReasonOnlyWhenCanceling');
    case 'futureVisit':
      return fieldErrors(c, { confirmFuture: [translate(lang, 'appointments.futureVisit', { date: f.date })] });
    case 'unknownProducts':
      return fieldErrors(c, Object.fromEntries(f.indexes.map((i) => [`productsUsed.${i}.productId`, [translate(lang, 'appointments.unknownProduct')]])));
    case 'signerNotWorker':
      return fieldError(c, 'signer', 'appointments.signerNotWorker');
    case 'signerRequired':
      return fieldError(c, 'signer', 'appointments.signerRequired');
    case 'notPng':
      return fieldError(c, 'signature', 'appointments.notPng');
    case 'notImage':
      return fieldError(c, 'photo', 'appointments.notImage');
    case 'photoRequired':
      return fieldError(c, 'photo', 'validation.fileRequired');
  }
}

/** The service's value as JSON (with `status`), or its failure's reply. */
export function replyWith<T>(c: AppContext, result: Result<T, AppointmentFailure>, status: 200 | 201 = 200): Response {
  return result.isOk() ? c.json(result.value as object, status) : failureReply(c, result.error);
}
