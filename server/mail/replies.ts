import { translate } from '../i18n';
import { errorReply } from '../http/errors';
import { failureReplies } from '../http/failure';
import type { MailFailure } from './service';

/** The refusals of e-mail: 422 with the message, the domain code as `reason` and its details (documents' and statements' e-mails alike). */
export const mailFailureReply = failureReplies<MailFailure>({
  mailNotConfigured: (c, failure) => errorReply(c, 422, 'mail.notConfigured', { reason: failure.code, details: {} }),
  mailUnavailable: (c, failure) => errorReply(c, 422, 'mail.unavailable', { reason: failure.code, details: {} }),
  siteUrlNotSet: (c, failure) => errorReply(c, 422, 'mail.siteUrlNotSet', { reason: failure.code, details: {} }),
  // The kind of failure only (refused, timed out, TLS, …), never what the remote server said.
  mailFailed: (c, failure) =>
    c.json({ message: translate(c.var.language, 'mail.sendFailed', { reason: translate(c.var.language, `mail.failure.${failure.kind}`) }), reason: failure.code, details: { kind: failure.kind } }, 422),
});
