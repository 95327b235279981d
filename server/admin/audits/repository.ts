import { sql } from 'kysely';
import { countOf } from '../../db/paging';
import { pageWindow } from '../../http/query';
import type { Db } from '../../service/context';

export interface AuditFilter {
  readonly user_id?: number;
  readonly entity_type?: string;
  readonly entity_id?: string;
  readonly action?: string;
  readonly from?: string;
  readonly to?: string;
  readonly page: number;
  readonly per_page: number;
}

/** A page of the audit log, newest first; dates are Hong Kong calendar days. */
export async function auditPage(db: Db, q: AuditFilter) {
  let base = db.selectFrom('audits');
  if (q.user_id) base = base.where('audits.user_id', '=', q.user_id);
  if (q.entity_type) base = base.where('audits.entity_type', '=', q.entity_type);
  if (q.entity_id) base = base.where('audits.entity_id', '=', q.entity_id);
  if (q.action) base = base.where('audits.action', '=', q.action);
  if (q.from) base = base.where('audits.created_at', '>=', sql<Date>`(${q.from}::date)::timestamp at time zone 'Asia/Hong_Kong'`);
  if (q.to) base = base.where('audits.created_at', '<', sql<Date>`((${q.to}::date) + 1)::timestamp at time zone 'Asia/Hong_Kong'`);
  const total = await countOf(base);
  const { limit, offset } = pageWindow(q.page, q.per_page);
  const rows = await base
    .leftJoin('users', 'users.id', 'audits.user_id')
    .select(['audits.id', 'audits.action', 'audits.entity_type', 'audits.entity_id', 'audits.changes', 'audits.ip', 'audits.created_at', 'audits.user_id', 'users.name as user_name'])
    .orderBy('audits.created_at', 'desc')
    .orderBy('audits.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const items = rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.created_at).toISOString(),
    userId: r.user_id,
    userName: r.user_name,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    changes: r.changes,
    ip: r.ip,
  }));
  return { items, total };
}

/** The filter's choices: every user, and the entity types and actions the log holds. */
export async function auditFilters(db: Db) {
  const [users, types, actions] = await Promise.all([
    db.selectFrom('users').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('audits').select('entity_type').distinct().orderBy('entity_type').execute(),
    db.selectFrom('audits').select('action').distinct().orderBy('action').execute(),
  ]);
  return { users, entityTypes: types.map((t) => t.entity_type), actions: actions.map((a) => a.action) };
}
