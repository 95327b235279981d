import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/schema';
import type { AppContext } from './http/env';

export interface AuditEntry {
  readonly action: string;
  readonly entityType: string;
  readonly entityId?: string | number | null;
  readonly changes?: Record<string, unknown> | null;
  /** Who did it, when the context has no signed-in user yet (e.g. the sign-in itself). */
  readonly userId?: number | null;
}

/**
 * Writes one line of the audit log: who, when, what, from where. Pass the transaction of the change
 * (`db`) to write the line together with the change.
 */
export async function audit(c: AppContext, entry: AuditEntry, db: Kysely<Database> | Transaction<Database> = c.var.deps.db): Promise<void> {
  const { now, clientIp } = c.var.deps;
  await db
    .insertInto('audits')
    .values({
      user_id: entry.userId !== undefined ? entry.userId : (c.var.user?.id ?? null),
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      changes: entry.changes ? JSON.stringify(entry.changes) : null,
      ip: clientIp(c),
      created_at: now(),
    })
    .execute();
}

/**
 * The fields that differ between two versions of a record, as the audit log keeps them:
 * `{ field: { from, to } }`. Values are compared by their JSON, so lists and objects compare by content.
 */
export function fieldChanges<T extends Record<string, unknown>>(before: T, after: T, keys: readonly (keyof T & string)[] = Object.keys(before)): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

/** Columns a deleted row's audit line never keeps. */
const SECRET_COLUMNS = new Set(['password_hash', 'two_factor_secret', 'two_factor_recovery_codes', 'token_hash']);

/**
 * A row as a delete's audit line keeps it (the whole "before"): every column in camelCase, times as
 * ISO text, secrets (password hash, two-factor secret and recovery codes, token hashes) left out.
 */
export function auditRow(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (SECRET_COLUMNS.has(column)) continue;
    out[column.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase())] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
