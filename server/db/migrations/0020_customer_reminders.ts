import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { now } from './tables';

/**
 * Reminders to customers (issue 21 item 7): an e-mail the day before a visit and for overdue
 * invoices, with a per-client opt-out and a send log.
 *
 * - `clients.reminders_opt_out`: the client asked for no reminders (neither kind is sent).
 * - `jobs.dedupe_key`: a job that must exist once only (the daily reminder run of a day); a second
 *   instance queueing the same key does nothing (unique; null for ordinary jobs).
 * - `reminder_settings`: one row (id 1), Settings → Customer reminders.
 * - `reminders`: the send log, one row per reminder, with the key that makes it happen once only
 *   (kind, subject, day): a repeated or raced daily run finds the key taken and sends nothing again.
 * - `reminder_invoices`: the invoices an overdue reminder listed (how often and when each was
 *   reminded decides the next one).
 */
export const customerReminders: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('clients').addColumn('reminders_opt_out', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.alterTable('jobs').addColumn('dedupe_key', 'text').execute();
    await sql`create unique index jobs_dedupe_key on jobs (dedupe_key)`.execute(db);

    await db.schema
      .createTable('reminder_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('day_before_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('overdue_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('overdue_after_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`overdue_after_days between 1 and 365`))
      .addColumn('overdue_every_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`overdue_every_days between 1 and 365`))
      .addColumn('overdue_max_count', 'integer', (c) => c.notNull().defaultTo(3).check(sql`overdue_max_count between 1 and 20`))
      .addColumn('send_minute', 'integer', (c) => c.notNull().defaultTo(540).check(sql`send_minute between 0 and 1439`))
      .addColumn('site_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'timestamptz', now)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`insert into reminder_settings (id) values (1)`.execute(db);

    await db.schema
      .createTable('reminders')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('dayBefore', 'overdue')`))
      .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      // The day (Hong Kong) the reminder was made for: the daily run's day, or the day it was sent by hand.
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
      .addColumn('visit_date', 'date')
      .addColumn('visit_start', 'timestamptz')
      .addColumn('visit_end', 'timestamptz')
      .addColumn('all_day', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('recipient', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sent', 'failed', 'skipped')`))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('job_id', 'integer', (c) => c.references('jobs.id'))
      .addColumn('manual', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', now)
      .addColumn('sent_at', 'timestamptz')
      .execute();
    await sql`create index reminders_log on reminders (id desc)`.execute(db);
    await sql`create index reminders_kind_status on reminders (kind, status, id)`.execute(db);
    await sql`create index reminders_job on reminders (job_id)`.execute(db);

    await db.schema
      .createTable('reminder_invoices')
      .addColumn('reminder_id', 'integer', (c) => c.notNull().references('reminders.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('outstanding', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('reminder_invoices_pk', ['reminder_id', 'order_id'])
      .execute();
    await sql`create index reminder_invoices_order on reminder_invoices (order_id)`.execute(db);
  },
};
