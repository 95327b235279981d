import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Two option lists of Settings → Options take effect. A client may hold how they found the business
 * (`source`: the value of a `client_source` option; null when not known; an option in use cannot be
 * deleted), and a canceled visit keeps why (`cancel_reason`: the words picked from the
 * `cancellation_reason` options or typed; '' when none was given).
 */
export const optionUses: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`alter table clients add column source text`.execute(db);
    await sql`create index clients_source on clients (source) where source is not null`.execute(db);
    await sql`alter table appointment_visits add column cancel_reason text not null default ''`.execute(db);
  },
};
