import { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { DownloadService } from '../../../application/downloads/DownloadService';
import type { CustomerDocumentData, DocumentLink, LinkRef, MadeLink } from '../../../application/links/customerLinks';
import type { CustomerLinks } from '../../../application/ports/CustomerLinks';
import type { Navigator } from '../../../application/ports/Navigator';
import { CustomerDocumentReply, DocumentLinkMade, DocumentLinkRevoked, DocumentLinks } from '../../../contract/customerLinks';
import { decoderOf } from '../wire';

/** Where a document's links live: beside its record (a receipt's and a refund's both under /api/receipts), a service report's under its visit, a statement's under its client. */
function linksPath(document: LinkRef): string {
  switch (document.kind) {
    case 'quotation':
      return `/api/quotations/${document.id}/links`;
    case 'invoice':
      return `/api/orders/${document.id}/links`;
    case 'receipt':
    case 'refund':
      return `/api/receipts/${document.id}/links`;
    case 'serviceReport':
      return `/api/appointments/${document.id}/visits/${document.date ?? ''}/links`;
    case 'statement':
      return `/api/clients/${document.id}/statement/links`;
  }
}
const publicPath = (token: string) => `/api/public/documents/${encodeURIComponent(token)}`;

const linksReply = decoderOf(DocumentLinks);
const madeReply = decoderOf(DocumentLinkMade);
const revokedReply = decoderOf(DocumentLinkRevoked);
const customerDocumentReply = decoderOf(CustomerDocumentReply);

/**
 * Customer links over the API (…/links beside each document's record, /api/public/documents/{token}…),
 * read by the wire contract. A new link's address is made absolute here (the page's own address, in
 * path or hash form as the app runs), ready to copy or send.
 */
export class HttpCustomerLinks implements CustomerLinks {
  constructor(
    private readonly api: ApiClient,
    private readonly navigator: Navigator,
    private readonly downloads: DownloadService,
    private readonly pageAddress: () => string = () => globalThis.location?.href ?? 'http://localhost/',
  ) {}

  list(document: LinkRef): ResultAsync<readonly DocumentLink[], ApiError> {
    return this.api.call({ method: 'GET', path: linksPath(document) }, linksReply).map((r) => r.links);
  }

  make(document: LinkRef, expiresInDays: number): ResultAsync<MadeLink, ApiError> {
    return this.api
      .call({ method: 'POST', path: linksPath(document), body: { expiresInDays } }, madeReply)
      .map((r) => ({ link: r.link, url: new URL(this.navigator.href(r.path), this.pageAddress()).href }));
  }

  revoke(document: LinkRef, linkId: number): ResultAsync<DocumentLink, ApiError> {
    return this.api.call({ method: 'POST', path: `${linksPath(document)}/${linkId}/revoke`, body: {} }, revokedReply).map((r) => r.link);
  }

  accept(token: string, name: string, signature: Blob): ResultAsync<CustomerDocumentData, ApiError> {
    return ResultAsync.fromSafePromise(pngDataUrl(signature)).andThen((png) =>
      this.api.call({ method: 'POST', path: `${publicPath(token)}/accept`, body: { name, signature: png } }, customerDocumentReply),
    );
  }

  decline(token: string, reason: string): ResultAsync<CustomerDocumentData, ApiError> {
    return this.api.call({ method: 'POST', path: `${publicPath(token)}/decline`, body: { reason } }, customerDocumentReply);
  }

  downloadPdf(token: string, language: 'zh-HK' | 'en' | 'both'): ResultAsync<void, ApiError> {
    return this.downloads.download(`${publicPath(token)}/pdf?language=${language}`).map(() => undefined);
  }
}

/** A drawn signature (a PNG) as the data: address the answer carries. */
async function pngDataUrl(png: Blob): Promise<string> {
  const bytes = new Uint8Array(await png.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(binary)}`;
}
