import type { Result } from 'neverthrow';
import { translate } from '../i18n';
import { errorReply } from '../http/errors';
import { fieldErrors } from '../http/fields';
import type { AppContext } from '../http/env';
import { failureReplies, onField } from '../http/failure';
import type { AppointmentFailure } from './failures';

const REPORT_PART_KEY = { workDone: 'appointments.workDoneRequired', clientSignature: 'appointments.clientSignatureRequired', workerSignature: 'appointments.workerSignatureRequired' } as const;

/** The reply to an appointments failure: the status codes, message keys and bodies the API has always given. */
export const failureReply = failureReplies<AppointmentFailure>({
  rangeOrder: onField('end', 'appointments.rangeOrder'),
  rangeTooLong: onField('end', 'appointments.rangeTooLong'),
  notAnOccurrence: onField('occurrence', 'appointments.notAnOccurrence'),
  visitHasState: [422, 'appointments.hasReport'],
  reportLocked: [422, 'appointments.reportLocked'],
  statusTransition: (c, f) => {
    const lang = c.var.language;
    const message = translate(lang, 'appointments.statusTransition', { from: translate(lang, `appointments.status.${f.from}`), to: translate(lang, `appointments.status.${f.to}`) });
    return c.json({ message, errors: { status: [message] } }, 422);
  },
  reportIncomplete: (c, f) => fieldErrors(c, Object.fromEntries(f.missing.map((part) => [part, [translate(c.var.language, REPORT_PART_KEY[part])]]))),
  cancelReasonOnlyWhenCanceling: onField('reason', 'appointments.cancelReasonOnlyWhenCanceling'),
  futureVisit: (c, f) => fieldErrors(c, { confirmFuture: [translate(c.var.language, 'appointments.futureVisit', { date: f.date })] }),
  unknownProducts: (c, f) => fieldErrors(c, Object.fromEntries(f.indexes.map((i) => [`productsUsed.${i}.productId`, [translate(c.var.language, 'appointments.unknownProduct')]]))),
  signerNotWorker: onField('signer', 'appointments.signerNotWorker'),
  signerRequired: onField('signer', 'appointments.signerRequired'),
  notPng: onField('signature', 'appointments.notPng'),
  notImage: onField('photo', 'appointments.notImage'),
  photoRequired: onField('photo', 'validation.fileRequired'),
  visitChanged: (c, f) => errorReply(c, 409, 'errors.conflict', { report: f.report }),
  idempotencyKeyReused: onField('idempotencyKey', 'appointments.idempotencyKeyReused'),
});

/** The service's value as JSON (with `status`), or its failure's reply. */
export function replyWith<T>(c: AppContext, result: Result<T, AppointmentFailure>, status: 200 | 201 = 200): Response {
  return result.isOk() ? c.json(result.value as object, status) : failureReply(c, result.error);
}
