import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { bilingual, recordTable, stamped } from './tables';

/** Areas (Hong Kong districts) used for client addresses and appointment filters. */
export const areas: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await recordTable(db, 'areas')
      .$call(bilingual('name', 'required'))
      .addColumn('region', 'text', (c) => c.notNull().check(sql`region in ('hk_island', 'kowloon', 'new_territories')`))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(stamped)
      .execute();
    await sql`create unique index areas_name_en_unique on areas (lower(name_en))`.execute(db);
  },
};
