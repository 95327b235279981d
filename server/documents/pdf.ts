import { err, ok, type Result } from 'neverthrow';
import { invoiceDocument, invoicePayment, quotationDocument, receiptDocument, type PrintableDocument } from '../../domain/documents/printable';
import { statementDocument, statementFileName } from '../../domain/documents/statementDocument';
import { hongKongDate } from '../../domain/time/dates';
import { activeOptions } from '../admin/lists/optionLists';
import { qrPng } from '../http/qrPng';
import { fpsQrPayload, loadOrder } from '../sales/orders/service';
import { loadQuotation } from '../sales/quotations/service';
import { receiptById } from '../sales/receipts/repository';
import { receiptDetail } from '../sales/receipts/service';
import { statementRecord, statementRecordPayload } from '../statements/record';
import { letterheadPictures, type PdfDeps, type PdfFailure, type PdfFile, type PdfLanguage, type PdfRef } from './parts';
import type { DocumentPictures } from './render';
import { serviceReportPdf } from './serviceReport';

/**
 * A document as a PDF, made on the server (no browser): the quotation, the invoice (with how to pay
 * it and its FPS QR code), the receipt, the refund, the completed service report and a client's
 * statement of account (with its FPS QR code for what is owed), in Chinese,
 * English or both side by side, A4, with the company's logo and chop, in Noto Sans HK embedded as a
 * subset of the glyphs used. The quotation, invoice, receipt and refund come from the same model as
 * the print view (domain/documents/printable.ts). Other areas call this (e-mail attachments, the
 * customer's link): it checks no permission, the caller does. pdfkit and the layout load on the
 * first PDF (a chunk of their own); a host without fonts (the in-page demo) makes none.
 */

export type { PdfDeps, PdfDocumentKind, PdfFailure, PdfFile, PdfLanguage, PdfRef } from './parts';
export { PDF_LANGUAGES } from './parts';

export async function documentPdf(deps: PdfDeps, ref: PdfRef, language: PdfLanguage): Promise<Result<PdfFile, PdfFailure>> {
  if (!deps.fonts) return err({ code: 'pdfUnavailable' });
  if (ref.kind === 'serviceReport') return serviceReportPdf(deps, deps.fonts, ref.id, language, ref.viewer);
  const found = await printable(deps, ref);
  if (!found) return err({ code: 'notFound' });
  const fonts = await deps.fonts.load();
  const { renderPrintable } = await import('./render');
  const bytes = await renderPrintable(found.doc, language, found.pictures, fonts);
  return ok({ fileName: found.fileName ?? fileNameOf(found.doc.number), bytes });
}

/** A download name from a document number: letters, digits, dash, dot and underscore kept. */
export const fileNameOf = (name: string): string => `${name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'document'}.pdf`;

async function printable(deps: PdfDeps, ref: PdfRef): Promise<{ doc: PrintableDocument; pictures: DocumentPictures; fileName?: string } | null> {
  const { db } = deps;
  const today = hongKongDate(deps.now());
  switch (ref.kind) {
    case 'quotation': {
      const q = await loadQuotation(db, today, ref.id);
      return q ? { doc: quotationDocument(q), pictures: await letterheadPictures(deps, q.branchId, null) } : null;
    }
    case 'invoice': {
      const o = await loadOrder(db, today, ref.id);
      if (!o) return null;
      const payment = invoicePayment(o);
      const payload = payment?.qrImage ? await fpsQrPayload(db, o.id) : null;
      const qr = payload?.isOk() ? qrPng(payload.value, { scale: 6, margin: 4 }) : null;
      return { doc: invoiceDocument(o, payment), pictures: await letterheadPictures(deps, o.branchId, qr) };
    }
    case 'statement': {
      if (!ref.period) return null;
      const record = await statementRecord(db, ref.id, ref.period);
      if (!record) return null;
      const payload = statementRecordPayload(record);
      const qr = payload.isOk() ? qrPng(payload.value, { scale: 6, margin: 4 }) : null;
      return { doc: statementDocument(record), pictures: await letterheadPictures(deps, record.branchId, qr), fileName: statementFileName(record.clientCode, record.statement.to) };
    }
    default: {
      const row = await receiptById(db, ref.id);
      const detail = row ? await receiptDetail({ db }, ref.id) : null;
      if (!row || !detail || detail.isErr()) return null;
      const { receipt, letterhead } = detail.value;
      const reasons = receipt.kind === 'refund' ? await activeOptions(db, 'refund_reason') : [];
      return { doc: receiptDocument(receipt, { letterhead, client: receipt.client }, reasons), pictures: await letterheadPictures(deps, row.branch_id, null) };
    }
  }
}

