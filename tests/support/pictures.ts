import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { concat, crc32, tiffOrientation } from '../../domain/files/imageMetadata';

export { concat };

/**
 * Pictures with metadata in them, made here (never downloaded): a JPEG with Exif (GPS, a
 * description, the orientation) and XMP, a PNG with text chunks, a GIF with a comment, a WebP with
 * EXIF and XMP. Every piece of metadata carries SECRET, so a test finds any of it left by searching
 * for that one string.
 */

export const SECRET = 'SECRET-22.2783N-114.1747E';
const ascii = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));

/** Whether `needle` occurs anywhere in `bytes`. */
export function contains(bytes: Uint8Array, needle: Uint8Array | string): boolean {
  const n = typeof needle === 'string' ? ascii(needle) : needle;
  outer: for (let i = 0; i + n.length <= bytes.length; i++) {
    for (let j = 0; j < n.length; j++) if (bytes[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

/** A w×h picture: each pixel's colour from its place, so turning it shows. */
export function pixels(w: number, h: number): Uint8Array {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([(x * 255) / Math.max(1, w - 1), (y * 255) / Math.max(1, h - 1), 90, 255], (y * w + x) * 4);
  return data;
}

/**
 * Exif's TIFF body as a phone writes it: IFD0 with the orientation, an image description, the
 * make, and a pointer to a GPS IFD holding latitude and longitude (Hong Kong's), little- or big-endian.
 */
export function exifTiff(orientation: number, little = true): Uint8Array {
  const out: number[] = [];
  const w16 = (n: number) => (little ? out.push(n & 0xff, n >> 8) : out.push(n >> 8, n & 0xff));
  const w32 = (n: number) => (little ? out.push(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24) : out.push(n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff));
  const description = ascii(`${SECRET}\0`);
  const make = ascii('PhoneMaker\0');
  // Layout: header (8), IFD0 (2 + 4×12 + 4 = 54) at 8, GPS IFD (2 + 4×12 + 4 = 54) at 62, then the values.
  const ifd0 = 8;
  const gpsIfd = ifd0 + 54;
  let values = gpsIfd + 54;
  const at = (length: number) => {
    const offset = values;
    values += length;
    return offset;
  };
  const descriptionAt = at(description.length);
  const makeAt = at(make.length);
  const latitudeAt = at(24);
  const longitudeAt = at(24);
  out.push(...ascii(little ? 'II' : 'MM'));
  w16(42);
  w32(ifd0);
  const entry = (tag: number, type: number, count: number, value: (() => void) | number) => {
    w16(tag);
    w16(type);
    w32(count);
    if (typeof value === 'number') w32(value);
    else value();
  };
  w16(4);
  entry(0x010e, 2, description.length, descriptionAt);
  entry(0x010f, 2, make.length, makeAt);
  entry(0x0112, 3, 1, () => {
    w16(orientation);
    w16(0);
  });
  entry(0x8825, 4, 1, gpsIfd);
  w32(0);
  w16(4);
  entry(1, 2, 2, () => out.push(...ascii('N\0\0\0')));
  entry(2, 5, 3, latitudeAt);
  entry(3, 2, 2, () => out.push(...ascii('E\0\0\0')));
  entry(4, 5, 3, longitudeAt);
  w32(0);
  out.push(...description, ...make);
  for (const [d, m, s] of [
    [22, 16, 4210],
    [114, 10, 2900],
  ] as const) {
    w32(d);
    w32(1);
    w32(m);
    w32(1);
    w32(s);
    w32(100);
  }
  return new Uint8Array(out);
}

const xmp = () => ascii(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="${SECRET}"/></x:xmpmeta>`);

/** A JPEG segment: marker and payload. */
export const jpegSegment = (marker: number, payload: Uint8Array) => concat([new Uint8Array([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);

/** A w×h JPEG (jpeg-js), with an Exif APP1 turned by `orientation`, XMP, IPTC, a comment, and a second picture after its end, as phones write. */
export function phoneJpeg(w: number, h: number, orientation = 6): Uint8Array<ArrayBuffer> {
  const plain = jpeg.encode({ data: pixels(w, h), width: w, height: h }, 90).data;
  const metadata = [
    jpegSegment(0xe1, concat([ascii('Exif\0\0'), exifTiff(orientation)])),
    jpegSegment(0xe1, concat([ascii('http://ns.adobe.com/xap/1.0/\0'), xmp()])),
    jpegSegment(0xed, concat([ascii('Photoshop 3.0\0'), ascii(SECRET)])),
    jpegSegment(0xfe, ascii(SECRET)),
  ];
  return concat([plain.subarray(0, 2), ...metadata, plain.subarray(2), ascii(SECRET)]);
}

export const decodeJpeg = (bytes: Uint8Array) => jpeg.decode(bytes, { useTArray: true });

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([ascii(type), data]);
  const be = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  return concat([be(data.length), typed, be(crc32(typed))]);
}

/** A w×h PNG (pngjs) with tEXt, iTXt, zTXt, tIME and an eXIf turned by `orientation` before its image data. */
export function phonePng(w: number, h: number, orientation = 1): Uint8Array<ArrayBuffer> {
  const image = new PNG({ width: w, height: h });
  image.data.set(pixels(w, h));
  const plain = new Uint8Array(PNG.sync.write(image));
  const ihdrEnd = 8 + 25;
  const metadata = [
    pngChunk('tEXt', ascii(`Comment\0${SECRET}`)),
    pngChunk('iTXt', ascii(`XML:com.adobe.xmp\0\0\0\0\0${SECRET}`)),
    pngChunk('zTXt', concat([ascii('Location\0\0'), new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])])),
    pngChunk('tIME', new Uint8Array([0x07, 0xea, 11, 23, 9, 30, 0])),
    pngChunk('eXIf', exifTiff(orientation, false)),
  ];
  return concat([plain.subarray(0, ihdrEnd), ...metadata, plain.subarray(ihdrEnd)]);
}

export const decodePng = (bytes: Uint8Array) => PNG.sync.read(Buffer.from(bytes));

/** The classic 1×1 GIF89a (a graphic control, one image) with a comment and an XMP application extension. */
export const GIF_1X1 = Uint8Array.from([
  ...ascii('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0,
  0x21, 0xf9, 4, 1, 0, 0, 0, 0,
  0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0,
  0x3b,
]); // prettier-ignore

export function phoneGif(): Uint8Array {
  const comment = concat([new Uint8Array([0x21, 0xfe, SECRET.length]), ascii(SECRET), new Uint8Array([0])]);
  const xmpExtension = concat([new Uint8Array([0x21, 0xff, 11]), ascii('XMP DataXMP'), new Uint8Array([SECRET.length]), ascii(SECRET), new Uint8Array([0])]);
  const looping = new Uint8Array([0x21, 0xff, 11, ...ascii('NETSCAPE2.0'), 3, 1, 0, 0, 0]);
  const head = 13 + 6; // header, screen descriptor, two colours
  return concat([GIF_1X1.subarray(0, head), looping, comment, xmpExtension, GIF_1X1.subarray(head)]);
}

const le32 = (n: number) => new Uint8Array([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24]);
export const webpChunk = (fourcc: string, data: Uint8Array) => concat([ascii(fourcc), le32(data.length), data, data.length % 2 ? new Uint8Array(1) : new Uint8Array(0)]);

/** A 1×1 lossless WebP's image data (VP8L). */
export const VP8L_1X1 = Uint8Array.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]);

/** An extended 1×1 WebP: VP8X (EXIF and XMP flagged), the image, EXIF turned by `orientation`, XMP. */
export function phoneWebp(orientation = 6): Uint8Array {
  const vp8x = webpChunk('VP8X', new Uint8Array([0x08 | 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
  const body = concat([ascii('WEBP'), vp8x, webpChunk('VP8L', VP8L_1X1), webpChunk('EXIF', exifTiff(orientation)), webpChunk('XMP ', xmp())]);
  return concat([ascii('RIFF'), le32(body.length), body]);
}

/** The Exif orientation a JPEG carries in its first Exif APP1, or null. */
export function jpegOrientation(bytes: Uint8Array): number | null {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] !== 0xda) {
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (bytes[at + 1] === 0xe1 && String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === 'Exif') return tiffOrientation(bytes.subarray(at + 10, at + 2 + length));
    at += 2 + length;
  }
  return null;
}

const be32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const be16 = (n: number) => new Uint8Array([n >> 8, n & 0xff]);
const box = (type: string, ...content: Uint8Array[]) => {
  const body = concat(content);
  return concat([be32(body.length + 8), ascii(type), body]);
};
const fullBox = (type: string, version: number, ...content: Uint8Array[]) => box(type, new Uint8Array([version, 0, 0, 0]), ...content);

/** The picture's own bytes in the HEIC below (what must stay). */
export const HEIC_PICTURE = ascii('HEVC-PICTURE-DATA-'.repeat(4));

/**
 * A HEIC laid out as an iPhone writes one, small: ftyp, meta (hdlr, pitm, iinf with the picture, an
 * Exif item and an XMP item, iloc pointing into mdat, iprp with the picture's rotation), then mdat.
 */
export function phoneHeic(): Uint8Array<ArrayBuffer> {
  const exif = concat([new Uint8Array(4), ascii('Exif\0\0'), exifTiff(6, false)]);
  const xmpItem = xmp();
  const infe = (id: number, type: string, extra = '') => fullBox('infe', 2, be16(id), be16(0), ascii(type), ascii(`\0${extra}`));
  const iinf = fullBox('iinf', 0, be16(3), infe(1, 'hvc1'), infe(2, 'Exif'), infe(3, 'mime', 'application/rdf+xml\0'));
  const irot = box('irot', new Uint8Array([1]));
  const iprp = box('iprp', box('ipco', irot), fullBox('ipma', 0, be32(1), be16(1), new Uint8Array([1, 0x81])));
  const ftyp = box('ftyp', ascii('heic'), be32(0), ascii('mif1heic'));
  const layout = (mdatStart: number) => {
    const items: [number, number, number][] = [
      [1, mdatStart, HEIC_PICTURE.length],
      [2, mdatStart + HEIC_PICTURE.length, exif.length],
      [3, mdatStart + HEIC_PICTURE.length + exif.length, xmpItem.length],
    ];
    // iloc version 0: offset and length 4 bytes, no base offset; one extent each.
    const iloc = fullBox('iloc', 0, new Uint8Array([0x44, 0x00]), be16(items.length), ...items.map(([id, offset, length]) => concat([be16(id), be16(0), be16(1), be32(offset), be32(length)])));
    return fullBox('meta', 0, fullBox('hdlr', 0, be32(0), ascii('pict'), new Uint8Array(12), ascii('\0')), fullBox('pitm', 0, be16(1)), iinf, iloc, iprp);
  };
  const metaLength = layout(0).length;
  const meta = layout(ftyp.length + metaLength + 8);
  return concat([ftyp, meta, box('mdat', HEIC_PICTURE, exif, xmpItem)]);
}
