import { err, ok, type Result } from 'neverthrow';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import * as z from 'zod';
import type { User } from '../../domain/auth/user';
import type { Language } from '../../domain/i18n/language';
import { addDays, addMonths, daysBetween, makeDate, parts, type IsoDate } from '../../domain/time/dates';
import type { Database } from '../db/schema';
import { isoDate } from '../http/dates';
import { backgroundTurn } from '../http/pacing';
import type { ServerMessageKey } from '../i18n';
import { invalidField, type CommonFailure } from '../service/failure';

/**
 * What every report shares: its query parameters (dates, paging, sort, export format and header
 * language), its columns (kind, sortable), what a report gives (a page of rows with its totals, or
 * every row for an export: `ReportOutcome`), its one failure (`ReportFailure`), and the engine of
 * the reports with a row per record (`listReport`). Figures are worked out by the database; the
 * routes (./routes.ts) turn an outcome into the JSON reply or the exported file (./export.ts).
 */

/** What a report reads from the request: the database, the caller and their language, and today in Hong Kong. */
export interface ReportContext {
  readonly db: Kysely<Database>;
  readonly user: User;
  readonly language: Language;
  readonly today: IsoDate;
}

/** A report's one failure: a query field it cannot take (422 with the message on that field). */
export type ReportFailure = Extract<CommonFailure, { code: 'validation' }>;
const invalid = (field: string, message: ServerMessageKey): ReportFailure => invalidField(field, message);
export { invalid as reportFailure };

/** The query parameters every report takes, as parsed. */
export interface ReportQuery {
  readonly format: 'json' | 'csv' | 'xlsx';
  readonly headers?: HeaderLanguage | undefined;
  readonly page: number;
  readonly per_page: number;
  readonly date_from?: string | undefined;
  readonly date_to?: string | undefined;
}

export interface ReportTable {
  readonly filename: string;
  readonly columns: readonly ReportColumn[];
  /**
   * Every row: all at once (a short list, one row per product or salesperson), or a chunk at a
   * time, each read by its own query as the file is written (a report with a row per record).
   */
  readonly rows: readonly Row[] | AsyncIterable<readonly Row[]>;
  /** The totals row (same keys as the rows); its first text column reads "Total". */
  readonly totals: Row | null;
}

/** A page of a report as the JSON reply gives it: its columns, rows, totals and whatever else it shows. */
export type ReportPage = { columns: readonly ReportColumn[]; rows: readonly Row[]; totals: Row | null; count: number; page: number; perPage: number; range: { from: IsoDate; to: IsoDate }; sort: string } & Record<string, unknown>;

/** What a report gives: every row for an export (format csv/xlsx), else one page. */
export type ReportOutcome = { readonly kind: 'export'; readonly table: ReportTable } | { readonly kind: 'page'; readonly page: ReportPage };

export type ReportResult = Result<ReportOutcome, ReportFailure>;

/** The outcome of a report: the table when exporting (`exporting`), else the page. */
export async function outcome(exporting: boolean, table: () => Promise<ReportTable> | ReportTable, page: () => Promise<ReportPage> | ReportPage): Promise<ReportResult> {
  return ok(exporting ? { kind: 'export', table: await table() } : { kind: 'page', page: await page() });
}

/**
 * A page of a report whose rows are all read and sorted at once (a short list, one row per product
 * or salesperson): the rows of the asked page, with the paging and the range.
 */
export function pageOfRows(query: { page: number; per_page: number; sort: string }, columns: readonly ReportColumn[], rows: readonly Row[], totals: Row, range: ReportRange): ReportPage {
  const { page, per_page: perPage, sort } = query;
  return { columns, rows: rows.slice((page - 1) * perPage, page * perPage), totals, count: rows.length, page, perPage, range, sort };
}

export { isoDate };
export const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** Header languages of an export: English, Chinese, or both ("訂單編號 Order number"). */
export const HEADER_LANGUAGES = ['en', 'zh-HK', 'both'] as const;
export type HeaderLanguage = (typeof HEADER_LANGUAGES)[number];

/** The longest range a report takes: ten years. */
export const MAX_REPORT_DAYS = 3_660;

/**
 * The most rows one export writes: an Excel sheet's last row (1,048,576) less the header and
 * totals rows, rounded down. Rows are read and written a chunk at a time, so memory does not grow
 * with the count.
 */
export const EXPORT_LIMIT = 1_000_000;

/** The most rows one page of a report gives (the print view reads a whole result as one page). */
export const PAGE_LIMIT = 50_000;

/**
 * How many rows an export reads per query: its file is written chunk by chunk as they are read,
 * so memory stays bounded and the database answers other people's queries between chunks.
 */
export const EXPORT_CHUNK = 2_500;

