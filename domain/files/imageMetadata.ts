import { err, ok, type Result } from 'neverthrow';
import { isImageType, type ImageType } from './image-type';

/**
 * A picture as it is stored: its pixels and what is needed to draw them right, without what a camera
 * or an editor wrote about it (issue 31 item 7: a photo's GPS position reached the customer's PDF).
 *
 * - JPEG: keeps the frame (quantisation and Huffman tables, SOF, SOS and the scan data), JFIF
 *   without its thumbnail, the ICC colour profile (APP2 ICC_PROFILE) and Adobe's colour transform
 *   (APP14); drops Exif and XMP (APP1), IPTC (APP13), every other APPn, comments (COM) and anything
 *   after the end of the image (the second pictures some phones append).
 * - PNG: keeps the chunks that decide how it looks (IHDR, PLTE, IDAT, IEND, tRNS, gAMA, cHRM, sRGB,
 *   iCCP, sBIT, bKGD, pHYs, cICP, mDCv, cLLi, and the animation's acTL, fcTL, fdAT); drops text
 *   (tEXt, iTXt, zTXt), eXIf, tIME and any other chunk.
 * - WebP: keeps the image, alpha, colour profile and animation chunks; drops EXIF, XMP and unknown
 *   chunks (the VP8X flags and the RIFF size follow).
 * - GIF: keeps the images, their colour tables and graphic controls, and the looping extension
 *   (NETSCAPE2.0 / ANIMEXTS1.0); drops comments and other application extensions (XMP among them).
 * - HEIC (attachments): the Exif and XMP items' bytes are overwritten with zeros in place.
 *
 * Orientation is kept, as the only Exif tag: a JPEG, PNG or WebP whose Exif turned it (orientation
 * 2–8) gets a new Exif block holding nothing but that tag, so browsers and PDFKit (which reads a
 * JPEG's Exif orientation) still show it the right way up. A file that cannot be walked to its end
 * (a chunk or segment running past the end, a wrong signature) is `unreadable`, not kept as it came.
 */

export type MetadataProblem = 'unreadable';

/** What the Exif orientation tag says (1 upright, 2–8 mirrored and/or turned), or null when there is none. */
type Orientation = number | null;

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u32le = (b: Uint8Array, at: number) => ((b[at + 3]! << 24) >>> 0) + (b[at + 2]! << 16) + (b[at + 1]! << 8) + b[at]!;
const text = (b: Uint8Array, from: number, length: number) => String.fromCharCode(...b.subarray(from, from + length));
const startsWithText = (b: Uint8Array, at: number, s: string) => at + s.length <= b.length && text(b, at, s.length) === s;
const ascii = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));

