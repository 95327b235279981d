import type { SelectQueryBuilder } from 'kysely';

/** How many rows a list's filtered query holds in all (before its page is cut). */
export async function countOf<DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = (await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()) as { n: string };
  return Number(row.n);
}
