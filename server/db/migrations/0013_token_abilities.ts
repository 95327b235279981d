import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The abilities as this migration knows them (frozen here: a later change of the list is a migration of its own). */
const PLAIN = ['read', 'create', 'update', 'delete'];
const NAMED = ['void', 'hkid_reveal', 'user_admin'];

/**
 * API tokens get abilities of their own for what is not plain create/read/update/delete: void
 * (void and unvoid an invoice), hkid_reveal (show a full HKID number) and user_admin (users and
 * roles, resetting two-factor). Before, a token's ability followed the HTTP method, so "create"
 * also voided, revealed and managed accounts. A token holding all four plain abilities (a token
 * for everything) gets the named ones too and keeps doing all it did; a narrower token keeps its own
 * abilities and loses exactly what the method let slip through (README, Accounts → API tokens).
 * The database then refuses an ability it does not know.
 */
export const tokenAbilities: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const { rows } = await sql<{ id: number; abilities: unknown }>`select id, abilities from api_tokens`.execute(db);
    for (const row of rows) {
      const own = Array.isArray(row.abilities) ? row.abilities.filter((a): a is string => typeof a === 'string') : [];
      if (!PLAIN.every((a) => own.includes(a))) continue;
      const abilities = [...new Set([...own, ...NAMED])];
      await sql`update api_tokens set abilities = ${JSON.stringify(abilities)}::jsonb where id = ${row.id}`.execute(db);
    }
    const known = sql.lit(JSON.stringify([...PLAIN, ...NAMED]));
    await sql`alter table api_tokens add constraint api_tokens_abilities_known check (jsonb_typeof(abilities) = 'array' and abilities <@ ${known}::jsonb)`.execute(db);
  },
};
