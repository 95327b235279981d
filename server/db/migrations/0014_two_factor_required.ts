import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Two-factor can be made compulsory: per role (roles.two_factor_required) or for everyone (the
 * settings row two_factor_required = 'true', written by Settings → Two-factor). Off by default, so
 * nothing changes until an administrator turns it on.
 */
export const twoFactorRequired: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`alter table roles add column two_factor_required boolean not null default false`.execute(db);
  },
};
