import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { now } from './tables';

/**
 * Background jobs, e-mail through SMTP, and the log of documents sent by e-mail.
 *
 * - `jobs`: the queue every server instance shares. An instance takes the next due job with
 *   `FOR UPDATE SKIP LOCKED` (server/jobs/repository.ts), marks it running with its own name and the
 *   time (`locked_by`, `locked_at`); a job left running past its lease (a crashed instance) is taken
 *   again. A failed attempt is tried again later (exponential backoff) until `max_attempts`, then the
 *   job is `failed` with the reason in `last_error`.
 * - `mail_settings`: one row (id 1): the SMTP server and the sender; the password is sealed with the
 *   application key (server/auth/sealedValues.ts).
 * - `document_sends`: each e-mail of a quotation or an invoice, with the job that sends it (its state
 *   — queued, sent at, failed with the reason — is the job's).
 */
export const jobsAndMail: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'done', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('run_at', 'timestamptz', now)
      .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('locked_by', 'text')
      .addColumn('locked_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', now)
      .addColumn('finished_at', 'timestamptz')
      .execute();
    // The runner's question: the next queued job that is due (and running ones whose lease ended).
    await sql`create index jobs_due on jobs (run_at, id) where status in ('queued', 'running')`.execute(db);
    await sql`create index jobs_status on jobs (status, id)`.execute(db);

    await db.schema
      .createTable('mail_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('host', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('port', 'integer', (c) => c.notNull().defaultTo(587))
      .addColumn('tls_mode', 'text', (c) => c.notNull().defaultTo('starttls').check(sql`tls_mode in ('none', 'starttls', 'tls')`))
      .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_sealed', 'text')
      .addColumn('from_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('from_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'timestamptz', now)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`insert into mail_settings (id) values (1)`.execute(db);

    await db.schema
      .createTable('document_sends')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('document_type', 'text', (c) => c.notNull().check(sql`document_type in ('quotation', 'invoice')`))
      .addColumn('document_id', 'integer', (c) => c.notNull())
      .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id'))
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'timestamptz', now)
      .execute();
    await sql`create index document_sends_document on document_sends (document_type, document_id, id)`.execute(db);
  },
};
