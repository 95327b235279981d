/**
 * The wire of Settings → Audit log (server/admin/audits/routes.ts): a page of entries, newest first,
 * with the filter's choices. Read against the real server in tests/server/admin-contract.test.ts.
 */
import * as z from 'zod/mini';
import { Id, listPage, Timestamp } from './common';

/** One line of the log: who did what to which record, when and from where. */
export const AuditEntry = z.object({
  id: z.number().check(z.int(), z.positive()),
  at: Timestamp,
  userId: z.nullable(Id),
  userName: z.nullable(z.string()),
  action: z.string(),
  entityType: z.string(),
  entityId: z.nullable(z.string()),
  /** Field by field `{ from, to }`, or the values given; null when the line keeps none. */
  changes: z.nullable(z.record(z.string(), z.unknown())),
  ip: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The filter's choices: every user, and the entity types and actions the log holds. */
export const AuditFilters = z.object({ users: z.array(z.object({ id: Id, name: z.string() })), entityTypes: z.array(z.string()), actions: z.array(z.string()) });

/** GET /api/audits */
export const AuditList = listPage(AuditEntry, { filters: AuditFilters });
export type AuditList = z.infer<typeof AuditList>;
