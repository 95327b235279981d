import Papa from 'papaparse';
import { today } from './dates';
import type { AppContext } from './env';
import { byteStream, streamReply } from './stream';

/** The most rows one CSV export writes. */
export const CSV_LIMIT = 50_000;

/**
 * Cells a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return),
 * which the CSV writer neutralises with a leading apostrophe; a plain negative amount ("-100.00", a
 * refund) is no formula and stays a number.
 */
const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

export type CsvRow = readonly (string | number)[];

const OPTIONS = { newline: '\r\n', escapeFormulae: FORMULA_START } as const;

/**
 * A CSV file under the given headers (in the caller's language), for Excel as well: UTF-8 with a
 * byte-order mark and CRLF line ends. papaparse quotes what needs quoting (commas, quotes, line
 * breaks) and neutralises cells that a spreadsheet would read as a formula. The rows come a chunk
 * at a time and each chunk is written as it comes (papaparse quotes cell by cell, so the text is
 * the same as of all the rows at once).
 */
export async function* csvText(headers: readonly string[], chunks: Iterable<readonly CsvRow[]> | AsyncIterable<readonly CsvRow[]>): AsyncGenerator<string> {
  // The header line ends with a line break (papaparse writes it so even with no rows), then the
  // rows go one a line with none after the last.
  yield `\uFEFF${Papa.unparse({ fields: [...headers], data: [] }, OPTIONS)}`;
  let first = true;
  for await (const rows of chunks) {
    if (rows.length === 0) continue;
    yield `${first ? '' : '\r\n'}${Papa.unparse(rows.map((r) => [...r]), OPTIONS)}`;
    first = false;
  }
}

/**
 * The CSV file as the reply (see csvText), named `<filename>-<today>.csv`: `rows` all at once or
 * in chunks, streamed as they come.
 */
export function csvReply(c: AppContext, filename: string, headers: readonly string[], rows: readonly CsvRow[] | AsyncIterable<readonly CsvRow[]>): Response {
  const chunks = Array.isArray(rows) ? [rows as readonly CsvRow[]] : (rows as AsyncIterable<readonly CsvRow[]>);
  return streamReply(c, byteStream(csvText(headers, chunks)), {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}-${today(c)}.csv"`,
  });
}
