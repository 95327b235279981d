import { err, errAsync, ok, type Result, type ResultAsync } from 'neverthrow';
import { hasPermission } from '../../domain/auth/permissions';
import { LINK_PERMISSIONS } from '../../domain/links/linkedDocuments';
import type { User } from '../../domain/auth/user';
import { DECLINE_REASON_MAX, LINK_DAYS_DEFAULT, LINK_DAYS_MAX, LINK_DAYS_MIN, RESPONDER_NAME_MAX } from '../../domain/quotations/customerResponse';
import type { ApiError } from '../api/ApiError';
import { invalid, type Invalid } from '../forms/Invalid';
import type { CustomerLinks } from '../ports/CustomerLinks';
import { whatsAppAddress, whatsAppMessage, type CustomerDocumentData, type DocumentLink, type LinkedDocument, type LinkRef, type MadeLink, type Words } from './customerLinks';

/** What a document's "Customer link" panel starts with: a lifetime in days, as typed. */
export const DEFAULT_LINK_DAYS = String(LINK_DAYS_DEFAULT);

/**
 * Staff's customer links on a quotation, an invoice, a receipt, a refund, a completed service report
 * or a client's statement: list, make (with a lifetime in days, 1–365), revoke, and the WhatsApp
 * click-to-chat address carrying a link.
 */
export class CustomerLinkDesk {
  constructor(private readonly links: CustomerLinks) {}

  /** Whether the user may make, see and revoke a document's links (domain/links/linkedDocuments.ts: a quotation's or invoice's editors, the others' viewers). */
  offers(user: User | null, document: LinkedDocument): { readonly links: boolean } {
    return { links: hasPermission(user, LINK_PERMISSIONS[document]) };
  }

  list(document: LinkRef): ResultAsync<readonly DocumentLink[], ApiError> {
    return this.links.list(document);
  }

  /** Makes a link valid for `days` (as typed): refused on the field when it is not a whole number of days from 1 to 365. */
  make(document: LinkRef, days: string): ResultAsync<MadeLink, Invalid | ApiError> {
    const n = Number(days.trim());
    if (!/^\d+$/.test(days.trim()) || n < LINK_DAYS_MIN || n > LINK_DAYS_MAX) {
      return errAsync(invalid({ expiresInDays: [{ key: 'customer:link.daysRange', values: { min: LINK_DAYS_MIN, max: LINK_DAYS_MAX } }] }));
    }
    return this.links.make(document, n);
  }

  revoke(document: LinkRef, linkId: number): ResultAsync<DocumentLink, ApiError> {
    return this.links.revoke(document, linkId);
  }

  /**
   * The WhatsApp click-to-chat address for `phone` with the bilingual message holding `url`; refused
   * on the phone field when it cannot be a WhatsApp number.
   */
  whatsApp(phone: string, document: { kind: LinkedDocument; number: string; companyZh: string; companyEn: string }, url: string, zh: Words, en: Words): Result<string, Invalid> {
    const address = whatsAppAddress(phone, whatsAppMessage(document, url, zh, en));
    return address.isOk() ? ok(address.value) : err(invalid({ phone: [{ key: 'customer:whatsapp.phoneInvalid' }] }));
  }
}

/** The customer's answers on their page: accept with a name and a drawn signature, or decline with an optional reason. */
export class CustomerResponder {
  constructor(private readonly links: CustomerLinks) {}

  accept(token: string, name: string, signature: Blob | null): ResultAsync<CustomerDocumentData, Invalid | ApiError> {
    const trimmed = name.trim();
    const problem = invalid({
      name: trimmed === '' ? [{ key: 'customer:answer.nameRequired' }] : trimmed.length > RESPONDER_NAME_MAX ? [{ key: 'customer:answer.nameTooLong', values: { count: RESPONDER_NAME_MAX } }] : undefined,
      signature: signature === null ? [{ key: 'customer:answer.signatureRequired' }] : undefined,
    });
    if (Object.keys(problem.fields).length > 0 || signature === null) return errAsync(problem);
    return this.links.accept(token, trimmed, signature);
  }

  decline(token: string, reason: string): ResultAsync<CustomerDocumentData, Invalid | ApiError> {
    if (reason.length > DECLINE_REASON_MAX) return errAsync(invalid({ reason: [{ key: 'customer:answer.reasonTooLong', values: { count: DECLINE_REASON_MAX } }] }));
    return this.links.decline(token, reason.trim());
  }

  downloadPdf(token: string, language: 'zh-HK' | 'en' | 'both'): ResultAsync<void, ApiError> {
    return this.links.downloadPdf(token, language);
  }
}
