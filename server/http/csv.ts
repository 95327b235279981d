import Papa from 'papaparse';
import { today } from './dates';
import type { AppContext } from './env';

/** The most rows one CSV export writes. */
export const CSV_LIMIT = 50_000;

/**
 * Cells a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return),
 * which the CSV writer neutralises with a leading apostrophe; a plain negative amount ("-100.00", a
 * refund) is no formula and stays a number.
 */
const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/**
 * A CSV file of `rows` under the given headers (in the caller's language), for Excel as well: UTF-8
 * with a byte-order mark and CRLF line ends. papaparse quotes what needs quoting (commas, quotes,
 * line breaks) and neutralises cells that a spreadsheet would read as a formula.
 */
export function csvReply(c: AppContext, filename: string, headers: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const body = `\uFEFF${Papa.unparse({ fields: [...headers], data: rows.map((r) => [...r]) }, { newline: '\r\n', escapeFormulae: FORMULA_START })}`;
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}-${today(c)}.csv"`,
  });
}
