import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * E-mail after the outside test of issue 31 (items 1, 10, 18):
 *
 * - `mail_settings.site_url`: the site's address (an http(s) origin, '' none) the links in e-mails
 *   open at when APP_URL is not set, kept by an administrator in Settings → E-mail.
 * - `reminder_settings.site_url` goes: it was the address Settings → Customer reminders was last
 *   saved *from* (the request's Host), which anyone able to send a request with another Host could
 *   set; its value is not carried over.
 * - `mail_settings.sends_per_hour`: how many e-mails one person may send in an hour.
 * - `clients.mail_language`: the language the client's e-mails are written in (zh-HK, en or both,
 *   both as before).
 * - `client_contacts.is_accounts`: the contact for accounts (at most one per client): statements,
 *   invoices and reminders go to them first.
 */
export const mailSiteAndLimits: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('mail_settings')
      .addColumn('site_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sends_per_hour', 'integer', (c) => c.notNull().defaultTo(200).check(sql`sends_per_hour between 1 and 10000`))
      .execute();
    await db.schema.alterTable('reminder_settings').dropColumn('site_url').execute();
    await db.schema
      .alterTable('clients')
      .addColumn('mail_language', 'text', (c) => c.notNull().defaultTo('both').check(sql`mail_language in ('zh-HK', 'en', 'both')`))
      .execute();
    await db.schema.alterTable('client_contacts').addColumn('is_accounts', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await sql`create unique index client_contacts_one_accounts on client_contacts (client_id) where is_accounts`.execute(db);
  },
};
