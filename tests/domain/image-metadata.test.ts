import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tiffOrientation, withoutMetadata } from '../../domain/files/imageMetadata';
import { sniffAttachmentType } from '../../domain/files/file-type';
import { sniffImageType, type ImageType } from '../../domain/files/image-type';
import {
  concat,
  contains,
  decodeJpeg,
  decodePng,
  GIF_1X1,
  HEIC_PICTURE,
  jpegOrientation,
  jpegSegment,
  phoneGif,
  phoneHeic,
  phoneJpeg,
  phonePng,
  phoneWebp,
  pngChunk,
  SECRET,
  VP8L_1X1,
  webpChunk,
} from '../support/pictures';

/** Issue 31 item 7: metadata (GPS among it) is taken out of every picture stored; the orientation stays. */

const clean = (bytes: Uint8Array, type: ImageType = sniffImageType(bytes)!) => {
  const result = withoutMetadata(bytes, type);
  if (result.isErr()) throw new Error(`unreadable ${type}`);
  return result.value;
};

const marked = (n: number) => Uint8Array.from(`META-${n}-${SECRET}`, (c) => c.charCodeAt(0));

describe('JPEG', () => {
  const phone = phoneJpeg(24, 16, 6);

  it('loses Exif (GPS, description, make), XMP, IPTC, comments and what follows the picture; keeps the pixels and the orientation', () => {
    expect(contains(phone, SECRET)).toBe(true);
    const out = clean(phone);
    expect(contains(out, SECRET)).toBe(false);
    expect(contains(out, 'PhoneMaker')).toBe(false);
    expect(contains(out, 'http://ns.adobe.com/xap')).toBe(false);
    expect(contains(out, 'Photoshop')).toBe(false);
    expect(jpegOrientation(out)).toBe(6);
    expect(out.subarray(-2)).toEqual(new Uint8Array([0xff, 0xd9]));
    const before = decodeJpeg(phone);
    const after = decodeJpeg(out);
    expect([after.width, after.height]).toEqual([24, 16]);
    expect(after.data).toEqual(before.data);
  });

  it('keeps no Exif at all when the picture is upright', () => {
    const out = clean(phoneJpeg(8, 8, 1));
    expect(jpegOrientation(out)).toBeNull();
    expect(contains(out, 'Exif')).toBe(false);
  });

  it('property: any metadata segments anywhere before the image data, and anything after it, are gone; the pixels are the same; cleaning twice changes nothing', () => {
    const base = clean(phoneJpeg(16, 16, 1));
    const pixelsOfBase = decodeJpeg(base).data;
    // The header segments of the cleaned base (everything before the first SOS), to insert among.
    const segments: Uint8Array[] = [];
    let at = 2;
    while (base[at + 1] !== 0xda) {
      const length = (base[at + 2]! << 8) | base[at + 3]!;
      segments.push(base.subarray(at, at + 2 + length));
      at += 2 + length;
    }
    const rest = base.subarray(at);
    const metadataMarker = fc.constantFrom(0xe1, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xeb, 0xec, 0xed, 0xef, 0xfe);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(metadataMarker, fc.nat({ max: segments.length }), fc.uint8Array({ maxLength: 300 })), { maxLength: 6 }),
        fc.uint8Array({ maxLength: 200 }),
        (inserted, trailing) => {
          const parts = segments.map((s) => [s]);
          parts.push([]);
          inserted.forEach(([marker, where, noise], n) => parts[where]!.unshift(jpegSegment(marker, concat([marked(n), noise]))));
          const dirty = concat([new Uint8Array([0xff, 0xd8]), ...parts.flat(), rest, trailing]);
          const out = clean(dirty);
          expect(contains(out, SECRET)).toBe(false);
          expect(out).toEqual(base);
          expect(decodeJpeg(out).data).toEqual(pixelsOfBase);
          expect(clean(out)).toEqual(out);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps each of the orientations 2–8 (an upright one, 1, needs none)', () => {
    for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) expect(jpegOrientation(clean(phoneJpeg(8, 8, orientation)))).toBe(orientation === 1 ? null : orientation);
  });
});

describe('PNG', () => {
  it('loses tEXt, iTXt, zTXt, tIME and eXIf; keeps the pixels; an upright picture gets no eXIf', () => {
    const phone = phonePng(12, 9, 1);
    expect(contains(phone, SECRET)).toBe(true);
    const out = clean(phone);
    for (const gone of [SECRET, 'tEXt', 'iTXt', 'zTXt', 'tIME', 'eXIf']) expect(contains(out, gone), gone).toBe(false);
    const after = decodePng(out);
    expect([after.width, after.height]).toEqual([12, 9]);
    expect(new Uint8Array(after.data)).toEqual(new Uint8Array(decodePng(phone).data));
  });

  it('a turned picture keeps an eXIf holding the orientation alone, before its image data, with a right CRC', () => {
    const out = clean(phonePng(6, 4, 8));
    expect(contains(out, SECRET)).toBe(false);
    expect(contains(out, 'PhoneMaker')).toBe(false);
    const exif = out.indexOf(0x65, 33); // 'e' of eXIf, after the signature and IHDR
    expect(String.fromCharCode(...out.subarray(exif, exif + 4))).toBe('eXIf');
    expect(tiffOrientation(out.subarray(exif + 4, exif + 4 + 26))).toBe(8);
    expect(exif).toBeLessThan(out.indexOf(0x49, exif + 30)); // before IDAT
    expect(decodePng(out).width).toBe(6); // pngjs checks every CRC
  });

  it('property: any text chunks anywhere after IHDR, and bytes after IEND, are gone; cleaning twice changes nothing', () => {
    const base = clean(phonePng(5, 5));
    const ihdrEnd = 8 + 25;
    const rest = base.subarray(ihdrEnd);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('tEXt', 'iTXt', 'zTXt', 'tIME', 'eXIf', 'prVt', 'zzZz'), fc.uint8Array({ maxLength: 100 })), { maxLength: 5 }), fc.uint8Array({ maxLength: 50 }), (chunks, trailing) => {
        const dirty = concat([base.subarray(0, ihdrEnd), ...chunks.map(([type, noise], n) => pngChunk(type, concat([marked(n), noise]))), rest, trailing]);
        const out = clean(dirty);
        expect(contains(out, SECRET)).toBe(false);
        expect(out).toEqual(base);
      }),
      { numRuns: 60 },
    );
  });
});