/** The byte arrays one after the other. */
export function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The orientation tag (0x0112) of IFD0 in a TIFF structure (Exif's body), or null. */
export function tiffOrientation(tiff: Uint8Array): Orientation {
  if (tiff.length < 8) return null;
  const order = text(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const r16 = (at: number) => (little ? tiff[at]! | (tiff[at + 1]! << 8) : u16be(tiff, at));
  const r32 = (at: number) => (little ? u32le(tiff, at) : u32be(tiff, at));
  if (r16(2) !== 42) return null;
  const ifd = r32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = r16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (r16(entry) === 0x0112 && r16(entry + 2) === 3) {
      const value = r16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** A TIFF structure (big-endian) whose IFD0 holds one tag: the orientation. */
export function orientationTiff(orientation: number): Uint8Array {
  // "MM", 42, IFD0 at 8; one entry: tag 0x0112, SHORT, count 1, the value; no next IFD.
  return new Uint8Array([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, orientation >> 8, orientation & 0xff, 0, 0, 0, 0, 0, 0]);
}

const EXIF_HEADER = 'Exif\0\0';

/** The orientation of an Exif block, with or without the "Exif\0\0" a JPEG puts before it (PNG's eXIf and WebP's EXIF may have it too). */
const exifOrientation = (exif: Uint8Array): Orientation => tiffOrientation(startsWithText(exif, 0, EXIF_HEADER) ? exif.subarray(EXIF_HEADER.length) : exif);

const turned = (orientation: Orientation): orientation is number => orientation !== null && orientation !== 1;

// ---------------------------------------------------------------- JPEG

function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return concat([new Uint8Array([0xff, marker, length >> 8, length & 0xff]), payload]);
}

/** A JPEG segment kept as it is, changed (JFIF without its thumbnail), or dropped (null). */
function keptJpegSegment(marker: number, segment: Uint8Array, payload: Uint8Array): Uint8Array | null {
  if (marker === 0xe0) {
    // JFIF: version, units, densities; the thumbnail (its width, height and pixels) goes.
    if (!startsWithText(payload, 0, 'JFIF\0') || payload.length < 14) return null;
    const head = payload.slice(0, 14);
    head[12] = 0;
    head[13] = 0;
    return jpegSegment(0xe0, head);
  }
  if (marker === 0xe2) return startsWithText(payload, 0, 'ICC_PROFILE\0') ? segment : null;
  if (marker === 0xee) return startsWithText(payload, 0, 'Adobe') ? segment : null;
  if ((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe) return null;
  return segment;
}

/** Where the entropy-coded data that starts at `from` ends: at the next marker that is not a restart or a stuffed byte. */
function scanEnd(b: Uint8Array, from: number): number {
  for (let i = from; i < b.length - 1; i++) {
    if (b[i] !== 0xff) continue;
    const next = b[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return i;
  }
  return b.length;
}

function jpegWithoutMetadata(b: Uint8Array): Result<Uint8Array, MetadataProblem> {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return err('unreadable');
  const kept: Uint8Array[] = [];
  let orientation: Orientation = null;
  let pos = 2;
  let ended = false;
  while (pos < b.length) {
    if (b[pos] !== 0xff) return err('unreadable');
    while (b[pos] === 0xff) pos++; // fill bytes before a marker
    if (pos >= b.length) return err('unreadable');
    const marker = b[pos]!;
    pos++;
    if (marker === 0xd9) {
      ended = true;
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xd8) {
      kept.push(new Uint8Array([0xff, marker]));
      continue;
    }
    if (pos + 2 > b.length) return err('unreadable');
    const length = u16be(b, pos);
    if (length < 2 || pos + length > b.length) return err('unreadable');
    const segment = b.subarray(pos - 2, pos + length);
    const payload = b.subarray(pos + 2, pos + length);
    pos += length;
    if (marker === 0xe1 && startsWithText(payload, 0, EXIF_HEADER)) orientation ??= exifOrientation(payload);
    const keep = keptJpegSegment(marker, segment, payload);
    if (keep) kept.push(keep);
    if (marker === 0xda) {
      const end = scanEnd(b, pos);
      kept.push(b.subarray(pos, end));
      pos = end;
    }
  }
  // A file cut off in its last scan still shows what it has: it is closed as the decoder would.
  if (!ended && pos < b.length) return err('unreadable');
  const exif = turned(orientation) ? [jpegSegment(0xe1, concat([ascii(EXIF_HEADER), orientationTiff(orientation)]))] : [];
  // The Exif block goes right after SOI, or after JFIF when the file starts with it (as cameras write them).
  const jfifFirst = kept[0] !== undefined && kept[0][1] === 0xe0 ? 1 : 0;
  return ok(concat([new Uint8Array([0xff, 0xd8]), ...kept.slice(0, jfifFirst), ...exif, ...kept.slice(jfifFirst), new Uint8Array([0xff, 0xd9])]));
}

// ---------------------------------------------------------------- PNG

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'cICP', 'mDCv', 'cLLi', 'acTL', 'fcTL', 'fdAT']);

let crcTable: Uint32Array | null = null;
/** CRC-32 (ISO 3309, as PNG's chunks carry it). */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const be32 = (n: number) => new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([ascii(type), data]);
  return concat([be32(data.length), typed, be32(crc32(typed))]);
}

function pngWithoutMetadata(b: Uint8Array): Result<Uint8Array, MetadataProblem> {
  if (b.length < 8 || PNG_SIGNATURE.some((byte, i) => b[i] !== byte)) return err('unreadable');
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let orientation: Orientation = null;
  let pos = 8;
  let exifAt = -1;
  for (;;) {
    if (pos + 12 > b.length) return err('unreadable');
    const length = u32be(b, pos);
    const type = text(b, pos + 4, 4);
    const end = pos + 12 + length;
    if (end > b.length) return err('unreadable');
    if (type === 'eXIf') orientation ??= exifOrientation(b.subarray(pos + 8, pos + 8 + length));
    // The kept orientation goes before the first image data, as the PNG specification asks of eXIf.
    if (type === 'IDAT' && exifAt < 0) exifAt = kept.length;
    if (PNG_KEPT.has(type)) kept.push(b.subarray(pos, end));
    pos = end;
    if (type === 'IEND') break;
  }
  if (turned(orientation)) kept.splice(exifAt < 0 ? kept.length - 1 : exifAt, 0, pngChunk('eXIf', orientationTiff(orientation)));
  return ok(concat(kept));
}

// ---------------------------------------------------------------- WebP

const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ICCP', 'ANIM', 'ANMF']);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function webpChunk(fourcc: string, data: Uint8Array): Uint8Array {
  const size = new Uint8Array([data.length & 0xff, (data.length >>> 8) & 0xff, (data.length >>> 16) & 0xff, (data.length >>> 24) & 0xff]);
  return concat([ascii(fourcc), size, data, data.length % 2 ? new Uint8Array(1) : new Uint8Array(0)]);
}

function webpWithoutMetadata(b: Uint8Array): Result<Uint8Array, MetadataProblem> {
  if (b.length < 12 || !startsWithText(b, 0, 'RIFF') || !startsWithText(b, 8, 'WEBP')) return err('unreadable');
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd > b.length) return err('unreadable');
  const kept: Uint8Array[] = [];
  let orientation: Orientation = null;
  let vp8x = -1;
  let pos = 12;
  while (pos < riffEnd) {
    if (pos + 8 > riffEnd) return err('unreadable');
    const fourcc = text(b, pos, 4);
    const size = u32le(b, pos + 4);
    const end = pos + 8 + size + (size % 2);
    if (pos + 8 + size > riffEnd) return err('unreadable');
    const data = b.subarray(pos + 8, pos + 8 + size);
    if (fourcc === 'EXIF') orientation ??= exifOrientation(data);
    if (fourcc === 'VP8X') vp8x = kept.length;
    if (WEBP_KEPT.has(fourcc)) kept.push(b.slice(pos, Math.min(end, riffEnd)));
    pos = end;
  }
  // The orientation is kept only where EXIF may be: in an extended WebP (one with VP8X).
  const exif = vp8x >= 0 && turned(orientation) ? orientation : null;
  if (vp8x >= 0) {
    const flags = kept[vp8x]!;
    flags[8] = (flags[8]! & ~(VP8X_EXIF | VP8X_XMP)) | (exif !== null ? VP8X_EXIF : 0);
  }
  // EXIF comes after the image data in an extended WebP.
  if (exif !== null) kept.push(webpChunk('EXIF', orientationTiff(exif)));
  const body = concat(kept);
  const size = body.length + 4;
  return ok(concat([ascii('RIFF'), new Uint8Array([size & 0xff, (size >>> 8) & 0xff, (size >>> 16) & 0xff, (size >>> 24) & 0xff]), ascii('WEBP'), body]));
}

