import type { Actor } from '../../domain/auth/permissions';
import type { PrintLanguage } from '../../domain/documents/printable';
import type { ServerDeps } from '../http/env';
import type { Db } from '../sales/caller';
import { letterheadCompany } from '../sales/documents/repository';
import type { DocumentPictures } from './render';

/** The shapes documentPdf (./pdf.ts) speaks, and what its document kinds share. */

export type PdfDocumentKind = 'quotation' | 'invoice' | 'receipt' | 'refund' | 'serviceReport' | 'statement';
export type PdfLanguage = PrintLanguage;
export const PDF_LANGUAGES = ['zh-HK', 'en', 'both'] as const satisfies readonly PdfLanguage[];

/** A document by its record's id: a quotation, an order (its invoice), a receipt or refund (either kind names the receipts' record), a visit's row (appointment_visits.id), a client (its statement of `period`). */
export interface PdfRef {
  readonly kind: PdfDocumentKind;
  readonly id: number;
  /** A statement's period (its first and last day). */
  readonly period?: { readonly from: string; readonly to: string };
  /**
   * The staff member the PDF is made for: a service report then holds only the photos their file
   * scope lets them see, as the screen does. Absent when it goes to the customer (a link, an e-mail):
   * their report with all its photos.
   */
  readonly viewer?: Actor;
}

export type PdfFailure =
  | { readonly code: 'notFound' }
  /** This host cannot make PDFs (no fonts: the in-page demo). */
  | { readonly code: 'pdfUnavailable' };

export type PdfDeps = Pick<ServerDeps, 'db' | 'files' | 'now' | 'fonts'>;

export interface PdfFile {
  /** The download name: the document's number (the report's appointment and date), `.pdf`. */
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/** The logo and chop of the company a document prints under (stored files; null when it has none). */
export async function letterheadPictures(deps: { db: Db; files: PdfDeps['files'] }, branchId: number | null, qr: Uint8Array | null): Promise<DocumentPictures> {
  const found = await letterheadCompany(deps.db, branchId);
  const file = async (key: string | null | undefined) => (key ? await deps.files.get(key) : null);
  return { logo: await file(found?.company.logo_key), chop: await file(found?.company.chop_key), qr };
}
