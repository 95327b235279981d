import type { Kysely, Transaction } from 'kysely';
import type { User } from '../../domain/auth/user';
import { audit, type AuditEntry } from '../audit';
import { endSessionsForRightsChange } from '../auth/sessions';
import type { Database } from '../db/schema';
import type { AppContext, ServerDeps } from '../http/env';

export type Tx = Transaction<Database>;
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a service works with: the host's dependencies, the signed-in user doing the work, and the
 * request's side effects it may cause (an audit line, ended sessions) without knowing HTTP.
 */
export interface ServiceContext {
  readonly deps: ServerDeps;
  readonly db: Kysely<Database>;
  readonly now: () => Date;
  /** The signed-in user (services behind requirePermission always have one). */
  readonly actor: User;
  /** Writes one audit line (who, when, from where) in the change's transaction. */
  readonly audit: (entry: AuditEntry, tx: Db) => Promise<void>;
  /** Ends the sessions of these users after a change of their rights; whether the actor was among them. */
  readonly endSessionsForRightsChange: (tx: Db, userIds: readonly number[]) => Promise<boolean>;
}

/** The service context of a request (behind requirePermission: a signed-in user). */
export function serviceContext(c: AppContext): ServiceContext {
  const deps = c.var.deps;
  return {
    deps,
    db: deps.db,
    now: deps.now,
    actor: c.var.user!,
    audit: (entry, tx) => audit(c, entry, tx),
    endSessionsForRightsChange: (tx, userIds) => endSessionsForRightsChange(c, tx, userIds),
  };
}
