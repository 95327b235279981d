import { sql } from 'kysely';

/** A date column selected as its 'YYYY-MM-DD' text (the drivers would turn it into a Date at midnight UTC). */
export const dateText = <A extends string>(ref: string, alias: A) => sql<string>`${sql.ref(ref)}::text`.as(alias);