export const ReportBase = {
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  headers: z.enum(HEADER_LANGUAGES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Up to PAGE_LIMIT: a result's print view reads every row at once. */
  per_page: z.coerce.number().int().min(1).max(PAGE_LIMIT).default(50),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  branch_id: dbId.optional(),
};

/** How a column's values read: the screens and the exports format each kind the same way. */
export type ColumnKind =
  /** Plain text. */
  | 'text'
  /** { nameEn, nameZh }: shown in the reader's language. */
  | 'name'
  /** A code translated from a fixed list (`codes`). */
  | 'code'
  | 'date'
  /** Integer cents. */
  | 'money'
  | 'count'
  /** Hundredths (1.5 = 150). */
  | 'quantity'
  /** Basis points. */
  | 'rate'
  /** Minutes, shown as hours. */
  | 'minutes'
  | 'bool';

/** The fixed lists a `code` column translates from (locales: reports.code.<list>.<value>). */
export type CodeList = 'orderType' | 'paymentStatus' | 'method' | 'receiptKind' | 'appointmentStatus' | 'month' | 'unit';

export interface ReportColumn {
  readonly key: string;
  readonly kind: ColumnKind;
  readonly codes?: CodeList;
  readonly sortable?: boolean;
}

export type Row = Record<string, unknown>;
export type Name = { nameEn: string; nameZh: string };

export const name = (en: string | null | undefined, zh: string | null | undefined): Name => ({ nameEn: en ?? '', nameZh: zh ?? '' });

const monthStartOf = (date: IsoDate): IsoDate => makeDate(parts(date).year, parts(date).month, 1);
const monthEndOf = (date: IsoDate): IsoDate => addDays(addMonths(monthStartOf(date), 1), -1);

/**
 * The range a report covers (Hong Kong dates, both days included): as asked; without dates, this
 * month; with only a start, up to the end of this month (or of the start's month, if later); with
 * only an end, from the first day of its month.
 */
export function reportRange(now: IsoDate, query: { date_from?: string | undefined; date_to?: string | undefined }): Result<ReportRange, ReportFailure> {
  const from = query.date_from ?? monthStartOf(query.date_to ?? now);
  const to = query.date_to ?? monthEndOf(from > now ? from : now);
  if (to < from) return err(invalid('date_to', 'reports.rangeOrder'));
  if (daysBetween(from, to) + 1 > MAX_REPORT_DAYS) return err(invalid('date_to', 'reports.rangeTooLong'));
  return ok({ from, to });
}

export interface ReportRange {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

/** The longest part of a range one aggregate query covers (see `rangeSlices`): about a quarter. */
export const SLICE_MONTHS = 3;

/**
 * A range cut into consecutive parts of SLICE_MONTHS calendar months (the first and last clipped to
 * the range), so that a month never falls in two parts; a range within one part is itself.
 */
export function rangeSlices(range: ReportRange): ReportRange[] {
  const slices: ReportRange[] = [];
  let from = range.from;
  while (from <= range.to) {
    const next = addMonths(monthStartOf(from), SLICE_MONTHS);
    const to = addDays(next, -1) < range.to ? addDays(next, -1) : range.to;
    slices.push({ from, to });
    from = next;
  }
  return slices;
}

/**
 * Two sets of totals of parts of a range added up: numbers (and numbers as text, as sums come
 * back) are added, lists of `{ unit, quantity, … }` are added per unit; anything else is kept from
 * the first that has it.
 */
export function addTotals(a: Row, b: Row): Row {
  const sum: Row = { ...b, ...a };
  for (const key of Object.keys(b)) {
    const x = a[key];
    const y = b[key];
    if (x === undefined || x === null) sum[key] = y;
    else if (Array.isArray(x) && Array.isArray(y)) sum[key] = addPerUnit(x as Row[], y as Row[]);
    else if (isNumeric(x) && isNumeric(y)) sum[key] = num(x) + num(y);
  }
  return sum;
}

const isNumeric = (value: unknown): boolean => typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)));

function addPerUnit(a: readonly Row[], b: readonly Row[]): Row[] {
  const byUnit = new Map<unknown, Row>();
  for (const row of [...a, ...b]) {
    const seen = byUnit.get(row.unit);
    byUnit.set(row.unit, seen ? addTotals(seen, row) : { ...row });
  }
  return [...byUnit.values()];
}

/** A list's `sort` values for its sortable columns: each ascending and '-' descending. */
export function sortValues(columns: readonly ReportColumn[]): [string, ...string[]] {
  const keys = columns.filter((col) => col.sortable).flatMap((col) => [col.key, `-${col.key}`]);
  return keys as [string, ...string[]];
}