// ---------------------------------------------------------------- GIF

const GIF_LOOPING = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** Where the data sub-blocks that start at `from` end (after their zero-length terminator), or -1. */
function subBlocksEnd(b: Uint8Array, from: number): number {
  let pos = from;
  while (pos < b.length) {
    const size = b[pos]!;
    pos += 1 + size;
    if (size === 0) return pos;
  }
  return -1;
}

function gifWithoutMetadata(b: Uint8Array): Result<Uint8Array, MetadataProblem> {
  if (b.length < 13 || !(startsWithText(b, 0, 'GIF87a') || startsWithText(b, 0, 'GIF89a'))) return err('unreadable');
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let pos = 13 + colourTable(b[10]!);
  if (pos > b.length) return err('unreadable');
  const kept: Uint8Array[] = [b.subarray(0, pos)];
  for (;;) {
    if (pos >= b.length) return err('unreadable');
    const introducer = b[pos]!;
    if (introducer === 0x3b) {
      kept.push(new Uint8Array([0x3b]));
      return ok(concat(kept));
    }
    if (introducer === 0x2c) {
      if (pos + 10 > b.length) return err('unreadable');
      const data = pos + 10 + colourTable(b[pos + 9]!) + 1; // the descriptor, its colour table, the LZW code size
      const end = subBlocksEnd(b, data);
      if (data > b.length || end < 0) return err('unreadable');
      kept.push(b.subarray(pos, end));
      pos = end;
      continue;
    }
    if (introducer !== 0x21 || pos + 2 > b.length) return err('unreadable');
    const label = b[pos + 1]!;
    const end = subBlocksEnd(b, pos + 2);
    if (end < 0) return err('unreadable');
    const application = label === 0xff && b[pos + 2] === 11 ? text(b, pos + 3, 11) : null;
    const keep = label === 0xf9 || label === 0x01 || (application !== null && GIF_LOOPING.has(application));
    if (keep) kept.push(b.subarray(pos, end));
    pos = end;
  }
}

