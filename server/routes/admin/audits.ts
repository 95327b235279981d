import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import { isoDate } from '../../http/dates';
import type { AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { pageWindow, parseQuery } from '../../http/query';
import { INT_MAX } from '../../db/limits';

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

  routes.get('/audits', ...requirePermission('audit_view'), async (c) => {
    const query = parseQuery(c, AuditQuery);
    if (query.isErr()) return query.error;
    const q = query.value;
    const { db } = c.var.deps;
    let base = db.selectFrom('audits');
    if (q.user_id) base = base.where('audits.user_id', '=', q.user_id);
    if (q.entity_type) base = base.where('audits.entity_type', '=', q.entity_type);
    if (q.entity_id) base = base.where('audits.entity_id', '=', q.entity_id);
    if (q.action) base = base.where('audits.action', '=', q.action);
    // Dates are Hong Kong calendar days.
    if (q.from) base = base.where('audits.created_at', '>=', sql<Date>`(${q.from}::date)::timestamp at time zone 'Asia/Hong_Kong'`);
    if (q.to) base = base.where('audits.created_at', '<', sql<Date>`((${q.to}::date) + 1)::timestamp at time zone 'Asia/Hong_Kong'`);
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const { limit, offset } = pageWindow(q.page, q.per_page);
    const rows = await base
      .leftJoin('users', 'users.id', 'audits.user_id')
      .select(['audits.id', 'audits.action', 'audits.entity_type', 'audits.entity_id', 'audits.changes', 'audits.ip', 'audits.created_at', 'audits.user_id', 'users.name as user_name'])
      .orderBy('audits.created_at', 'desc')
      .orderBy('audits.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const [users, types, actions] = await Promise.all([
      db.selectFrom('users').select(['id', 'name']).orderBy('name').execute(),
      db.selectFrom('audits').select('entity_type').distinct().orderBy('entity_type').execute(),
      db.selectFrom('audits').select('action').distinct().orderBy('action').execute(),
    ]);
    return c.json({
      items: rows.map((r) => ({
        id: Number(r.id),
        at: new Date(r.created_at).toISOString(),
        userId: r.user_id,
        userName: r.user_name,
        action: r.action,
        entityType: r.entity_type,
        entityId: r.entity_id,
        changes: r.changes,
        ip: r.ip,
      })),
      total,
      page: q.page,
      perPage: q.per_page,
      filters: { users, entityTypes: types.map((t) => t.entity_type), actions: actions.map((a) => a.action) },
    });
  });

  return routes;
}
