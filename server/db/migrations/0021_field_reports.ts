import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The worker's report in the field (issue 22): a product's active ingredient (printed beside the
 * products used), the pests found and the areas treated of a visit's report, and whether a report
 * photo was taken before or after the work (null for the photos taken before this, untagged).
 * All empty by default, so nothing changes for what exists.
 */
export const fieldReports: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`alter table products add column active_ingredient text not null default ''`.execute(db);
    await sql`alter table appointment_visits add column pests_found text not null default ''`.execute(db);
    await sql`alter table appointment_visits add column areas_treated text not null default ''`.execute(db);
    await sql`alter table attachments add column photo_tag text check (photo_tag in ('before', 'after'))`.execute(db);
  },
};
