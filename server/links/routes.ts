import { Hono } from 'hono';
import * as z from 'zod';
import { DocumentLinkMade, DocumentLinkRevoked, DocumentLinks } from '../../contract/customerLinks';
import { LINK_DAYS_DEFAULT, LINK_DAYS_MAX, LINK_DAYS_MIN } from '../../domain/quotations/customerResponse';
import type { Permission } from '../../domain/auth/permissions';
import { LINK_PERMISSIONS } from '../../domain/links/linkedDocuments';
import { visitTarget } from '../appointments/visitService';
import { errorReply } from '../http/errors';
import type { AppContext, AppEnv } from '../http/env';
import { failureReply } from '../http/failure';
import { idParam } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { replies } from '../http/reply';
import { parseJsonBody } from '../http/validate';
import { callerOf } from '../sales/caller';
import type { LinkedType } from './repository';
import { documentLinks, makeDocumentLink, receiptLinkType, reportVisitId, revokeDocumentLink } from './service';

const MakeLink = z.object({ expiresInDays: z.number().int().min(LINK_DAYS_MIN).max(LINK_DAYS_MAX).default(LINK_DAYS_DEFAULT) });

const listed = replies(DocumentLinks);
const made = replies(DocumentLinkMade, 201);
const revoked = replies(DocumentLinkRevoked);

const refusals = { reportNotCompleted: [422, 'links.reportNotCompleted'] } as const;

/**
 * Where each kind of document's links live, the permission that lists, makes and revokes them
 * (domain/links/linkedDocuments.ts) and the document the address names (its type and record), or
 * null for the one 404: a receipt's address names a receipt or a refund by the record's kind, a
 * service report's the visit of an appointment the user may see, on a day it has.
 */
type Target = (c: AppContext) => Promise<{ type: LinkedType; id: number } | null>;
const fixed =
  (type: LinkedType): Target =>
  (c) =>
    Promise.resolve({ type, id: idParam(c) });
const DOCUMENTS: readonly { path: string; permission: Permission; target: Target }[] = [
  { path: '/quotations/:id{[0-9]{1,9}}', permission: LINK_PERMISSIONS.quotation, target: fixed('quotation') },
  { path: '/orders/:id{[0-9]{1,9}}', permission: LINK_PERMISSIONS.invoice, target: fixed('invoice') },
  {
    path: '/receipts/:id{[0-9]{1,9}}',
    permission: LINK_PERMISSIONS.receipt,
    target: async (c) => {
      const type = await receiptLinkType(c.var.deps.db, idParam(c));
      return type ? { type, id: idParam(c) } : null;
    },
  },
  {
    path: '/appointments/:id{[0-9]{1,9}}/visits/:date',
    permission: LINK_PERMISSIONS.serviceReport,
    target: async (c) => {
      const visit = await visitTarget(c, idParam(c), c.req.param('date') ?? '');
      const id = visit.isOk() ? await reportVisitId(c.var.deps.db, visit.value.row.id, visit.value.date) : null;
      return id === null ? null : { type: 'serviceReport', id };
    },
  },
  { path: '/clients/:id{[0-9]{1,9}}/statement', permission: LINK_PERMISSIONS.statement, target: fixed('statement') },
];

/** Staff's side of customer links: a document's links (with their opens), making one, revoking one. */
export function documentLinkRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  for (const { path, permission, target } of DOCUMENTS) {
    routes.get(`${path}/links`, listed, ...requirePermission(permission, 'read'), async (c) => {
      const doc = await target(c);
      if (!doc) return errorReply(c, 404, 'errors.notFound');
      const links = await documentLinks(callerOf(c), doc.type, doc.id);
      return links.isErr() ? failureReply(c, links.error, refusals) : listed.send(c, { links: links.value });
    });
    routes.post(`${path}/links`, made, ...requirePermission(permission, 'update'), async (c) => {
      const body = await parseJsonBody(c, MakeLink);
      if (body.isErr()) return body.error;
      const doc = await target(c);
      if (!doc) return errorReply(c, 404, 'errors.notFound');
      const link = await makeDocumentLink(callerOf(c), c.var.deps.encrypter, doc.type, doc.id, body.value.expiresInDays);
      return link.isErr() ? failureReply(c, link.error, refusals) : made.send(c, link.value);
    });
    routes.post(`${path}/links/:link{[0-9]{1,9}}/revoke`, revoked, ...requirePermission(permission, 'update'), async (c) => {
      const doc = await target(c);
      if (!doc) return errorReply(c, 404, 'errors.notFound');
      const link = await revokeDocumentLink(callerOf(c), doc.type, doc.id, idParam(c, 'link'));
      return link.isErr() ? failureReply(c, link.error, refusals) : revoked.send(c, { link: link.value });
    });
  }
  return routes;
}
