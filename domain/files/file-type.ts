import { sniffImageType, IMAGE_EXTENSIONS } from './image-type';

/** The kinds of file an attachment may be, each recognised by its content. */
export type AttachmentType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'image/heic'
  | 'application/pdf'
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ATTACHMENT_EXTENSIONS: Readonly<Record<AttachmentType, string>> = {
  ...IMAGE_EXTENSIONS,
  'image/heic': 'heic',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/**
 * What an uploaded file is, judged by its bytes and never by its name: web images, HEIC photos
 * (iPhone), PDF, and Word/Excel documents (a ZIP whose parts are Word's or Excel's). Anything else
 * (scripts, executables, HTML, SVG, old binary Office files) is null and refused.
 */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(bytes, 4, 8) === 'ftyp' && ['heic', 'heix', 'mif1', 'msf1'].includes(ascii(bytes, 8, 12))) return 'image/heic';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    // Office Open XML: part names are stored in clear in the ZIP's local headers.
    const head = ascii(bytes, 0, Math.min(bytes.length, 64 * 1024));
    if (!head.includes('[Content_Types].xml')) return null;
    if (head.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (head.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  }
  return null;
}
