/**
 * Rules of the product's e-mail shared by the server and the screens: why a send failed (the kind
 * only: the remote server's own words are never kept or shown), and the site's address the links
 * in e-mails open at (an http(s) origin; the server's loopback address only as the last resort).
 */

/**
 * Why a send failed, by kind: the SMTP server could not be reached (refused, host not found, timed
 * out), TLS failed, the login was refused, what answered is not an SMTP server, the recipient or
 * sender was refused, something else; or nothing could be tried: e-mail not set up, no e-mail from
 * this host, no site address for the e-mail's links.
 */
export const MAIL_FAILURES = [
  'refused',
  'hostNotFound',
  'timedOut',
  'tls',
  'authentication',
  'notSmtp',
  'recipientRefused',
  'failed',
  'notConfigured',
  'unavailable',
  'siteUrlNotSet',
] as const;
export type MailFailureKind = (typeof MAIL_FAILURES)[number];

const PREFIX = 'mail.';

/** The reason a failed send keeps (on its job, its send, its reminder, the audit log): a stable code the screens put in words. */
export const mailFailureReason = (kind: MailFailureKind): string => `${PREFIX}${kind}`;

/** The kind a kept reason names, or null when it is another text. */
export function mailFailureOf(reason: string): MailFailureKind | null {
  if (!reason.startsWith(PREFIX)) return null;
  const kind = reason.slice(PREFIX.length);
  return (MAIL_FAILURES as readonly string[]).includes(kind) ? (kind as MailFailureKind) : null;
}

/**
 * The site's address as typed in Settings → E-mail, as its origin ("https://office.example.hk"), or
 * null when it is not one: http or https, a host, no user name or password, nothing after the host
 * but an optional "/". '' is no address (returned as '').
 */
export function siteOrigin(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return '';
  if (!URL.canParse(typed)) return null;
  const url = new URL(typed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password || url.search || url.hash || !['', '/'].includes(url.pathname)) return null;
  if (/[?#]$/.test(typed)) return null;
  return url.origin;
}

/** Whether a host name is this machine's loopback (127.0.0.0/8, ::1, localhost): a link there reaches no one else. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The most e-mails one person may send in an hour, by default (Settings → E-mail), and the range allowed. */
export const DEFAULT_SENDS_PER_HOUR = 200;
export const MAX_SENDS_PER_HOUR = 10_000;