/**
 * The ORDER BY of a `sort` value, from the SQL of each sortable column: nulls last, except for the
 * columns in `notNull` (plain NOT NULL columns), sorted without the clause so that an index on the
 * column serves a descending sort too (read backwards, an index gives nulls first).
 */
export function orderBy(sort: string, expressions: Readonly<Record<string, RawBuilder<unknown>>>, notNull: readonly string[] = []): RawBuilder<unknown> {
  const key = sort.replace(/^-/, '');
  const expression = expressions[key];
  if (!expression) throw new Error(`No SQL for sort column ${key}`);
  const nulls = notNull.includes(key) ? sql`` : sql` nulls last`;
  return sort.startsWith('-') ? sql`${expression} desc${nulls}` : sql`${expression} asc${nulls}`;
}

/** A value from the database as text ('' when it is neither text nor a number). */
export const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '');

/** Numbers from the database (sums come back as text or bigint): plain numbers. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * Quantities are added up per unit only (HK$3.50 per sq ft and HK$600 per visit are not one
 * quantity): the rows' totals per product unit ('none' for lines without a product), and the
 * totals row's quantity only when every line is of the same unit.
 */
export interface QuantityByUnit {
  readonly unit: string;
  readonly quantity: number;
}
export const quantityByUnit = (rows: readonly Row[]): QuantityByUnit[] =>
  rows.map((r) => ({ unit: typeof r.unit === 'string' && r.unit !== '' ? r.unit : 'none', quantity: num(r.quantity) })).sort((a, b) => a.unit.localeCompare(b.unit));
/** The quantity a totals row may show: the one unit's sum, or null when the units differ. */
export const singleUnitQuantity = (byUnit: readonly QuantityByUnit[]): number | null => (byUnit.length === 1 ? byUnit[0]!.quantity : byUnit.length === 0 ? 0 : null);

export interface ListReportSpec {
  readonly filename: string;
  readonly columns: readonly ReportColumn[];
  /** FROM … WHERE … of the report (joins and filters). */
  readonly from: RawBuilder<unknown>;
  /** The select list of one row. */
  readonly select: RawBuilder<unknown>;
  /** The select list of the totals over every row that matches (aggregates only). */
  readonly totals: RawBuilder<unknown>;
  /**
   * The whole query of the totals row, when it is cheaper written otherwise than
   * `select ${totals} ${from}` (e.g. summed from a grouped subquery in one pass); `totals` is then
   * unused. It is given the FROM … WHERE to read: `from`, or with `sliceBy` one part of the range.
   */
  readonly totalsQuery?: (from: RawBuilder<unknown>) => RawBuilder<unknown>;
  /**
   * The date column the report's range is on, when the totals add up over parts of it (counts and
   * sums; arrays of `{ unit, quantity }` are added per unit): the totals of a long range are then
   * worked out a quarter at a time (`rangeSlices`), each its own short query, so no one query holds
   * the database for long while others wait.
   */
  readonly sliceBy?: RawBuilder<unknown>;
  readonly sortSql: Readonly<Record<string, RawBuilder<unknown>>>;
  /**
   * The sort keys whose SQL is never null (a NOT NULL column of a table joined without `left`):
   * sorted and continued without the nulls' cases, so an index in that order (e.g. orders_date_id)
   * reads each chunk of an export or a large page without sorting the whole range.
   */
  readonly notNullSort?: readonly string[];
  /** A stable last sort key, so pages never overlap. */
  readonly tieBreak: RawBuilder<unknown>;
  /**
   * A unique key of a row, when `from` ends with its WHERE clause: the page is then chosen first by
   * key alone (the planner leaves out the joins that neither the filters nor the sort need) and
   * only its rows are read in full.
   */
  readonly pageKey?: RawBuilder<unknown>;
  readonly toRow: (raw: Row) => Row;
  readonly toTotals: (raw: Row) => Row;
  readonly query: { sort: string; page: number; per_page: number; format: 'json' | 'csv' | 'xlsx' };
  readonly range: { from: IsoDate; to: IsoDate };
  /** More of the page (breakdowns, names of the filters); given the totals as the database gave them. */
  readonly extra?: (totals: Row) => Promise<Record<string, unknown>>;
}

/**
 * A report with a row per record (orders, lines, receipts, visits): the totals over everything that
 * matches in one aggregate query, one page of rows (or every row, up to EXPORT_LIMIT, for an export)
 * in the asked order. A first page larger than a chunk (the print view's whole result) is read a
 * chunk at a time like an export, so no single query holds the database for long.
 */
