import { sql, type RawBuilder } from 'kysely';
import writeXlsxFile from 'write-excel-file/universal';
import * as z from 'zod';
import { centsToDecimal, hundredthsToDecimal } from '../../../domain/money/money';
import { addDays, addMonths, daysBetween, makeDate, parts, type IsoDate } from '../../../domain/time/dates';
import { isoDate, today } from '../../http/dates';
import type { Language } from '../../../domain/i18n/language';
import { translate, type ServerMessageKey } from '../../i18n';
import type { AppContext } from '../../http/env';
import { fieldError } from '../../http/errors';
import { csvReply } from '../../http/csv';

/**
 * What every report shares: its query parameters (dates, paging, sort, export format and header
 * language), its columns (kind, sortable), the JSON reply, and the CSV / Excel exports with a
 * totals row. Figures are worked out by the database; this module only shapes them.
 */

export { isoDate };
export const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** Header languages of an export: English, Chinese, or both ("訂單編號 Order number"). */
export const HEADER_LANGUAGES = ['en', 'zh-HK', 'both'] as const;
export type HeaderLanguage = (typeof HEADER_LANGUAGES)[number];

/** The longest range a report takes: ten years. */
export const MAX_REPORT_DAYS = 3_660;

/** The most rows one export writes. */
export const EXPORT_LIMIT = 50_000;

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
export function reportRange(c: AppContext, query: { date_from?: string | undefined; date_to?: string | undefined }): { from: IsoDate; to: IsoDate } | Response {
  const now = today(c);
  const from = query.date_from ?? monthStartOf(query.date_to ?? now);
  const to = query.date_to ?? monthEndOf(from > now ? from : now);
  if (to < from) return fieldError(c, 'date_to', 'reports.rangeOrder');
  if (daysBetween(from, to) + 1 > MAX_REPORT_DAYS) return fieldError(c, 'date_to', 'reports.rangeTooLong');
  return { from, to };
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

// ---------------------------------------------------------------- exports

const headerOf = (language: Language, key: string) => translate(language, `reports.column.${key}` as ServerMessageKey);

export function headerText(choice: HeaderLanguage, key: string): string {
  if (choice === 'both') return `${headerOf('zh-HK', key)} ${headerOf('en', key)}`;
  return headerOf(choice, key);
}

function codeText(choice: HeaderLanguage, list: CodeList, value: string): string {
  const one = (language: Language) => translate(language, `reports.code.${list}.${value}` as ServerMessageKey);
  if (list === 'month') return value;
  return choice === 'both' ? `${one('zh-HK')} ${one('en')}` : one(choice);
}

function nameText(choice: HeaderLanguage, value: Name | null): string {
  if (!value) return '';
  if (choice === 'both') return [value.nameZh, value.nameEn].filter(Boolean).join(' ');
  return choice === 'en' ? value.nameEn || value.nameZh : value.nameZh || value.nameEn;
}

/** A cell as an export writes it: money as dollars with two decimals, quantities as decimals, codes in words. */
function exportCell(choice: HeaderLanguage, column: ReportColumn, value: unknown): string | number {
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'name':
      return nameText(choice, value as Name);
    case 'code':
      return codeText(choice, column.codes ?? 'orderType', text(value));
    case 'money':
      return centsToDecimal(num(value));
    case 'quantity':
      return hundredthsToDecimal(num(value));
    case 'rate':
      return (num(value) / 100).toFixed(2);
    case 'minutes':
      return (num(value) / 60).toFixed(2);
    case 'count':
      return num(value);
    case 'bool':
      return translate(choice === 'both' ? 'en' : choice, value === true ? 'sales.csv.yes' : 'sales.csv.no');
    default:
      return text(value);
  }
}

export interface ExportInput {
  readonly filename: string;
  readonly columns: readonly ReportColumn[];
  readonly rows: readonly Row[];
  /** The totals row (same keys as the rows); its first text column reads "Total". */
  readonly totals: Row | null;
}

/** The header language of an export: as chosen, or the caller's language. */
export const headerChoice = (c: AppContext, headers: HeaderLanguage | undefined): HeaderLanguage => headers ?? c.var.language;

function exportTable(choice: HeaderLanguage, input: ExportInput) {
  const headers = input.columns.map((col) => headerText(choice, col.key));
  const body = input.rows.map((row) => input.columns.map((col) => exportCell(choice, col, row[col.key])));
  if (input.totals) {
    const totalLabel = choice === 'both' ? `${translate('zh-HK', 'reports.total')} ${translate('en', 'reports.total')}` : translate(choice, 'reports.total');
    const totals = input.columns.map((col) => (col.key in input.totals! ? exportCell(choice, col, input.totals![col.key]) : ''));
    totals[0] = totalLabel;
    body.push(totals);
  }
  return { headers, body };
}

