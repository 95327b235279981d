import type { Kysely, Transaction } from 'kysely';
import type { User } from '../../domain/auth/user';
import type { IsoDate } from '../../domain/time/dates';
import { audit, type AuditEntry } from '../audit';
import type { Database } from '../db/schema';
import { today } from '../http/dates';
import type { AppContext } from '../http/env';

/**
 * What a sales service needs of the request, and no more: the database, the clock, today in Hong
 * Kong, the signed-in user, and the audit log (written in the change's transaction). The route makes
 * it with `callerOf(c)`; the services never see Hono, the language or the reply.
 */
export interface Caller {
  readonly db: Kysely<Database>;
  readonly now: () => Date;
  readonly today: IsoDate;
  readonly user: User;
  readonly audit: (entry: AuditEntry, tx: Transaction<Database>) => Promise<void>;
}

/** The caller of a request that has passed `requirePermission` (so a user is signed in). */
export function callerOf(c: AppContext): Caller {
  const { db, now } = c.var.deps;
  return { db, now, today: today(c), user: c.var.user!, audit: (entry, tx) => audit(c, entry, tx) };
}

export type Db = Kysely<Database> | Transaction<Database>;
export type Tx = Transaction<Database>;