export async function listReport(ctx: ReportContext, spec: ListReportSpec): Promise<ReportResult> {
  const { db } = ctx;
  const { sort, page, per_page, format } = spec.query;
  const order = sql`${orderBy(sort, spec.sortSql, spec.notNullSort)}, ${spec.tieBreak} ${sql.raw(sort.startsWith('-') ? 'desc' : 'asc')}`;
  const totalsOf = async (from: RawBuilder<unknown>) => (await sql<Row>`${spec.totalsQuery ? spec.totalsQuery(from) : sql`select ${spec.totals} ${from}`}`.execute(db)).rows[0] ?? {};
  let totalsRaw: Row = {};
  if (spec.sliceBy) {
    // `from` then ends with its WHERE clause (as with `pageKey`), and each part adds its dates to it.
    for (const part of rangeSlices(spec.range)) totalsRaw = addTotals(totalsRaw, await totalsOf(sql`${spec.from} and ${spec.sliceBy} between ${part.from}::date and ${part.to}::date`));
  } else {
    totalsRaw = await totalsOf(spec.from);
  }
  const totals = spec.toTotals(totalsRaw);
  return outcome(
    format !== 'json',
    () => ({ filename: spec.filename, columns: spec.columns, rows: chunksOf(db, spec, order, EXPORT_LIMIT), totals }),
    async () => {
      let rows: Row[];
      if (spec.pageKey && page === 1 && per_page > EXPORT_CHUNK) {
        rows = [];
        for await (const chunk of chunksOf(db, spec, order, per_page)) rows.push(...chunk);
      } else {
        const pageSql = spec.pageKey
          ? sql<Row>`select ${spec.select} ${spec.from} and ${spec.pageKey} in (select ${spec.pageKey} ${spec.from} order by ${order} limit ${per_page} offset ${(page - 1) * per_page}) order by ${order}`
          : sql<Row>`select ${spec.select} ${spec.from} order by ${order} limit ${per_page} offset ${(page - 1) * per_page}`;
        rows = (await pageSql.execute(db)).rows.map(spec.toRow);
      }
      return {
        columns: spec.columns,
        rows,
        totals,
        count: num(totalsRaw.count),
        page,
        perPage: per_page,
        range: spec.range,
        sort,
        ...(spec.extra ? await spec.extra(totalsRaw) : {}),
      };
    },
  );
}

/**
 * The first `limit` rows of a list report, EXPORT_CHUNK at a time in the asked order (each chunk its
 * own query). With a `pageKey` (which is then also the tie-break), each chunk starts after the last
 * row of the one before (keyset: its sort value and key); otherwise by offset.
 */
async function* chunksOf(db: Kysely<Database>, spec: ListReportSpec, order: RawBuilder<unknown>, limit: number): AsyncGenerator<Row[]> {
  const { sort } = spec.query;
  const key = spec.pageKey;
  const sortKey = sort.replace(/^-/, '');
  const expression = spec.sortSql[sortKey]!;
  const notNull = spec.notNullSort?.includes(sortKey) === true;
  const after = sql.raw(sort.startsWith('-') ? '<' : '>');
  const atOrAfter = sql.raw(sort.startsWith('-') ? '<=' : '>=');
  let read = 0;
  let last: { value: string | null; key: unknown } | null = null;
  while (read < limit) {
    // Each chunk after the first waits while the server's thread is busy (server/http/pacing.ts).
    if (read > 0) await backgroundTurn();
    const size = Math.min(EXPORT_CHUNK, limit - read);
    let rows: Row[];
    if (key) {
      // Sorted nulls last: after a value come the greater (or, descending, smaller) values, then
      // the nulls; after a null, the nulls with a key beyond. A column that is never null has no
      // such case, and its bound (`at or after the value`) lets an index start the chunk where the
      // last one ended. The value comes back as text and is read again as the sort expression's own type.
      const next =
        last === null
          ? sql`true`
          : notNull
            ? sql`${expression} ${atOrAfter} ${last.value} and (${expression} ${after} ${last.value} or ${key} ${after} ${last.key})`
            : last.value === null
              ? sql`(${expression} is null and ${key} ${after} ${last.key})`
              : sql`(${expression} ${after} ${last.value} or (${expression} = ${last.value} and ${key} ${after} ${last.key}) or ${expression} is null)`;
      rows = (await sql<Row>`select ${spec.select}, (${expression})::text as export_sort_value, ${key} as export_key ${spec.from} and ${next} order by ${order} limit ${size}`.execute(db)).rows;
      const end = rows.at(-1);
      if (end) last = { value: end.export_sort_value === null || end.export_sort_value === undefined ? null : text(end.export_sort_value), key: end.export_key };
    } else {
      rows = (await sql<Row>`select ${spec.select} ${spec.from} order by ${order} limit ${size} offset ${read}`.execute(db)).rows;
    }
    if (rows.length > 0) yield rows.map(spec.toRow);
    read += rows.length;
    if (rows.length < size) return;
  }
}
