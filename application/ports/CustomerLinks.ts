import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { CustomerDocumentData, DocumentLink, LinkRef, MadeLink } from '../links/customerLinks';

/**
 * A document's customer links (staff: list, make, revoke) and the customer's answers through one
 * (no sign-in). The addresses of the customer's page and of its pictures and PDF are the adapter's.
 */
export interface CustomerLinks {
  list(document: LinkRef): ResultAsync<readonly DocumentLink[], ApiError>;
  make(document: LinkRef, expiresInDays: number): ResultAsync<MadeLink, ApiError>;
  revoke(document: LinkRef, linkId: number): ResultAsync<DocumentLink, ApiError>;
  accept(token: string, name: string, signature: Blob): ResultAsync<CustomerDocumentData, ApiError>;
  decline(token: string, reason: string): ResultAsync<CustomerDocumentData, ApiError>;
  /** Saves the document's PDF (in 'zh-HK', 'en' or both) through the download path. */
  downloadPdf(token: string, language: 'zh-HK' | 'en' | 'both'): ResultAsync<void, ApiError>;
}

export const CustomerLinks = token<CustomerLinks>('CustomerLinks');
