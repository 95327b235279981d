import type { ResultAsync } from 'neverthrow';
import type { PrintLanguage } from '../../domain/documents/printable';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';

/** A document the server makes a PDF of: a quotation, an invoice (by its order), a receipt or refund, a visit's service report, a client's statement of a period. */
export type PdfDocument =
  | { readonly kind: 'quotation' | 'invoice' | 'receipt'; readonly id: number }
  | { readonly kind: 'serviceReport'; readonly appointmentId: number; readonly date: string }
  | { readonly kind: 'statement'; readonly clientId: number; readonly from: string; readonly to: string };

/**
 * The PDFs of documents, made by the back end: one is fetched through the app's transport and saved
 * (DownloadService), so the screens name a document, never its address.
 */
export interface DocumentPdfs {
  /** Fetches and saves the document's PDF in `language`; yields the name it was saved under. */
  download(document: PdfDocument, language: PrintLanguage): ResultAsync<string, ApiError>;
}

export const DocumentPdfs = token<DocumentPdfs>('DocumentPdfs');
