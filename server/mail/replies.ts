import type { AppContext } from '../http/env';
import { translate } from '../i18n';
import { errorReply } from '../http/errors';
import { failureReplies } from '../http/failure';
import type { SendLimitFailure } from './sendLimit';
import type { MailFailure } from './service';

/** 429 past the person's e-mails of the hour: Retry-After, and the limit and the wait in the caller's language. */
export function sendLimitReply(c: AppContext, failure: SendLimitFailure): Response {
  c.header('Retry-After', String(failure.retryAfterSeconds));
  const message = translate(c.var.language, 'mail.sendLimit', { limit: failure.limit, count: Math.ceil(failure.retryAfterSeconds / 60) });
  return c.json({ message, reason: failure.code, details: { limit: failure.limit, retryAfterSeconds: failure.retryAfterSeconds } }, 429);
}

/** The refusals of e-mail: 422 with the message, the domain code as `reason` and its details (documents' and statements' e-mails alike); 429 past the send limit. */
export const mailFailureReply = failureReplies<MailFailure>({
  mailNotConfigured: (c, failure) => errorReply(c, 422, 'mail.notConfigured', { reason: failure.code, details: {} }),
  mailUnavailable: (c, failure) => errorReply(c, 422, 'mail.unavailable', { reason: failure.code, details: {} }),
  siteUrlNotSet: (c, failure) => errorReply(c, 422, 'mail.siteUrlNotSet', { reason: failure.code, details: {} }),
  sendLimit: sendLimitReply,
  // The kind of failure only (refused, timed out, TLS, …), never what the remote server said.
  mailFailed: (c, failure) =>
    c.json({ message: translate(c.var.language, 'mail.sendFailed', { reason: translate(c.var.language, `mail.failure.${failure.kind}`) }), reason: failure.code, details: { kind: failure.kind } }, 422),
});
