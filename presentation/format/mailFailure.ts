import { mailFailureOf } from '../../domain/mail/mail';

/**
 * A kept failure reason in the reader's words: a send's reason code (domain/mail/mail.ts: refused,
 * timed out, TLS, authentication, not an SMTP server, no site address …) by the mail messages; any
 * other reason (a job's own, already worded) as it is.
 */
export function failureText(t: (key: string) => string, reason: string): string {
  const kind = mailFailureOf(reason);
  return kind ? t(`mail:failure.${kind}`) : reason;
}
