import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reading a PDF back as a reader would (pdfjs-dist's legacy build, which runs in Node 20): its text,
 * its fonts, its pictures. For the tests of the PDFs the server makes, and of the ones it attaches
 * to e-mails or serves from a customer's link.
 */

type Loaded = Awaited<ReturnType<typeof getDocument>['promise']>;

const open = (bytes: Uint8Array): Promise<Loaded> => getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;

/** The text of every page, each page's pieces joined by spaces (pages by a newline). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await open(bytes);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((s) => s.trim() !== '').join(' '));
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}

/** How many pages it has. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await open(bytes);
  const count = pdf.numPages;
  await pdf.destroy();
  return count;
}

/** The fonts the file embeds, by their /BaseFont names (a subset is named "ABCDEF+Name"). */
export function pdfFontNames(bytes: Uint8Array): string[] {
  const text = new TextDecoder('latin1').decode(bytes);
  return [...new Set([...text.matchAll(/\/BaseFont\s*\/([A-Za-z0-9+_-]+)/g)].map((m) => m[1]!))];
}

/** A picture drawn on a page, as RGBA pixels. */
export interface PdfPicture {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray;
}

/** Every picture drawn on every page, in the order drawn. */
export async function pdfPictures(bytes: Uint8Array): Promise<PdfPicture[]> {
  const pdf = await open(bytes);
  try {
    const pictures: PdfPicture[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const ops = await page.getOperatorList();
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
        const name = (ops.argsArray[i] as [string])[0];
        const image = await new Promise<RawImage>((resolve) => {
          page.objs.get(name, (found: RawImage) => resolve(found));
        });
        pictures.push({ width: image.width, height: image.height, rgba: toRgba(image) });
      }
    }
    return pictures;
  } finally {
    await pdf.destroy();
  }
}

/** A decoded picture as pdfjs gives it: 1-bit grey (kind 1), RGB (2) or RGBA (3) pixels. */
interface RawImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray | Uint8Array;
  readonly kind: number;
}

function toRgba(image: RawImage): Uint8ClampedArray {
  const { width, height, data, kind } = image;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    let r: number, g: number, b: number;
    if (kind === 3) [r, g, b] = [data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!];
    else if (kind === 2) [r, g, b] = [data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!];
    else {
      const rowBytes = (width + 7) >> 3;
      const x = p % width;
      const y = Math.floor(p / width);
      const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      r = g = b = bit ? 255 : 0;
    }
    out.set([r, g, b, 255], p * 4);
  }
  return out;
}
