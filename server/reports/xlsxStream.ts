import { strToU8, Zip, ZipDeflate, ZipPassThrough, type FlateError } from 'fflate';

/**
 * A one-sheet Excel workbook (.xlsx) written as a stream: the sheet's rows are turned into XML and
 * deflated chunk by chunk as they are read, so a long export never holds its whole file. Web
 * streams and fflate only, so it runs the same in Node and in the page (the in-page backend).
 * The sheet and its shared strings (nearly all of the file) are deflated by the platform's own
 * CompressionStream (zlib in Node's thread pool, the browser's native code in the page), off the
 * thread that serves everyone else and several times faster than deflating in JavaScript.
 *
 * What it writes is what the reports need and no more: the first row frozen, column widths, cells
 * that are text or numbers, each in one of a few fixed styles (bold, money '#,##0.00', decimals
 * '0.00', or these with bold). Texts go to the shared strings table (written after the sheet, so
 * it holds each distinct text once), as Excel itself writes them.
 */

/** How a cell reads: plain, or as money ('#,##0.00') or a decimal ('0.00'); bold or not. */
export interface XlsxCell {
  readonly value: string | number;
  readonly format?: 'money' | 'decimal';
  readonly bold?: boolean;
}

export interface XlsxSheet {
  /** The sheet's name (at most 31 characters are kept). */
  readonly name: string;
  /** Each column's width, in characters. */
  readonly widths: readonly number[];
  /** The rows, a chunk at a time; a null cell is left empty. */
  readonly rows: AsyncIterable<readonly (readonly (XlsxCell | null)[])[]>;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The fixed styles, by their index in cellXfs. */
const STYLE = { plain: 0, bold: 1, money: 2, decimal: 3, moneyBold: 4, decimalBold: 5 } as const;

const STYLES = `${HEAD}<styleSheet xmlns="${NS}"><numFmts count="2"><numFmt numFmtId="164" formatCode="#,##0.00"/><numFmt numFmtId="165" formatCode="0.00"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/><xf numFmtId="165" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;

const ROOT_RELS = `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

// Characters XML 1.0 cannot hold at all (control characters other than tab, line feed and return).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as XML character data. */
export const xmlText = (value: string): string => value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function styleOf(cell: XlsxCell): number {
  if (cell.format === 'money') return cell.bold ? STYLE.moneyBold : STYLE.money;
  if (cell.format === 'decimal') return cell.bold ? STYLE.decimalBold : STYLE.decimal;
  return cell.bold ? STYLE.bold : STYLE.plain;
}

/**
 * A zip entry deflated by the platform's CompressionStream ('deflate-raw'): fflate's pass-through
 * entry (which keeps the CRC and size of what is pushed) whose data is handed to the deflater, and
 * whose output goes to the zip as it arrives. `taken()` waits until the deflater has taken what
 * was pushed, so a fast reader of rows does not queue a whole file in front of it.
 */
class StreamedDeflate extends ZipPassThrough {
  private readonly writer: WritableStreamDefaultWriter<BufferSource>;
  private pending: Promise<void> = Promise.resolve();

  constructor(filename: string) {
    super(filename);
    this.compression = 8;
    const deflater = new CompressionStream('deflate-raw');
    this.writer = deflater.writable.getWriter();
    const reader = deflater.readable.getReader();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value.length > 0) this.ondata(null, value, false);
      }
      this.ondata(null, new Uint8Array(0), true);
    })().catch((error: unknown) => this.ondata(error as FlateError, new Uint8Array(0), false));
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.pending = this.writer.write(chunk);
    if (final) this.pending = this.pending.then(() => this.writer.close());
  }

  taken(): Promise<void> {
    return this.pending;
  }

  stop(): void {
    this.writer.abort().catch(() => undefined);
  }
}

/** Shared strings written per part of the table, so that no one piece of XML grows with the file. */
const STRINGS_PER_PIECE = 2_000;

/**
 * The workbook as a stream of bytes. The rows are read one chunk per pull (what the reader has
 * taken is all that is held); when the reader gives up, the rows' source is closed. A failure while
 * reading the rows ends the stream with that error.
 */
export function xlsxStream(sheet: XlsxSheet): ReadableStream<Uint8Array> {
  const strings = new Map<string, number>();
  let stringCount = 0;
  let rowNumber = 0;
  const rows = sheet.rows[Symbol.asyncIterator]();
  let zip: Zip;
  let body: StreamedDeflate;
  let done = false;
  /** How many pieces of the file have gone to the reader. */
  let written = 0;

  /** Column letters by index, named once. */
  const columns: string[] = [];

  const shared = (value: string): number => {
    stringCount += 1;
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, strings.size);
    return strings.size - 1;
  };

  const rowXml = (cells: readonly (XlsxCell | null)[]): string => {
    rowNumber += 1;
    let xml = `<row r="${rowNumber}">`;
    cells.forEach((cell, i) => {
      if (!cell) return;
      const style = styleOf(cell);
      const s = style === STYLE.plain ? '' : ` s="${style}"`;
      const ref = `${columns[i] ?? (columns[i] = columnName(i))}${rowNumber}`;
      xml += typeof cell.value === 'number' ? `<c r="${ref}"${s}><v>${cell.value}</v></c>` : `<c r="${ref}"${s} t="s"><v>${shared(cell.value)}</v></c>`;
    });
    return `${xml}</row>`;
  };

  const file = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text), true);
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        if (chunk.length > 0) {
          written += 1;
          controller.enqueue(chunk);
        }
        if (final) controller.close();
      });
      const name = xmlText(sheet.name.slice(0, 31));
      file('[Content_Types].xml', CONTENT_TYPES);
      file('_rels/.rels', ROOT_RELS);
      file('xl/workbook.xml', `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`);
      file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
      file('xl/styles.xml', STYLES);
      body = new StreamedDeflate('xl/worksheets/sheet1.xml');
      zip.add(body);
      const cols = sheet.widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('');
      body.push(
        strToU8(
          `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
            `${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`,
        ),
      );
    },
    async pull() {
      // A pull that gives nothing is not called again: read on until the deflater gives bytes.
      const before = written;
      while (!done && written === before) {
        const next = await rows.next();
        if (next.done) await finish();
        else if (next.value.length > 0) {
          body.push(strToU8(next.value.map(rowXml).join('')));
          await body.taken();
        }
      }
    },
    async cancel() {
      done = true;
      zip.terminate();
      body.stop();
      await rows.return?.();
    },
  });

  /** The sheet's end, the shared strings and the zip's directory. */
  async function finish() {
    done = true;
    body.push(strToU8('</sheetData></worksheet>'), true);
    const sst = new StreamedDeflate('xl/sharedStrings.xml');
    zip.add(sst);
    sst.push(strToU8(`${HEAD}<sst xmlns="${NS}" count="${stringCount}" uniqueCount="${strings.size}">`));
    let piece: string[] = [];
    for (const value of strings.keys()) {
      piece.push(`<si><t xml:space="preserve">${xmlText(value)}</t></si>`);
      if (piece.length === STRINGS_PER_PIECE) {
        sst.push(strToU8(piece.join('')));
        piece = [];
        await sst.taken();
      }
    }
    strings.clear();
    sst.push(strToU8(`${piece.join('')}</sst>`), true);
    zip.end();
  }
}
