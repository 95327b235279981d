import { Hono } from 'hono';
import type { Result } from 'neverthrow';
import * as z from 'zod';
import type { Permission } from '../../domain/auth/permissions';
import { errorReply } from '../http/errors';
import { failureReplies } from '../http/failure';
import type { AppContext, AppEnv } from '../http/env';
import { idParam } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { parseQuery } from '../http/query';
import { visitRow } from '../appointments/repository';
import { visitTarget } from '../appointments/visitService';
import { isoDate } from '../http/dates';
import { failureReply } from '../http/failure';
import { statementPeriodOf } from '../statements/service';
import { documentPdf, PDF_LANGUAGES, type PdfDocumentKind, type PdfFailure, type PdfFile } from './pdf';

/** `?language=zh-HK|en|both`; omitted, the user's language. */
const PdfQuery = z.object({ language: z.enum(PDF_LANGUAGES).optional() });

/** A statement's PDF: the language, and its period (by default the last three months to today). */
const StatementPdfQuery = z.object({ language: z.enum(PDF_LANGUAGES).optional(), from: isoDate.optional(), to: isoDate.optional() });

const refused = failureReplies<PdfFailure>({
  // A refusal said beside the button (422 with its reason), not an outage (503 would mark the app offline).
  pdfUnavailable: (c, failure) => errorReply(c, 422, 'documents.pdfUnavailable', { errors: {}, reason: failure.code, details: {} }),
});

/** A made PDF as a download, or the failure's reply (404; 422 where this host makes no PDF). */
function pdfReply(c: AppContext, made: Result<PdfFile, PdfFailure>) {
  if (made.isErr()) return refused(c, made.error);
  const { fileName, bytes } = made.value;
  return c.body(bytes.slice().buffer, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
  });
}

/**
 * The documents as PDFs (server/documents/pdf.ts), each behind its record's view permission:
 * GET /quotations/:id/pdf, /orders/:id/pdf (the invoice), /receipts/:id/pdf (a receipt or refund)
 * /appointments/:id/visits/:date/report.pdf (the visit's service report, for those who may
 * see the appointment) and /clients/:id/statement/pdf (the client's statement of account, for those
 * who may see invoices).
 */
export function documentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const SALES: readonly [path: string, kind: PdfDocumentKind, need: Permission][] = [
    ['/quotations/:id{[0-9]{1,9}}/pdf', 'quotation', 'quotation_view'],
    ['/orders/:id{[0-9]{1,9}}/pdf', 'invoice', 'order_view'],
    ['/receipts/:id{[0-9]{1,9}}/pdf', 'receipt', 'receipt_view'],
  ];
  for (const [path, kind, need] of SALES) {
    routes.get(path, ...requirePermission(need), async (c) => {
      const query = parseQuery(c, PdfQuery);
      if (query.isErr()) return query.error;
      return pdfReply(c, await documentPdf(c.var.deps, { kind, id: idParam(c) }, query.value.language ?? c.var.language));
    });
  }

  routes.get('/clients/:id{[0-9]{1,9}}/statement/pdf', ...requirePermission('order_view'), async (c) => {
    const query = parseQuery(c, StatementPdfQuery);
    if (query.isErr()) return query.error;
    const period = statementPeriodOf(c.var.deps.now(), query.value, 'from');
    if (period.isErr()) return failureReply(c, period.error);
    return pdfReply(c, await documentPdf(c.var.deps, { kind: 'statement', id: idParam(c), period: period.value }, query.value.language ?? c.var.language));
  });

  routes.get('/appointments/:id{[0-9]{1,9}}/visits/:date/report.pdf', ...requirePermission('appointment_view'), async (c) => {
    const query = parseQuery(c, PdfQuery);
    if (query.isErr()) return query.error;
    const target = await visitTarget(c, idParam(c), c.req.param('date'));
    if (target.isErr()) return errorReply(c, 404, 'errors.notFound');
    // A visit with no report of its own yet has nothing to print.
    const visit = await visitRow(c.var.deps.db, target.value.row.id, target.value.date);
    if (!visit) return errorReply(c, 404, 'errors.notFound');
    return pdfReply(c, await documentPdf(c.var.deps, { kind: 'serviceReport', id: visit.id, viewer: c.var.user! }, query.value.language ?? c.var.language));
  });

  return routes;
}