describe('GIF', () => {
  it('loses comments and application extensions but the looping one; keeps the image and its graphic control', () => {
    const phone = phoneGif();
    const out = clean(phone);
    expect(contains(out, SECRET)).toBe(false);
    expect(contains(out, 'XMP DataXMP')).toBe(false);
    expect(contains(out, 'NETSCAPE2.0')).toBe(true);
    const looping = new Uint8Array([0x21, 0xff, 11, ...Array.from('NETSCAPE2.0', (c) => c.charCodeAt(0)), 3, 1, 0, 0, 0]);
    expect(out).toEqual(concat([GIF_1X1.subarray(0, 19), looping, GIF_1X1.subarray(19)]));
    expect(clean(GIF_1X1)).toEqual(GIF_1X1);
  });
});

describe('WebP', () => {
  it('loses XMP and the EXIF but its orientation; the VP8X flags and the RIFF size follow', () => {
    const out = clean(phoneWebp(6));
    expect(contains(out, SECRET)).toBe(false);
    expect(contains(out, 'XMP ')).toBe(false);
    expect(String.fromCharCode(...out.subarray(0, 4), ...out.subarray(8, 12))).toBe('RIFFWEBP');
    expect(out[4]! | (out[5]! << 8) | (out[6]! << 16)).toBe(out.length - 8);
    expect(out[20]).toBe(0x08); // VP8X: EXIF flagged, XMP not
    expect(contains(out, concat([Uint8Array.from('VP8L', (c) => c.charCodeAt(0)), new Uint8Array([VP8L_1X1.length, 0, 0, 0]), VP8L_1X1]))).toBe(true);
    const exif = out.length - 8 - 26;
    expect(String.fromCharCode(...out.subarray(exif, exif + 4))).toBe('EXIF');
    expect(tiffOrientation(out.subarray(exif + 8))).toBe(6);
  });

  it('an upright one keeps no EXIF; a simple (VP8L only) one stays as it is', () => {
    const out = clean(phoneWebp(1));
    expect(contains(out, 'EXIF')).toBe(false);
    expect(out[20]).toBe(0);
    const simpleBody = concat([Uint8Array.from('WEBP', (c) => c.charCodeAt(0)), webpChunk('VP8L', VP8L_1X1)]);
    const simple = concat([Uint8Array.from('RIFF', (c) => c.charCodeAt(0)), new Uint8Array([simpleBody.length, 0, 0, 0]), simpleBody]);
    expect(clean(simple)).toEqual(simple);
  });
});

describe('HEIC (an attachment from an iPhone)', () => {
  it('has its Exif and XMP items zeroed where they lie; the picture, the rotation and every offset stay', () => {
    const phone = phoneHeic();
    expect(sniffAttachmentType(phone)).toBe('image/heic');
    expect(contains(phone, SECRET)).toBe(true);
    const result = withoutMetadata(phone, 'image/heic');
    expect(result.isOk()).toBe(true);
    const out = result._unsafeUnwrap();
    expect(out.length).toBe(phone.length);
    expect(contains(out, SECRET)).toBe(false);
    expect(contains(out, 'PhoneMaker')).toBe(false);
    expect(contains(out, HEIC_PICTURE)).toBe(true);
    expect(contains(out, 'irot')).toBe(true);
    // Only the metadata's bytes changed.
    const changed = out.reduce((n, byte, i) => n + (byte !== phone[i] ? 1 : 0), 0);
    expect(changed).toBeGreaterThan(0);
    expect(out.subarray(0, phone.length - 400)).toEqual(phone.subarray(0, phone.length - 400));
  });

  it('one whose boxes run past its end is unreadable', () => {
    expect(withoutMetadata(phoneHeic().subarray(0, 100), 'image/heic').isErr()).toBe(true);
  });
});

describe('a file that cannot be read to its end', () => {
  it('is unreadable rather than kept as it came: cut short, or with a chunk running past its end', () => {
    for (const [bytes, type] of [
      [phonePng(4, 4).subarray(0, 60), 'image/png'],
      [phoneGif().subarray(0, 30), 'image/gif'],
      [phoneWebp().subarray(0, 40), 'image/webp'],
      [phoneJpeg(8, 8).subarray(0, 30), 'image/jpeg'],
    ] as const)
      expect(withoutMetadata(bytes, type).isErr(), type).toBe(true);
  });

  it('property: any bytes behind a right signature give a result, never an exception', () => {
    const starts: [ImageType, number[]][] = [
      ['image/jpeg', [0xff, 0xd8]],
      ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
      ['image/gif', Array.from('GIF89a', (c) => c.charCodeAt(0))],
      ['image/webp', [0x52, 0x49, 0x46, 0x46, 0x40, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...starts), fc.uint8Array({ maxLength: 400 }), ([type, start], noise) => {
        const result = withoutMetadata(concat([new Uint8Array(start), noise]), type);
        expect(result.isOk() || result.isErr()).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
