import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/**
 * A fingerprint of every row of every table (an md5 of each table's rows in a fixed order), to show
 * that a refused or failed request changed nothing at all. `except` leaves out tables a request may
 * legitimately touch (e.g. `api_tokens`, whose last use is recorded).
 */
export async function dbFingerprint(db: Kysely<Database>, except: readonly string[] = []): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (except.includes(name)) continue;
    const row = await sql<{ n: string; digest: string | null }>`select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(name)} t`.execute(db);
    fingerprint[name] = `${row.rows[0]?.n}:${row.rows[0]?.digest ?? '-'}`;
  }
  return fingerprint;
}

/** How many rows each named table holds. */
export async function rowCounts(db: Kysely<Database>, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const row = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
}
