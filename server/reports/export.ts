import writeXlsxFile from 'write-excel-file/universal';
import type { Language } from '../../domain/i18n/language';
import { centsToDecimal, hundredthsToDecimal } from '../../domain/money/money';
import { hongKongDate } from '../../domain/time/dates';
import type { AppContext } from '../http/env';
import { translate, type ServerMessageKey } from '../i18n';
import { csvReply } from '../http/csv';
import { num, text, type CodeList, type HeaderLanguage, type Name, type ReportColumn, type ReportPage, type ReportTable } from './report';

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
    'Content-Disposition': `attachment; filename="${input.filename}-${hongKongDate(c.var.deps.now())}.xlsx"`,
  });
}

/** A report's table as the asked file: CSV or Excel, headers in the chosen language (else the caller's). */
export function exportReply(c: AppContext, format: 'csv' | 'xlsx', headers: HeaderLanguage | undefined, table: ReportTable): Response | Promise<Response> {
  const choice = headerChoice(c, headers);
  return format === 'csv' ? reportCsv(c, choice, table) : reportXlsx(c, choice, table);
}

/** The JSON reply of a report page: the range as dateFrom / dateTo. */
export function reportJson(c: AppContext, report: ReportPage) {
  const { range, ...rest } = report;
  return c.json({ ...rest, dateFrom: range.from, dateTo: range.to });
}
