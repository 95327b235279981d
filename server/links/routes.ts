import { Hono } from 'hono';
import * as z from 'zod';
import { DocumentLinkMade, DocumentLinkRevoked, DocumentLinks } from '../../contract/customerLinks';
import { LINK_DAYS_DEFAULT, LINK_DAYS_MAX, LINK_DAYS_MIN } from '../../domain/quotations/customerResponse';
import type { Permission } from '../../domain/auth/permissions';
import type { AppEnv } from '../http/env';
import { failureReply } from '../http/failure';
import { idParam } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { replies } from '../http/reply';
import { parseJsonBody } from '../http/validate';
import { callerOf } from '../sales/caller';
import type { LinkedType } from './repository';
import { documentLinks, makeDocumentLink, revokeDocumentLink } from './service';

const MakeLink = z.object({ expiresInDays: z.number().int().min(LINK_DAYS_MIN).max(LINK_DAYS_MAX).default(LINK_DAYS_DEFAULT) });

const listed = replies(DocumentLinks);
const made = replies(DocumentLinkMade, 201);
const revoked = replies(DocumentLinkRevoked);

/** Where each kind of document lives, and the permission that changes it (which also makes and revokes its links). */
const DOCUMENTS: readonly { type: LinkedType; base: string; permission: Permission }[] = [
  { type: 'quotation', base: 'quotations', permission: 'quotation_edit' },
  { type: 'invoice', base: 'orders', permission: 'order_edit' },
];

/** Staff's side of customer links: a document's links (with their opens), making one, revoking one. */
export function documentLinkRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  for (const { type, base, permission } of DOCUMENTS) {
    routes.get(`/${base}/:id{[0-9]{1,9}}/links`, listed, ...requirePermission(permission, 'read'), async (c) => {
      const links = await documentLinks(callerOf(c), type, idParam(c));
      return links.isErr() ? failureReply(c, links.error) : listed.send(c, { links: links.value });
    });
    routes.post(`/${base}/:id{[0-9]{1,9}}/links`, made, ...requirePermission(permission, 'update'), async (c) => {
      const body = await parseJsonBody(c, MakeLink);
      if (body.isErr()) return body.error;
      const link = await makeDocumentLink(callerOf(c), c.var.deps.encrypter, type, idParam(c), body.value.expiresInDays);
      return link.isErr() ? failureReply(c, link.error) : made.send(c, link.value);
    });
    routes.post(`/${base}/:id{[0-9]{1,9}}/links/:link{[0-9]{1,9}}/revoke`, revoked, ...requirePermission(permission, 'update'), async (c) => {
      const link = await revokeDocumentLink(callerOf(c), type, idParam(c), idParam(c, 'link'));
      return link.isErr() ? failureReply(c, link.error) : revoked.send(c, { link: link.value });
    });
  }
  return routes;
}
