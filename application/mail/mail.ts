import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { hasPermission, type PermissionHolder } from '../../domain/auth/permissions';
import { MAX_SENDS_PER_HOUR, siteOrigin } from '../../domain/mail/mail';
import type { ApiError } from '../api/ApiError';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import type { DocumentSend, MailedDocument, MailLanguage, Mailing, MailSettings, MailSettingsChange, TlsMode } from '../ports/Mailing';

/**
 * The use-cases of e-mail: Settings → E-mail's form (what it starts from, what it checks, what it
 * sends), its test e-mail, and the "Send by e-mail" form of a quotation or an invoice.
 */

/** The usual port of each TLS mode, offered when the mode changes. */
export const USUAL_PORT: Readonly<Record<TlsMode, number>> = { none: 25, starttls: 587, tls: 465 };

/** Settings → E-mail as typed: the port as text, a new password ('' keeps the kept one). */
export interface MailSettingsDraft {
  readonly host: string;
  readonly port: string;
  readonly tlsMode: TlsMode;
  readonly username: string;
  readonly password: string;
  readonly clearPassword: boolean;
  readonly fromName: string;
  readonly fromAddress: string;
  readonly siteUrl: string;
  readonly sendsPerHour: string;
}

export const mailSettingsDraft = (settings: MailSettings): MailSettingsDraft => ({
  host: settings.host,
  port: String(settings.port),
  tlsMode: settings.tlsMode,
  username: settings.username,
  password: '',
  clearPassword: false,
  fromName: settings.fromName,
  fromAddress: settings.fromAddress,
  siteUrl: settings.siteUrl,
  sendsPerHour: String(settings.sendsPerHour),
});

/** An address with one @, something on each side and a dot in its domain (the server checks it again). */
export const looksLikeEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

function settingsChange(draft: MailSettingsDraft, version: number): Result<MailSettingsChange, Invalid> {
  const host = draft.host.trim();
  const fromAddress = draft.fromAddress.trim();
  const port = /^[0-9]{1,5}$/.test(draft.port.trim()) ? Number(draft.port.trim()) : NaN;
  const siteUrl = siteOrigin(draft.siteUrl);
  const sendsPerHour = /^[0-9]{1,5}$/.test(draft.sendsPerHour.trim()) ? Number(draft.sendsPerHour.trim()) : NaN;
  const problems = invalid({
    sendsPerHour: sendsPerHour >= 1 && sendsPerHour <= MAX_SENDS_PER_HOUR ? [] : [{ key: 'mail:settings.sendsPerHourRange', values: { max: MAX_SENDS_PER_HOUR } }],
    siteUrl: siteUrl === null ? [{ key: 'mail:settings.siteUrlFormat' }] : [],
    port: port >= 1 && port <= 65_535 ? [] : [{ key: 'mail:settings.portRange' }],
    fromAddress: fromAddress === '' ? (host ? [{ key: 'mail:settings.fromRequired' }] : []) : looksLikeEmail(fromAddress) ? [] : [{ key: 'mail:settings.emailFormat' }],
  });
  if (!isValid(problems)) return err(problems);
  return ok({
    host,
    port,
    tlsMode: draft.tlsMode,
    username: draft.username.trim(),
    ...(draft.clearPassword ? { clearPassword: true } : draft.password ? { password: draft.password } : {}),
    fromName: draft.fromName.trim(),
    fromAddress,
    siteUrl: siteUrl ?? '',
    sendsPerHour,
    version,
  });
}

/** Saves Settings → E-mail once the draft is right; nothing is sent otherwise. */
export function saveMailSettings(mailing: Mailing, draft: MailSettingsDraft, version: number): ResultAsync<MailSettings, ApiError | Invalid> {
  return settingsChange(draft, version).asyncAndThen((change) => mailing.saveSettings(change));
}

/** Sends the test e-mail to `to` (an address is needed). */
export function sendTestMail(mailing: Mailing, to: string): ResultAsync<void, ApiError | Invalid> {
  const address = to.trim();
  const problems = invalid({ testTo: looksLikeEmail(address) ? [] : [{ key: 'mail:settings.emailFormat' }] });
  return (isValid(problems) ? ok(address) : err(problems)).asyncAndThen((checked) => mailing.sendTest(checked));
}

/** "Send by e-mail" as typed. */
export interface SendDraft {
  readonly to: string;
  readonly language: MailLanguage;
  readonly message: string;
}

/** The form starts with the first contact's address (the primary first) and the interface language. */
export const sendDraft = (contacts: readonly { readonly email: string }[], language: MailLanguage, message: string): SendDraft => ({
  to: contacts[0]?.email ?? '',
  language,
  message,
});

/** Queues the e-mail of the document once an address is given; the send as queued. */
export function sendDocument(mailing: Mailing, document: MailedDocument, id: number, draft: SendDraft): ResultAsync<DocumentSend, ApiError | Invalid> {
  const to = draft.to.trim();
  const problems = invalid({ to: looksLikeEmail(to) ? [] : [{ key: 'mail:send.emailFormat' }] });
  return (isValid(problems) ? ok(to) : err(problems)).asyncAndThen((address) => mailing.send(document, id, { to: address, language: draft.language, message: draft.message.trim() }));
}

/** What Settings → E-mail and Background jobs offer the user: saving, the test e-mail and retrying need setting_edit. */
export const mailOffers = (user: PermissionHolder | null): { readonly edit: boolean } => ({ edit: hasPermission(user, 'setting_edit') });

/** Whether the user may send the document by e-mail (who may edit it). */
export const mayMail = (user: PermissionHolder | null, document: MailedDocument): boolean => hasPermission(user, document === 'quotation' ? 'quotation_edit' : 'order_edit');
