import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Language } from '../../domain/i18n/language';
import type { Database } from '../db/schema';
import { likePattern } from '../http/query';
import { name, type Name } from './report';

/** The SQL the reports share: conditions, search and sort names, and the names behind filter ids. */

/** SQL conditions joined with AND (true when there are none). */
export function whereAll(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** A client's name in the caller's language first, for sorting. */
export const clientSortName = (language: Language, alias = 'cl') =>
  language === 'en' ? sql`lower(coalesce(nullif(${sql.ref(`${alias}.name_en`)}, ''), ${sql.ref(`${alias}.name_zh`)}))` : sql`coalesce(nullif(${sql.ref(`${alias}.name_zh`)}, ''), ${sql.ref(`${alias}.name_en`)})`;

/** Matches a client's names or a document's number. */
export function clientSearch(q: string, numberColumn: string | null, alias = 'cl'): RawBuilder<unknown> {
  const pattern = likePattern(q);
  const byName = sql`lower(${sql.ref(`${alias}.name_en`)}) like ${pattern} or lower(${sql.ref(`${alias}.name_zh`)}) like ${pattern}`;
  return numberColumn ? sql`(${byName} or lower(${sql.ref(numberColumn)}) like ${pattern})` : sql`(${byName})`;
}

/** The category and its sub-categories (the tree has two levels). */
export const categoryAndChildren = (categoryId: number) => sql`(select pc.id from product_categories pc where pc.id = ${categoryId} or pc.parent_id = ${categoryId})`;

export interface FilterIds {
  readonly branch_id?: number | undefined;
  readonly salesperson_id?: number | undefined;
  readonly staff_id?: number | undefined;
  readonly worker_id?: number | undefined;
  readonly client_id?: number | undefined;
  readonly product_id?: number | undefined;
  readonly category_id?: number | undefined;
  readonly area_id?: number | undefined;
}

/** The filters whose name is a table's English and Chinese name, in the order the names are given. */
const NAMED_BY = [
  ['branch', 'branches'],
  ['client', 'clients'],
  ['category', 'product_categories'],
  ['area', 'areas'],
] as const;

/**
 * The names behind the ids a report was filtered by, so its result screen can say what it shows
 * ("Branch: Head Office") without another call.
 */
export async function filterNames(db: Kysely<Database>, f: FilterIds) {
  const out: Record<string, Name | string> = {};
  const user = async (key: string, id: number | undefined) => {
    if (!id) return;
    const row = await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
    if (row) out[key] = row.name;
  };
  await user('salesperson', f.salesperson_id);
  await user('staff', f.staff_id);
  await user('worker', f.worker_id);
  for (const [key, table] of NAMED_BY) {
    const id = f[`${key}_id`];
    if (!id) continue;
    const row = await db.selectFrom(table).select(['name_en', 'name_zh']).where('id', '=', id).executeTakeFirst();
    if (row) out[key] = name(row.name_en, row.name_zh);
  }
  if (f.product_id) {
    const row = await db.selectFrom('products').select(['code', 'name_en', 'name_zh']).where('id', '=', f.product_id).executeTakeFirst();
    if (row) out.product = name(`${row.code} ${row.name_en}`, `${row.code} ${row.name_zh}`);
  }
  return out;
}
