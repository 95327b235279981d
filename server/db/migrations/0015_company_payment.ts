import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * How a company is paid, printed on its invoices: its FPS identifier (fps_type 'fpsId', 'mobile' or
 * 'email' with its value; '' = none, and then no FPS QR code) and its bank account. All optional and
 * empty by default, so nothing changes until a company sets them under Settings → Companies.
 */
export const companyPayment: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const column of ['fps_type', 'fps_value', 'bank_name', 'bank_account_name', 'bank_account_number']) {
      await sql`alter table companies add column ${sql.raw(column)} text not null default ''`.execute(db);
    }
  },
};
