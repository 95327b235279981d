import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { CustomerDocumentReply } from '../../contract/customerLinks';
import { DECLINE_REASON_MAX, RESPONDER_NAME_MAX, SIGNATURE_MAX_BYTES, type ResponseRefusal } from '../../domain/quotations/customerResponse';
import { IMAGE_EXTENSIONS, sniffImageType, type ImageType } from '../../domain/files/image-type';
import { withoutMetadata } from '../../domain/files/imageMetadata';
import { audit } from '../audit';
import { errorReply, fieldError } from '../http/errors';
import type { AppContext, AppEnv } from '../http/env';
import { failureReplies } from '../http/failure';
import { qrPng } from '../http/qrPng';
import { hitRateLimit, tooManyAttempts } from '../http/rateLimit';
import { replies } from '../http/reply';
import { parseJsonBody } from '../http/validate';
import { documentPdf } from '../documents/pdf';
import { letterheadFilesOfBranch } from './repository';
import { answerQuotation, customerView, letterheadBranchOf, linkPdfRef, linkStatementPeriod, logLinkOpen, standing, type Answer, type LinkFailure, type OpenLink, type Visitor } from './service';
import { fpsQrPayload } from '../sales/orders/service';
import { statementFpsPayload } from '../statements/record';

/**
 * The customer's side of customer links (docs/security.md, "Customer links"), reachable with no
 * sign-in: only what the link's document shows, through its token. A forged, expired or revoked
 * token gets the same 404 as no link at all; every address is rate-limited per IP address.
 */

/** Reads (the page, its PDF and pictures) and answers per IP address a minute. */
export const PUBLIC_READS_PER_MINUTE = 60;
export const PUBLIC_ANSWERS_PER_MINUTE = 10;

const PNG_DATA_URL = 'data:image/png;base64,';

const Accept = z.object({
  name: z.string().trim().min(1).max(RESPONDER_NAME_MAX),
  signature: z
    .string()
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + PNG_DATA_URL.length)
    .startsWith(PNG_DATA_URL),
});
const Decline = z.object({ reason: z.string().trim().max(DECLINE_REASON_MAX).default(''), name: z.string().trim().max(RESPONDER_NAME_MAX).default('') });

const shown = replies(CustomerDocumentReply);
const answered = replies(CustomerDocumentReply);

const refusal = (key: ResponseRefusal) => (c: AppContext) => errorReply(c, 422, `links.${key}`, { reason: key, details: {} });
const failureReply = failureReplies<LinkFailure>({
  quotationNotSent: refusal('quotationNotSent'),
  quotationExpired: refusal('quotationExpired'),
  quotationAlreadyAccepted: refusal('quotationAlreadyAccepted'),
  quotationAlreadyDeclined: refusal('quotationAlreadyDeclined'),
  quotationConverted: refusal('quotationConverted'),
});

const visitorOf = (c: AppContext): Visitor => ({
  db: c.var.deps.db,
  encrypter: c.var.deps.encrypter,
  now: c.var.deps.now,
  ip: c.var.deps.clientIp(c),
  userAgent: c.req.header('user-agent') ?? '',
});

/** Counts one request of this IP address for reads or answers; the 429 reply (with Retry-After) beyond the limit, else null. */
async function overLimit(c: AppContext, kind: 'read' | 'answer', limit: number): Promise<Response | null> {
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Referrer-Policy', 'no-referrer');
  const hit = await hitRateLimit(c, `public-${kind}:${c.var.deps.clientIp(c) ?? '-'}`, limit, 60_000);
  return hit.allowed ? null : tooManyAttempts(c, hit);
}

/** Reads, limited per IP address and minute. */
const limited =
  (kind: 'read', limit: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const refused = await overLimit(c, kind, limit);
    if (refused) return refused;
    await next();
  };

/** The link the route's token names, or the one 404 reply. */
async function linkOf(c: AppContext): Promise<OpenLink | Response> {
  return (await standing(visitorOf(c), c.req.param('token') ?? '')) ?? errorReply(c, 404, 'errors.notFound');
}

/** What the customer's page shows of the link's document; its PDF is offered where this host makes PDFs (not the in-page demo). */
const viewOf = (c: AppContext, visitor: Visitor, link: OpenLink) =>
  customerView(visitor, link, c.var.deps.fonts !== undefined, `/api/public/documents/${encodeURIComponent(c.req.param('token') ?? '')}`);