/** The report as a CSV file (UTF-8 with BOM, CRLF, formula-safe: the sales lists' own writer). */
export function reportCsv(c: AppContext, choice: HeaderLanguage, input: ExportInput): Response {
  const { headers, body } = exportTable(choice, input);
  return csvReply(c, input.filename, headers, body);
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The report as an Excel workbook: one sheet, the header row bold and frozen, money and counts as
 * numbers (money with two decimals), the totals row bold. Written by write-excel-file's universal
 * build, which runs the same in Node and in the page (the in-page backend).
 */
export async function reportXlsx(c: AppContext, choice: HeaderLanguage, input: ExportInput): Promise<Response> {
  const headers = input.columns.map((col) => ({ value: headerText(choice, col.key), fontWeight: 'bold' as const }));
  const cell = (col: ReportColumn, value: unknown, bold: boolean) => {
    const text = exportCell(choice, col, value);
    const style = bold ? { fontWeight: 'bold' as const } : {};
    if (value === null || value === undefined || text === '') return null;
    switch (col.kind) {
      case 'money':
        return { value: num(value) / 100, type: Number, format: '#,##0.00', ...style };
      case 'quantity':
      case 'rate':
      case 'minutes':
        return { value: Number(text), type: Number, format: '0.00', ...style };
      case 'count':
        return { value: num(value), type: Number, ...style };
      default:
        return { value: String(text), type: String, ...style };
    }
  };
  const data = [headers, ...input.rows.map((row) => input.columns.map((col) => cell(col, row[col.key], false)))];
  if (input.totals) {
    const totals = input.columns.map((col) => (col.key in input.totals! ? cell(col, input.totals![col.key], true) : null));
    const label = choice === 'both' ? `${translate('zh-HK', 'reports.total')} ${translate('en', 'reports.total')}` : translate(choice, 'reports.total');
    totals[0] = { value: label, type: String, fontWeight: 'bold' };
    data.push(totals);
  }
  const widths = input.columns.map((col) => ({ width: col.kind === 'name' || col.kind === 'text' ? 28 : col.kind === 'money' ? 16 : 14 }));
  const blob = await writeXlsxFile(data, { columns: widths, stickyRowsCount: 1, sheet: input.filename.slice(0, 31) }).toBlob();
  return c.body(new Uint8Array(await blob.arrayBuffer()), 200, {
    'Content-Type': XLSX_TYPE,
    'Content-Disposition': `attachment; filename="${input.filename}-${today(c)}.xlsx"`,
  });
}

/** A CSV or Excel reply, or null for JSON. */
export async function exportReply(c: AppContext, format: 'json' | 'csv' | 'xlsx', headers: HeaderLanguage | undefined, input: () => Promise<ExportInput>): Promise<Response | null> {
  if (format === 'json') return null;
  const choice = headerChoice(c, headers);
  const table = await input();
  return format === 'csv' ? reportCsv(c, choice, table) : reportXlsx(c, choice, table);
}

/** The JSON reply of a report: its columns, one page of rows, the totals and whatever else it shows. */
export function reportJson(
  c: AppContext,
  report: { columns: readonly ReportColumn[]; rows: readonly Row[]; totals: Row | null; count: number; page: number; perPage: number; range: { from: IsoDate; to: IsoDate }; sort: string } & Record<string, unknown>,
) {
  const { range, ...rest } = report;
  return c.json({ ...rest, dateFrom: range.from, dateTo: range.to });
}

export interface ListReportSpec {
  readonly filename: string;
  readonly columns: readonly ReportColumn[];
  /** FROM … WHERE … of the report (joins and filters). */
  readonly from: RawBuilder<unknown>;
  /** The select list of one row. */
  readonly select: RawBuilder<unknown>;
  /** The select list of the totals over every row that matches (aggregates only). */
  readonly totals: RawBuilder<unknown>;
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
  readonly query: { sort: string; page: number; per_page: number; format: 'json' | 'csv' | 'xlsx'; headers?: HeaderLanguage | undefined };
  readonly range: { from: IsoDate; to: IsoDate };
  readonly extra?: () => Promise<Record<string, unknown>>;
}

/**
 * A report with a row per record (orders, lines, receipts, visits): the totals over everything that
 * matches in one aggregate query, one page of rows (or every row, up to EXPORT_LIMIT, for an export)
 * in the asked order.
 */
export async function listReport(c: AppContext, spec: ListReportSpec): Promise<Response> {
  const { db } = c.var.deps;
  const { sort, page, per_page, format, headers } = spec.query;
  const order = sql`${orderBy(sort, spec.sortSql)}, ${spec.tieBreak} ${sql.raw(sort.startsWith('-') ? 'desc' : 'asc')}`;
  const totalsRaw = (await sql<Row>`select ${spec.totals} ${spec.from}`.execute(db)).rows[0] ?? {};
  const totals = spec.toTotals(totalsRaw);
  const exported = await exportReply(c, format, headers, async () => {
    const rows = (await sql<Row>`select ${spec.select} ${spec.from} order by ${order} limit ${EXPORT_LIMIT}`.execute(db)).rows.map(spec.toRow);
    return { filename: spec.filename, columns: spec.columns, rows, totals };
  });
  if (exported) return exported;
  const pageSql = spec.pageKey
    ? sql<Row>`select ${spec.select} ${spec.from} and ${spec.pageKey} in (select ${spec.pageKey} ${spec.from} order by ${order} limit ${per_page} offset ${(page - 1) * per_page}) order by ${order}`
    : sql<Row>`select ${spec.select} ${spec.from} order by ${order} limit ${per_page} offset ${(page - 1) * per_page}`;
  const rows = (await pageSql.execute(db)).rows.map(spec.toRow);
  return reportJson(c, {
    columns: spec.columns,
    rows,
    totals,
    count: num(totalsRaw.count),
    page,
    perPage: per_page,
    range: spec.range,
    sort,
    ...(spec.extra ? await spec.extra() : {}),
  });
}