// ---------------------------------------------------------------- HEIC

/** An ISO BMFF box: its type, where its content starts (after the header) and where it ends. */
interface Box {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/** The boxes from `from` to `to`; null when one runs past the end. */
function boxes(b: Uint8Array, from: number, to: number): Box[] | null {
  const found: Box[] = [];
  let pos = from;
  while (pos + 8 <= to) {
    let size = u32be(b, pos);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > to) return null;
      size = u32be(b, pos + 8) * 2 ** 32 + u32be(b, pos + 12);
      header = 16;
    } else if (size === 0) size = to - pos;
    if (size < header || pos + size > to) return null;
    found.push({ type: text(b, pos + 4, 4), start: pos + header, end: pos + size });
    pos += size;
  }
  return pos === to ? found : null;
}

/** A big-endian unsigned number of 0, 2, 4 or 8 bytes. */
const uint = (b: Uint8Array, at: number, size: number): number => (size === 0 ? 0 : size === 2 ? u16be(b, at) : size === 4 ? u32be(b, at) : u32be(b, at) * 2 ** 32 + u32be(b, at + 4));

/** The ids of the items that are metadata: Exif, and XMP (a `mime` item of type application/rdf+xml). */
function metadataItems(b: Uint8Array, iinf: Box): Set<number> | null {
  const version = b[iinf.start]!;
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  const entries = boxes(b, first, iinf.end);
  if (!entries) return null;
  const items = new Set<number>();
  for (const infe of entries.filter((e) => e.type === 'infe')) {
    const v = b[infe.start]!;
    if (v < 2) continue;
    const idSize = v === 2 ? 2 : 4;
    const at = infe.start + 4;
    if (at + idSize + 6 > infe.end) return null;
    const id = uint(b, at, idSize);
    const itemType = text(b, at + idSize + 2, 4);
    const rest = text(b, at + idSize + 6, Math.min(64, infe.end - at - idSize - 6));
    if (itemType === 'Exif' || (itemType === 'mime' && rest.split('\0')[1]?.startsWith('application/rdf+xml'))) items.add(id);
  }
  return items;
}

