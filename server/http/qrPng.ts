import { zlibSync } from 'fflate';
import QRCode from 'qrcode';

/**
 * A QR code as a PNG image, made without Node's own modules (zlib, Buffer) so the same server runs in
 * the browser as the in-page backend: the code's modules come from `qrcode`'s portable core, and the
 * PNG is 1-bit greyscale with its pixels deflated by fflate (as the Excel exports are) — under a
 * kilobyte.
 */
export function qrPng(text: string, { scale = 6, margin = 4 }: { scale?: number; margin?: number } = {}): Uint8Array {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * margin) * scale;
  const rowBytes = Math.ceil(side / 8);
  const pixels = new Uint8Array((rowBytes + 1) * side);
  for (let y = 0; y < side; y++) {
    const row = y * (rowBytes + 1);
    // Filter type 0 (none), then white (1) everywhere but the dark modules.
    pixels.fill(0xff, row + 1, row + 1 + rowBytes);
    const my = Math.floor(y / scale) - margin;
    if (my < 0 || my >= modules.size) continue;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - margin;
      if (mx >= 0 && mx < modules.size && modules.get(my, mx)) pixels[row + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  return concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlibSync(pixels)), chunk('IEND', new Uint8Array(0))]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** A PNG chunk: length, type, data and the CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  let crc = 0xffffffff;
  for (const byte of out.subarray(4, 8 + data.length)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  view.setUint32(8 + data.length, (crc ^ 0xffffffff) >>> 0);
  return out;
}