export function publicDocumentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const reads = limited('read', PUBLIC_READS_PER_MINUTE);
  const base = '/public/documents/:token';

  routes.get(base, shown, reads, async (c) => {
    const link = await linkOf(c);
    if (link instanceof Response) return link;
    const visitor = visitorOf(c);
    await logLinkOpen(visitor, link);
    const view = await viewOf(c, visitor, link);
    return view.isErr() ? failureReply(c, view.error) : shown.send(c, view.value);
  });

  routes.get(`${base}/pdf`, reads, async (c) => {
    const link = await linkOf(c);
    if (link instanceof Response) return link;
    const language = c.req.query('language');
    const ref = await linkPdfRef(visitorOf(c), link);
    const made = ref ? await documentPdf(c.var.deps, ref, language === 'en' || language === 'both' ? language : 'zh-HK') : null;
    if (!made || made.isErr()) return errorReply(c, 404, 'errors.notFound');
    const file = made.value;
    await logLinkOpen(visitorOf(c), link);
    return c.body(file.bytes.slice().buffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
    });
  });

  // The letterhead's pictures and an invoice's or a statement's FPS QR code, which the page shows.
  for (const kind of ['logo', 'chop'] as const) {
    routes.get(`${base}/${kind}`, reads, async (c) => {
      const link = await linkOf(c);
      if (link instanceof Response) return link;
      const { db, files, now } = c.var.deps;
      const row = await letterheadFilesOfBranch(db, await letterheadBranchOf(db, now(), link));
      const key = kind === 'logo' ? row?.logo_key : row?.chop_key;
      const type = (kind === 'logo' ? row?.logo_type : row?.chop_type) as ImageType | null | undefined;
      const bytes = key ? await files.get(key) : null;
      if (!bytes || !type) return errorReply(c, 404, 'errors.notFound');
      return c.body(bytes.slice().buffer, 200, { 'Content-Type': type, 'Content-Disposition': `inline; filename="${kind}.${IMAGE_EXTENSIONS[type]}"` });
    });
  }
  routes.get(`${base}/fps-qr.png`, reads, async (c) => {
    const link = await linkOf(c);
    if (link instanceof Response) return link;
    const { db, now } = c.var.deps;
    const payload = link.type === 'invoice' ? await fpsQrPayload(db, link.documentId) : link.type === 'statement' ? await statementFpsPayload(db, link.documentId, linkStatementPeriod(now())) : null;
    if (!payload || payload.isErr()) return errorReply(c, 404, 'errors.notFound');
    return c.body(qrPng(payload.value).slice().buffer, 200, { 'Content-Type': 'image/png' });
  });

  // The body is read first: a refused body is refused whatever the token, so the reply tells nothing about it.
  const answer = (outcome: 'accepted' | 'declined') => async (c: AppContext) => {
    const visitor = visitorOf(c);
    const auditAs = (entry: Parameters<typeof audit>[1], tx: Parameters<typeof audit>[2]) => audit(c, { ...entry, userId: null }, tx);
    let given: Answer;
    if (outcome === 'accepted') {
      const body = await parseJsonBody(c, Accept);
      if (body.isErr()) return body.error;
      const bytes = pngOf(body.value.signature);
      if (!bytes) return fieldError(c, 'signature', 'links.signatureInvalid');
      given = { outcome, name: body.value.name, signature: bytes };
    } else {
      const body = await parseJsonBody(c, Decline);
      if (body.isErr()) return body.error;
      given = { outcome, name: body.value.name, reason: body.value.reason };
    }
    // Answers are limited per IP address and minute once their body is read (a body refused above tries no token).
    const refused = await overLimit(c, 'answer', PUBLIC_ANSWERS_PER_MINUTE);
    if (refused) return refused;
    const link = await linkOf(c);
    if (link instanceof Response) return link;
    if (link.type !== 'quotation') return errorReply(c, 404, 'errors.notFound');
    const result = await answerQuotation(visitor, link, given, auditAs);
    if (result.isErr()) return failureReply(c, result.error);
    const view = await viewOf(c, visitor, link);
    return view.isErr() ? failureReply(c, view.error) : answered.send(c, view.value);
  };
  routes.post(`${base}/accept`, answered, answer('accepted'));
  routes.post(`${base}/decline`, answered, answer('declined'));
  return routes;
}

/** The bytes of a drawn signature sent as a PNG data: address; null when it is not a PNG of at most SIGNATURE_MAX_BYTES. */
function pngOf(dataUrl: string): Uint8Array | null {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(dataUrl.slice(PNG_DATA_URL.length)), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
  // Kept without metadata (issue 31 item 7): a PNG's text chunks go.
  return bytes.length > 0 && bytes.length <= SIGNATURE_MAX_BYTES && sniffImageType(bytes) === 'image/png' ? withoutMetadata(bytes, 'image/png').unwrapOr(null) : null;
}
