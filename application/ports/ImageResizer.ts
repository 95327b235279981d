import type { ResultAsync } from 'neverthrow';
import type { PixelSize } from '../field/photoSize';

/** A picture the resizer could not read (not an image, or one the browser cannot decode). */
export interface UnreadableImage {
  readonly code: 'unreadableImage';
  readonly name: string;
}

/**
 * Makes a photo smaller on the device before it is sent: `target` gives the pixel size for the
 * photo's own size (application/field/photoSize.ts photoTarget), `quality` the JPEG quality to try
 * after a result of some bytes (nextQuality). The result is a JPEG.
 */
export interface ImageResizer {
  shrink(photo: Blob, name: string, target: (size: PixelSize) => PixelSize, quality: (tried: number, bytes: number) => number | null): ResultAsync<Blob, UnreadableImage>;
}
