import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { blank, recordTable, stamped } from './tables';

/**
 * Appointments. A row of `appointments` is a series as the domain keeps it (first day, time,
 * duration, all day, rule, end, days taken out) with `last_date`, the last day it can reach (null:
 * never ends), so a range query reads only the series that can touch the range. Each visit that has
 * state of its own (status, completed report, signatures) has a row in `appointment_visits` keyed
 * by (appointment_id, date); a visit without one is in progress with no report. Workers are a join
 * table. Report photos are attachments owned by the visit ('report').
 */
export const appointments: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await recordTable(db, 'appointments')
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
      .addColumn('address', 'text', blank)
      .addColumn('area_id', 'integer', (c) => c.references('areas.id'))
      .addColumn('branch_id', 'integer', (c) => c.references('branches.id'))
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('appointment_type', 'text', blank)
      .addColumn('notes', 'text', blank)
      .addColumn('start_date', 'date', (c) => c.notNull())
      .addColumn('start_minute', 'integer', (c) => c.notNull().check(sql`start_minute between 0 and 1439`))
      .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes between 1 and 1440`))
      .addColumn('all_day', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('recurrence', 'jsonb', (c) => c.notNull())
      .addColumn('end_kind', 'text', (c) => c.notNull().check(sql`end_kind in ('count', 'until', 'never')`))
      .addColumn('end_count', 'integer')
      .addColumn('end_until', 'date')
      .addColumn('exceptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('last_date', 'date')
      // The series this one was cut from ("this one only" or "this and future"), for the history.
      .addColumn('origin_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .$call(stamped)
      .addCheckConstraint('appointments_end', sql`(end_kind = 'count' and end_count between 1 and 1000) or (end_kind = 'until' and end_until is not null) or end_kind = 'never'`)
      .addCheckConstraint('appointments_last_date', sql`last_date is null or last_date >= start_date`)
      .execute();
    // Range queries: series that start before the range ends and end (or never end) after it starts.
    await db.schema.createIndex('appointments_start_date').on('appointments').column('start_date').execute();
    await sql`create index appointments_open_ended on appointments (start_date) where last_date is null`.execute(db);
    await db.schema.createIndex('appointments_last_date').on('appointments').column('last_date').execute();
    await db.schema.createIndex('appointments_client').on('appointments').column('client_id').execute();
    await db.schema.createIndex('appointments_order').on('appointments').column('order_id').execute();
    await db.schema.createIndex('appointments_branch').on('appointments').column('branch_id').execute();

    await db.schema
      .createTable('appointment_workers')
      .addColumn('appointment_id', 'integer', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addPrimaryKeyConstraint('appointment_workers_pk', ['appointment_id', 'user_id'])
      .execute();
    await db.schema.createIndex('appointment_workers_user').on('appointment_workers').columns(['user_id', 'appointment_id']).execute();

    await recordTable(db, 'appointment_visits')
      .addColumn('appointment_id', 'integer', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().defaultTo('in_progress').check(sql`status in ('in_progress', 'on_hold', 'ended', 'pending_recheck', 'auditing', 'audited', 'canceled')`),
      )
      .addColumn('work_done', 'text', blank)
      .addColumn('findings', 'text', blank)
      .addColumn('products_used', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      // Signatures drawn on the screen: PNG images, checked by their first bytes, at most 5 MB.
      .addColumn('client_signature', 'bytea')
      .addColumn('client_signer', 'text', blank)
      .addColumn('client_signed_at', 'timestamptz')
      .addColumn('worker_signature', 'bytea')
      .addColumn('worker_signer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('worker_signed_at', 'timestamptz')
      .addColumn('reported_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reported_at', 'timestamptz')
      .$call(stamped)
      .addUniqueConstraint('appointment_visits_day', ['appointment_id', 'date'])
      .execute();
    await db.schema.createIndex('appointment_visits_date').on('appointment_visits').columns(['date', 'appointment_id']).execute();

    // Report photos are attachments of a visit.
    await sql`alter table attachments drop constraint attachments_owner_type_check`.execute(db);
    await sql`alter table attachments add constraint attachments_owner_type_check check (owner_type in ('client', 'order', 'report'))`.execute(db);
  },
};
