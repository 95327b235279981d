import { errAsync, ResultAsync } from 'neverthrow';
import { JPEG_QUALITIES, type PixelSize } from '../../application/field/photoSize';
import type { ImageResizer, UnreadableImage } from '../../application/ports/ImageResizer';

/**
 * Makes a photo smaller in the browser: decoded with createImageBitmap (which applies the camera's
 * orientation), drawn on a canvas at the size the use-case gives, encoded as JPEG at lower qualities
 * until it is small enough. `makeCanvas` is passed in so a test can give its own.
 */
export class CanvasImageResizer implements ImageResizer {
  constructor(private readonly makeCanvas: (size: PixelSize) => HTMLCanvasElement = (size) => Object.assign(document.createElement('canvas'), size)) {}

  shrink(photo: Blob, name: string, target: (size: PixelSize) => PixelSize, quality: (tried: number, bytes: number) => number | null): ResultAsync<Blob, UnreadableImage> {
    const unreadable = (): UnreadableImage => ({ code: 'unreadableImage', name });
    if (typeof createImageBitmap !== 'function') return errAsync(unreadable());
    return ResultAsync.fromPromise(createImageBitmap(photo, { imageOrientation: 'from-image' }), unreadable).andThen((bitmap) =>
      ResultAsync.fromPromise(
        (async () => {
          const size = target({ width: bitmap.width, height: bitmap.height });
          const canvas = this.makeCanvas(size);
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2d context');
          context.drawImage(bitmap, 0, 0, size.width, size.height);
          bitmap.close();
          let tried: number = JPEG_QUALITIES[0];
          for (;;) {
            const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', tried));
            if (!blob) throw new Error('not encoded');
            const next = quality(tried, blob.size);
            if (next === null) return blob;
            tried = next;
          }
        })(),
        unreadable,
      ),
    );
  }
}
