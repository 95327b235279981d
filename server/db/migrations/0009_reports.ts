import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Indexes for the reports and the dashboard. Orders still owing (not void, paid below the total)
 * by due date: the dashboard's outstanding card and the outstanding reminder read only these rows
 * instead of every order. Visits with a completed report, by
 * date: the completed-report report reads only those (its condition is the index's, word for word).
 */
export const reports: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create index orders_owing on orders (due_date) where not voided and paid < total`.execute(db);
    await sql`create index appointment_visits_reported on appointment_visits (date) where reported_at is not null or status in ('ended', 'pending_recheck', 'auditing', 'audited')`.execute(db);
  },
};
