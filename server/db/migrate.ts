import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { foundation } from './migrations/0001_foundation';
import { areas } from './migrations/0002_areas';
import { accounts } from './migrations/0003_accounts';
import { clients } from './migrations/0004_clients';
import { products } from './migrations/0005_products';
import { administration } from './migrations/0006_administration';
import { sales } from './migrations/0007_sales';
import { appointments } from './migrations/0008_appointments';
import { reports } from './migrations/0009_reports';
import { listOrder } from './migrations/0010_list_order';
import { companyNumbering } from './migrations/0011_company_numbering';
import { optionUses } from './migrations/0012_option_uses';
import { tokenAbilities } from './migrations/0013_token_abilities';
import { twoFactorRequired } from './migrations/0014_two_factor_required';
import { companyPayment } from './migrations/0015_company_payment';
import { jobsAndMail } from './migrations/0016_jobs_and_mail';
import { documentLinks } from './migrations/0017_document_links';
import { passwordReset } from './migrations/0018_password_reset';
import { statementSends } from './migrations/0019_statement_sends';
import { customerReminders } from './migrations/0020_customer_reminders';
import { fieldReports } from './migrations/0021_field_reports';
import { moreLinkedDocuments } from './migrations/0022_more_linked_documents';
import { idempotentReplies } from './migrations/0023_idempotent_replies';
import { mailSiteAndLimits } from './migrations/0024_mail_site_and_limits';
import type { Database } from './schema';

/**
 * Every migration, in order. Listed in code (not read from a folder) so the same migrations run in
 * Node and, for the fake backend, in the browser.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_foundation': foundation,
  '0002_areas': areas,
  '0003_accounts': accounts,
  '0004_clients': clients,
  '0005_products': products,
  '0006_administration': administration,
  '0007_sales': sales,
  '0008_appointments': appointments,
  '0009_reports': reports,
  '0010_list_order': listOrder,
  '0011_company_numbering': companyNumbering,
  '0012_option_uses': optionUses,
  '0013_token_abilities': tokenAbilities,
  '0014_two_factor_required': twoFactorRequired,
  '0015_company_payment': companyPayment,
  '0016_jobs_and_mail': jobsAndMail,
  '0017_document_links': documentLinks,
  '0018_password_reset': passwordReset,
  '0019_statement_sends': statementSends,
  '0020_customer_reminders': customerReminders,
  '0021_field_reports': fieldReports,
  '0022_more_linked_documents': moreLinkedDocuments,
  '0023_idempotent_replies': idempotentReplies,
  '0024_mail_site_and_limits': mailSiteAndLimits,
};

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({ ...MIGRATIONS });
  }
}

/**
 * Whether every migration is already recorded as applied: the usual restart, answered with one read
 * instead of the Migrator's table checks and lock (a fifth of a second of a start).
 */
async function upToDate(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return Object.keys(MIGRATIONS).every((name) => applied.has(name));
  } catch {
    // A new database has no migration table yet.
    return false;
  }
}

/** Brings the schema up to date; throws with the failing migration's name when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await upToDate(db)) return [];
  // Unordered: numbers are handed out to work done side by side, so one may land after a higher one
  // (0016 after 0017); a database that has the higher one then runs the lower one instead of refusing.
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