/** The byte ranges (absolute) of the given items, from `iloc` (file offsets) or `idat` (offsets in it). */
function itemRanges(b: Uint8Array, iloc: Box, idat: Box | undefined, wanted: Set<number>): [number, number][] | null {
  const version = b[iloc.start]!;
  let at = iloc.start + 4;
  if (at + 2 > iloc.end) return null;
  const offsetSize = b[at]! >> 4;
  const lengthSize = b[at]! & 15;
  const baseSize = b[at + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? b[at + 1]! & 15 : 0;
  at += 2;
  const count = version < 2 ? u16be(b, at) : u32be(b, at);
  at += version < 2 ? 2 : 4;
  const ranges: [number, number][] = [];
  const idSize = version < 2 ? 2 : 4;
  const methodSize = version === 1 || version === 2 ? 2 : 0;
  for (let i = 0; i < count; i++) {
    if (at + idSize + methodSize + 2 + baseSize + 2 > iloc.end) return null;
    const id = uint(b, at, idSize);
    at += idSize;
    const method = methodSize ? u16be(b, at) & 15 : 0;
    at += methodSize;
    at += 2; // data reference index
    const base = uint(b, at, baseSize);
    at += baseSize;
    const extents = u16be(b, at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = uint(b, at, offsetSize);
      const length = uint(b, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      if (at > iloc.end) return null;
      if (!wanted.has(id)) continue;
      const origin = method === 1 ? idat?.start : method === 0 ? 0 : undefined;
      if (origin === undefined) return null;
      const from = origin + base + offset;
      const to = length === 0 ? (method === 1 ? idat!.end : b.length) : from + length;
      if (to > b.length || from > to) return null;
      ranges.push([from, to]);
    }
  }
  return ranges;
}

/**
 * A HEIC photo (an iPhone's) without its Exif and XMP items: their bytes are overwritten with zeros
 * where they lie, so every offset in the file stays right and the picture is untouched. Its
 * orientation is not in Exif but in the image's own `irot`/`imir` properties, which stay.
 */
function heicWithoutMetadata(b: Uint8Array): Result<Uint8Array, MetadataProblem> {
  const top = boxes(b, 0, b.length);
  const meta = top?.find((box) => box.type === 'meta');
  if (!top || !meta) return err('unreadable');
  const inside = boxes(b, meta.start + 4, meta.end);
  const iinf = inside?.find((box) => box.type === 'iinf');
  const iloc = inside?.find((box) => box.type === 'iloc');
  if (!inside || !iinf || !iloc) return err('unreadable');
  const items = metadataItems(b, iinf);
  const ranges = items && itemRanges(b, iloc, inside.find((box) => box.type === 'idat'), items);
  if (!ranges) return err('unreadable');
  const out = b.slice();
  for (const [from, to] of ranges) out.fill(0, from, to);
  return ok(out);
}

// ---------------------------------------------------------------- all of them

/** The types of file whose metadata is taken out when stored: the web images, and HEIC among attachments. */
export const isPicture = (type: string): type is ImageType | 'image/heic' => isImageType(type) || type === 'image/heic';

/** The picture without its metadata (see above), of the type its bytes showed (sniffImageType, or sniffAttachmentType for HEIC). */
export function withoutMetadata(bytes: Uint8Array, type: ImageType | 'image/heic'): Result<Uint8Array, MetadataProblem> {
  switch (type) {
    case 'image/heic':
      return heicWithoutMetadata(bytes);
    case 'image/jpeg':
      return jpegWithoutMetadata(bytes);
    case 'image/png':
      return pngWithoutMetadata(bytes);
    case 'image/webp':
      return webpWithoutMetadata(bytes);
    case 'image/gif':
      return gifWithoutMetadata(bytes);
  }
}
