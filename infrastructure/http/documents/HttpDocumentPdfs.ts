import type { ResultAsync } from 'neverthrow';
import type { PrintLanguage } from '../../../domain/documents/printable';
import type { ApiError } from '../../../application/api/ApiError';
import type { DownloadService } from '../../../application/downloads/DownloadService';
import type { DocumentPdfs, PdfDocument } from '../../../application/ports/DocumentPdfs';

/** The API's address of a document's PDF (server/documents/routes.ts). */
export function pdfAddress(document: PdfDocument, language: PrintLanguage): string {
  const query = `?language=${encodeURIComponent(language)}`;
  switch (document.kind) {
    case 'quotation':
      return `/api/quotations/${document.id}/pdf${query}`;
    case 'invoice':
      return `/api/orders/${document.id}/pdf${query}`;
    case 'receipt':
      return `/api/receipts/${document.id}/pdf${query}`;
    case 'serviceReport':
      return `/api/appointments/${document.appointmentId}/visits/${document.date}/report.pdf${query}`;
    case 'statement':
      return `/api/clients/${document.clientId}/statement/pdf${query}&from=${document.from}&to=${document.to}`;
  }
}

/** DocumentPdfs over the API: the PDF's GET, saved by the download use-case. Loaded on the first download. */
export class HttpDocumentPdfs implements DocumentPdfs {
  constructor(private readonly downloads: DownloadService) {}

  download(document: PdfDocument, language: PrintLanguage): ResultAsync<string, ApiError> {
    return this.downloads.download(pdfAddress(document, language));
  }
}
