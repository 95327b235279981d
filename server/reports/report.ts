import { err, ok, type Result } from 'neverthrow';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import * as z from 'zod';
import type { User } from '../../domain/auth/user';
import type { Language } from '../../domain/i18n/language';
import { addDays, addMonths, daysBetween, makeDate, parts, type IsoDate } from '../../domain/time/dates';
import type { Database } from '../db/schema';
import { isoDate } from '../http/dates';
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

/** The most rows one export writes. */
export const EXPORT_LIMIT = 50_000;

/**
 * How many rows an export reads per query: its file is written chunk by chunk as they are read,
 * so memory stays bounded and the database answers other people's queries between chunks.
 */
export const EXPORT_CHUNK = 2_500;

export const ReportBase = {
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  headers: z.enum(HEADER_LANGUAGES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Up to EXPORT_LIMIT: a result's print view reads every row at once, as many as an export writes. */
  per_page: z.coerce.number().int().min(1).max(EXPORT_LIMIT).default(50),
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

/** A list's `sort` values for its sortable columns: each ascending and '-' descending. */
export function sortValues(columns: readonly ReportColumn[]): [string, ...string[]] {
  const keys = columns.filter((col) => col.sortable).flatMap((col) => [col.key, `-${col.key}`]);
  return keys as [string, ...string[]];
}

/** The ORDER BY of a `sort` value, from the SQL of each sortable column. */
export function orderBy(sort: string, expressions: Readonly<Record<string, RawBuilder<unknown>>>): RawBuilder<unknown> {
  const key = sort.replace(/^-/, '');
  const expression = expressions[key];
  if (!expression) throw new Error(`No SQL for sort column ${key}`);
  return sort.startsWith('-') ? sql`${expression} desc nulls last` : sql`${expression} asc nulls last`;
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
   * `select ${totals} ${from}` (e.g. summed from a grouped subquery in one pass); `totals` is then unused.
   */
  readonly totalsQuery?: RawBuilder<unknown>;
  readonly sortSql: Readonly<Record<string, RawBuilder<unknown>>>;
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
  readonly extra?: () => Promise<Record<string, unknown>>;
}

/**
 * A report with a row per record (orders, lines, receipts, visits): the totals over everything that
 * matches in one aggregate query, one page of rows (or every row, up to EXPORT_LIMIT, for an export)
 * in the asked order.
 */
export async function listReport(ctx: ReportContext, spec: ListReportSpec): Promise<ReportResult> {
  const { db } = ctx;
  const { sort, page, per_page, format } = spec.query;
  const order = sql`${orderBy(sort, spec.sortSql)}, ${spec.tieBreak} ${sql.raw(sort.startsWith('-') ? 'desc' : 'asc')}`;
  const totalsRaw = (await sql<Row>`${spec.totalsQuery ?? sql`select ${spec.totals} ${spec.from}`}`.execute(db)).rows[0] ?? {};
  const totals = spec.toTotals(totalsRaw);
  return outcome(
    format !== 'json',
    () => ({ filename: spec.filename, columns: spec.columns, rows: exportChunks(db, spec, order), totals }),
    async () => {
      const pageSql = spec.pageKey
        ? sql<Row>`select ${spec.select} ${spec.from} and ${spec.pageKey} in (select ${spec.pageKey} ${spec.from} order by ${order} limit ${per_page} offset ${(page - 1) * per_page}) order by ${order}`
        : sql<Row>`select ${spec.select} ${spec.from} order by ${order} limit ${per_page} offset ${(page - 1) * per_page}`;
      const rows = (await pageSql.execute(db)).rows.map(spec.toRow);
      return {
        columns: spec.columns,
        rows,
        totals,
        count: num(totalsRaw.count),
        page,
        perPage: per_page,
        range: spec.range,
        sort,
        ...(spec.extra ? await spec.extra() : {}),
      };
    },
  );
}

/**
 * The rows of a list report's export, up to EXPORT_LIMIT, EXPORT_CHUNK at a time in the asked order
 * (each chunk its own query). With a `pageKey` (which is then also the tie-break), each chunk starts
 * after the last row of the one before (keyset: its sort value and key); otherwise by offset.
 */
async function* exportChunks(db: Kysely<Database>, spec: ListReportSpec, order: RawBuilder<unknown>): AsyncGenerator<readonly Row[]> {
  const { sort } = spec.query;
  const key = spec.pageKey;
  const expression = spec.sortSql[sort.replace(/^-/, '')]!;
  const after = sql.raw(sort.startsWith('-') ? '<' : '>');
  let read = 0;
  let last: { value: string | null; key: unknown } | null = null;
  while (read < EXPORT_LIMIT) {
    const size = Math.min(EXPORT_CHUNK, EXPORT_LIMIT - read);
    let rows: Row[];
    if (key) {
      // Sorted nulls last: after a value come the greater (or, descending, smaller) values, then
      // the nulls; after a null, the nulls with a key beyond. The value comes back as text and is
      // read again as the sort expression's own type.
      const next = last === null ? sql`true` : last.value === null ? sql`(${expression} is null and ${key} ${after} ${last.key})` : sql`(${expression} ${after} ${last.value} or (${expression} = ${last.value} and ${key} ${after} ${last.key}) or ${expression} is null)`;
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
