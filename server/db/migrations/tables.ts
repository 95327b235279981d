import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * The columns most tables of the migrations share, written once. Each helper adds exactly the
 * columns the migrations spelled out before (same names, types, defaults, nullability and order):
 * a freshly migrated database has the same schema, column for column.
 */

/** `not null default now()`: the moment a row was written. */
export const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

/** `not null default ''`: text left empty rather than null. */
export const blank = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/** A table of records, keyed by a serial `id`. */
export const recordTable = (db: Kysely<unknown>, name: string) => db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey());

/** When a record was made and last changed, and its version (an edit of a stale copy gets 409). */
export const stamped = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table.addColumn('created_at', 'timestamptz', now).addColumn('updated_at', 'timestamptz', now).addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * A text in both languages: `<column>_en` and `<column>_zh`, '' when left empty, or with no default
 * where the text is `required`.
 */
export const bilingual =
  (column: string, required?: 'required') =>
  <T extends string, C extends string>(table: CreateTableBuilder<T, C>) => {
    const build = required ? (c: ColumnDefinitionBuilder) => c.notNull() : blank;
    return table.addColumn(`${column}_en`, 'text', build).addColumn(`${column}_zh`, 'text', build);
  };
