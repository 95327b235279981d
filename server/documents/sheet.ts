import PDFDocument from 'pdfkit';
import { sniffImageType } from '../../domain/files/image-type';
import { withoutMetadata } from '../../domain/files/imageMetadata';
import type { DocumentFonts } from './fonts';

/**
 * An A4 page of a PDF being written, top to bottom: text in Noto Sans HK (embedded as a subset of
 * the glyphs used: pdfkit's fontkit keeps only those), rows of label and value, tables, pictures;
 * a new page when the next block does not fit. What a kind of document draws is in ./render.ts.
 * This module is loaded only when a PDF is made (a chunk of its own, with pdfkit).
 */

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 42;
const BOTTOM = A4.height - MARGIN - 18;

export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  y = MARGIN;
  readonly left = MARGIN;
  readonly right = A4.width - MARGIN;
  readonly width = A4.width - 2 * MARGIN;

  constructor(fonts: DocumentFonts, info: { title: string; language: string }) {
    this.doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, autoFirstPage: true, info: { Title: info.title, Producer: 'HK Service Back Office', Creator: 'HK Service Back Office' }, lang: info.language, displayTitle: true });
    this.doc.registerFont('regular', toBuffer(fonts.regular));
    this.doc.registerFont('bold', toBuffer(fonts.bold));
    this.doc.font('regular');
  }

  /** Makes room for `height` points: a new page when they do not fit below. */
  room(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  /** The height `text` takes in `width` at `size`. */
  heightOf(text: string, width: number, size: number, bold = false): number {
    this.doc.font(bold ? 'bold' : 'regular').fontSize(size);
    return text === '' ? 0 : this.doc.heightOfString(text, { width, lineGap: 1 });
  }

  /** Text at (x, y) in a column of `width`; the height it took. */
  textAt(text: string, x: number, y: number, width: number, options: { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center'; color?: string } = {}): number {
    if (text === '') return 0;
    const size = options.size ?? 9.5;
    this.doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(options.color ?? '#111111')
      .text(text, x, y, { width, align: options.align ?? 'left', lineGap: 1 });
    return this.heightOf(text, width, size, options.bold);
  }

  /** A paragraph across the page. */
  paragraph(text: string, options: { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center'; color?: string; gap?: number } = {}): void {
    if (text === '') return;
    const height = this.heightOf(text, this.width, options.size ?? 9.5, options.bold);
    this.room(height);
    this.textAt(text, this.left, this.y, this.width, options);
    this.y += height + (options.gap ?? 4);
  }

  /** Rows of a label and its value in a column at `x` of `width`, from `y`; the y below them. */
  facts(rows: readonly (readonly [string, string])[], x: number, y: number, width: number, labelWidth: number): number {
    let at = y;
    for (const [label, value] of rows) {
      const height = Math.max(this.heightOf(label, labelWidth - 6, 9, true), this.heightOf(value || ' ', width - labelWidth, 9.5));
      this.textAt(label, x, at, labelWidth - 6, { size: 9, bold: true, color: '#444444' });
      this.textAt(value, x + labelWidth, at, width - labelWidth);
      at += height + 3;
    }
    return at;
  }

  /**
   * A picture (PNG or JPEG) fitted in a box at (x, y); false when it cannot be drawn. It goes into the
   * file without its metadata (a picture stored before uploads were cleaned may still carry some),
   * its Exif orientation kept for pdfkit to turn it by.
   */
  picture(bytes: Uint8Array | null, x: number, y: number, box: { width: number; height: number }): boolean {
    const type = bytes ? sniffImageType(bytes) : null;
    if (!bytes || (type !== 'image/png' && type !== 'image/jpeg')) return false;
    const kept = withoutMetadata(bytes, type);
    if (kept.isErr()) return false;
    try {
      this.doc.image(toBuffer(kept.value), x, y, { fit: [box.width, box.height] });
      return true;
    } catch {
      // A picture pdfkit cannot read (e.g. an interlaced PNG) is left out, as a broken image is.
      return false;
    }
  }

  /** A thin line across the page at the cursor. */
  rule(color = '#999999'): void {
    this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.6).strokeColor(color).stroke();
    this.y += 4;
  }

  /**
   * A table: the headings, then each row, a new page (with the headings again) when a row does not
   * fit. `columns` give each width (points) and alignment; a cell's lines are joined by newlines.
   */
  table(columns: readonly { readonly heading: string; readonly width: number; readonly align?: 'left' | 'right' }[], rows: readonly (readonly string[])[]): void {
    const pad = 3;
    const head = () => {
      const height = Math.max(...columns.map((c) => this.heightOf(c.heading, c.width - 2 * pad, 9, true))) + 2 * pad;
      this.room(height + 14);
      this.doc.rect(this.left, this.y, this.width, height).fillColor('#eeeeee').fill();
      let x = this.left;
      for (const c of columns) {
        this.textAt(c.heading, x + pad, this.y + pad, c.width - 2 * pad, { size: 9, bold: true, align: c.align ?? 'left' });
        x += c.width;
      }
      this.y += height;
    };
    head();
    for (const row of rows) {
      const height = Math.max(...columns.map((c, i) => this.heightOf(row[i] ?? '', c.width - 2 * pad, 9.5))) + 2 * pad;
      if (this.y + height > BOTTOM) {
        this.doc.addPage();
        this.y = MARGIN;
        head();
      }
      let x = this.left;
      columns.forEach((c, i) => {
        this.textAt(row[i] ?? '', x + pad, this.y + pad, c.width - 2 * pad, { align: c.align ?? 'left' });
        x += c.width;
      });
      this.y += height;
      this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.4).strokeColor('#cccccc').stroke();
    }
    this.y += 6;
  }

  /** Writes `footer(page, pages)` at the foot of every page, then the whole file's bytes. */
  async finish(footer: (page: number, pages: number) => string): Promise<Uint8Array> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      // Below the bottom margin: no new page for it.
      const margins = this.doc.page.margins;
      this.doc.page.margins = { ...margins, bottom: 0 };
      this.textAt(footer(i - start + 1, count), this.left, A4.height - MARGIN + 4, this.width, { size: 8, align: 'center', color: '#666666' });
      this.doc.page.margins = margins;
    }
    return collect(this.doc);
  }
}

/** pdfkit takes a Buffer in Node and an ArrayBuffer-backed array in a browser. */
const toBuffer = (bytes: Uint8Array): Buffer => {
  const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
  return NodeBuffer ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : (bytes as unknown as Buffer);
};

/** The file's bytes, once pdfkit has written them all. */
function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      resolve(bytes);
    });
    doc.end();
  });
}
