import type { Language } from '../../domain/i18n/language';
import { centsToDecimal, hundredthsToDecimal } from '../../domain/money/money';
import { hongKongDate } from '../../domain/time/dates';
import type { AppContext } from '../http/env';
import { translate, type ServerMessageKey } from '../i18n';
import { csvReply } from '../http/csv';
import { byteStream, readFirst, streamReply } from '../http/stream';
import { EXPORT_CHUNK, num, text, type CodeList, type HeaderLanguage, type Name, type ReportColumn, type ReportPage, type ReportTable, type Row } from './report';
import { xlsxStream, type XlsxCell } from './xlsxStream';

/**
 * A report's replies: the JSON of a page, and its table as a CSV or Excel file with a totals row,
 * headers and codes in the chosen language (or both).
 */


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

type ExportInput = ReportTable;

/** The header language of an export: as chosen, or the caller's language. */
export const headerChoice = (c: AppContext, headers: HeaderLanguage | undefined): HeaderLanguage => headers ?? c.var.language;

const totalLabel = (choice: HeaderLanguage) => (choice === 'both' ? `${translate('zh-HK', 'reports.total')} ${translate('en', 'reports.total')}` : translate(choice, 'reports.total'));

/**
 * The table's rows as cells, a chunk at a time as they are read, then its totals row (its first
 * cell the label "Total"). The first chunk is read before this resolves: a failure to read it is
 * answered as any other failure, before the file starts.
 */
async function cellChunks<T>(input: ExportInput, cells: (row: Row, totals: boolean) => T[], label: T): Promise<AsyncIterable<T[][]>> {
  async function* chunks() {
    if (Array.isArray(input.rows)) {
      const rows = input.rows as readonly Row[];
      for (let i = 0; i < rows.length; i += EXPORT_CHUNK) yield rows.slice(i, i + EXPORT_CHUNK).map((row) => cells(row, false));
    } else {
      for await (const rows of input.rows as AsyncIterable<readonly Row[]>) yield rows.map((row) => cells(row, false));
    }
    if (input.totals) {
      const totals = cells(input.totals, true);
      totals[0] = label;
      yield [totals];
    }
  }
  return readFirst(chunks());
}

/** The report as a CSV file (UTF-8 with BOM, CRLF, formula-safe: the sales lists' own writer), streamed as its rows are read. */
export async function reportCsv(c: AppContext, choice: HeaderLanguage, input: ExportInput): Promise<Response> {
  const headers = input.columns.map((col) => headerText(choice, col.key));
  const cells = (row: Row, totals: boolean) => input.columns.map((col) => (!totals || col.key in row ? exportCell(choice, col, row[col.key]) : ''));
  return csvReply(c, input.filename, headers, await cellChunks(input, cells, totalLabel(choice)));
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The report as an Excel workbook: one sheet, the header row bold and frozen, money and counts as
 * numbers (money with two decimals), the totals row bold. Written by ./xlsxStream.ts as the rows
 * are read, the same in Node and in the page (the in-page backend).
 */
export async function reportXlsx(c: AppContext, choice: HeaderLanguage, input: ExportInput): Promise<Response> {
  const headers = input.columns.map((col): XlsxCell => ({ value: headerText(choice, col.key), bold: true }));
  const cell = (col: ReportColumn, value: unknown, bold: boolean): XlsxCell | null => {
    const text = exportCell(choice, col, value);
    if (value === null || value === undefined || text === '') return null;
    switch (col.kind) {
      case 'money':
        return { value: num(value) / 100, format: 'money', bold };
      case 'quantity':
      case 'rate':
      case 'minutes':
        return { value: Number(text), format: 'decimal', bold };
      case 'count':
        return { value: num(value), bold };
      default:
        return { value: String(text), bold };
    }
  };
  const cells = (row: Row, totals: boolean) => input.columns.map((col) => (!totals || col.key in row ? cell(col, row[col.key], totals) : null));
  const body = await cellChunks<XlsxCell | null>(input, cells, { value: totalLabel(choice), bold: true });
  async function* rows() {
    yield [headers];
    yield* body;
  }
  const widths = input.columns.map((col) => (col.kind === 'name' || col.kind === 'text' ? 28 : col.kind === 'money' ? 16 : 14));
  return streamReply(c, xlsxStream({ name: input.filename, widths, rows: rows() }), {
    'Content-Type': XLSX_TYPE,
    'Content-Disposition': `attachment; filename="${input.filename}-${hongKongDate(c.var.deps.now())}.xlsx"`,
  });
}

/** A report's table as the asked file: CSV or Excel, headers in the chosen language (else the caller's). */
export function exportReply(c: AppContext, format: 'csv' | 'xlsx', headers: HeaderLanguage | undefined, table: ReportTable): Promise<Response> {
  const choice = headerChoice(c, headers);
  return format === 'csv' ? reportCsv(c, choice, table) : reportXlsx(c, choice, table);
}

/** The JSON reply of a report page: the range as dateFrom / dateTo. */
/**
 * A page of a report as JSON. A page of more than EXPORT_CHUNK rows (the print view's whole result,
 * up to 50,000 rows and tens of MB) is written EXPORT_CHUNK rows at a time as the reply is read,
 * so making it does not hold the server's thread for long, and it is not parsed again to check it
 * against the contract (`replyUnchecked`; smaller pages of the same reply are).
 */
export function reportJson(c: AppContext, report: ReportPage) {
  const { range, rows, ...rest } = report;
  const head = { ...rest, dateFrom: range.from, dateTo: range.to };
  if (rows.length <= EXPORT_CHUNK) return c.json({ ...head, rows });
  c.set('replyUnchecked', true);
  function* texts() {
    yield `${JSON.stringify(head).slice(0, -1)},"rows":[`;
    for (let i = 0; i < rows.length; i += EXPORT_CHUNK) yield (i === 0 ? '' : ',') + JSON.stringify(rows.slice(i, i + EXPORT_CHUNK)).slice(1, -1);
    yield ']}';
  }
  return streamReply(c, byteStream(texts()), { 'content-type': 'application/json' });
}
