import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateToLatest } from '../../server/db/migrate';
import { serverForTests } from './harness';

const server = serverForTests();

describe('migrations at start', () => {
  it('do nothing on a database that has every migration (the usual restart)', async () => {
    expect(await migrateToLatest(server.db)).toEqual([]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(server.db);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it('still run the latest migration when the database has not recorded it', async () => {
    const latest = Object.keys(MIGRATIONS).at(-1)!;
    const { rows } = await sql<{ timestamp: string }>`select timestamp from kysely_migration where name = ${latest}`.execute(server.db);
    await sql`delete from kysely_migration where name = ${latest}`.execute(server.db);
    // Its objects are still there, so running it again fails, which shows it was run, not skipped.
    await expect(migrateToLatest(server.db)).rejects.toThrow(`Migration ${latest} failed`);
    await sql`insert into kysely_migration (name, timestamp) values (${latest}, ${rows[0]!.timestamp})`.execute(server.db);
    expect(await migrateToLatest(server.db)).toEqual([]);
  });
});

describe('migration 0013: API tokens made before the named abilities', () => {
  it('gives a token for everything every named ability, leaves a narrower one its own, and then refuses an unknown ability', async () => {
    const db = server.db;
    const at = new Date('2026-11-23T02:00:00Z');
    // Back to the state before the migration: no constraint, tokens with the old abilities only.
    await sql`alter table api_tokens drop constraint api_tokens_abilities_known`.execute(db);
    await sql`delete from kysely_migration where name = '0013_token_abilities'`.execute(db);
    // The migrations after it go back too, so they run again after it.
    await sql`alter table roles drop column two_factor_required`.execute(db);
    await sql`delete from kysely_migration where name = '0014_two_factor_required'`.execute(db);
    for (const column of ['fps_type', 'fps_value', 'bank_name', 'bank_account_name', 'bank_account_number']) await sql`alter table companies drop column ${sql.raw(column)}`.execute(db);
    await sql`delete from kysely_migration where name = '0015_company_payment'`.execute(db);
    for (const table of ['reminder_invoices', 'reminders', 'reminder_settings']) await sql`drop table ${sql.raw(table)}`.execute(db);
    await sql`alter table clients drop column reminders_opt_out`.execute(db);
    await sql`delete from kysely_migration where name = '0020_customer_reminders'`.execute(db);
    for (const table of ['quotation_responses', 'document_link_opens', 'document_links']) await sql`drop table ${sql.raw(table)}`.execute(db);
    await sql`delete from kysely_migration where name = '0017_document_links'`.execute(db);
    for (const table of ['document_sends', 'mail_settings', 'jobs']) await sql`drop table ${sql.raw(table)}`.execute(db);
    await sql`delete from kysely_migration where name = '0016_jobs_and_mail'`.execute(db);
    const made = async (name: string, abilities: string[]) =>
      (await db.insertInto('api_tokens').values({ user_id: 1, name, token_hash: `hash-${name}`, abilities: JSON.stringify(abilities), created_at: at }).returning('id').executeTakeFirstOrThrow()).id;
    const everything = await made('everything', ['read', 'create', 'update', 'delete']);
    const creator = await made('creator', ['create']);
    const reader = await made('reader', ['read', 'update']);

    expect(await migrateToLatest(db)).toContain('0013_token_abilities');
    const abilities = async (id: number) => (await db.selectFrom('api_tokens').select('abilities').where('id', '=', id).executeTakeFirstOrThrow()).abilities;
    expect(await abilities(everything)).toEqual(['read', 'create', 'update', 'delete', 'void', 'hkid_reveal', 'user_admin']);
    expect(await abilities(creator)).toEqual(['create']);
    expect(await abilities(reader)).toEqual(['read', 'update']);
    await expect(db.insertInto('api_tokens').values({ user_id: 1, name: 'odd', token_hash: 'hash-odd', abilities: JSON.stringify(['fly']), created_at: at }).execute()).rejects.toThrow();
  });
});
