import { Hono } from 'hono';
import * as z from 'zod';
import { AuditList } from '../../../contract/audits';
import { INT_MAX } from '../../db/limits';
import { isoDate } from '../../http/dates';
import type { AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { parseQuery } from '../../http/query';
import { replies } from '../../http/reply';
import { auditFilters, auditPage } from './repository';

const AuditQuery = z.object({
  user_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  entity_type: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(40).optional(),
  action: z.string().trim().max(40).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

/** Settings → Audit log: who did what to which record, when and from where; read-only, newest first. */
export function auditRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const list = replies(AuditList);
  routes.get('/audits', list, ...requirePermission('audit_view'), async (c) => {
    const query = parseQuery(c, AuditQuery);
    if (query.isErr()) return query.error;
    const { db } = c.var.deps;
    const { items, total } = await auditPage(db, query.value);
    return list.send(c, { items, total, page: query.value.page, perPage: query.value.per_page, filters: await auditFilters(db) });
  });
  return routes;
}
