/**
 * The size a photo is sent at (issue 22): its long edge at most 1,600 pixels, never enlarged, the
 * proportions kept; as JPEG, at the first quality of JPEG_QUALITIES that comes under PHOTO_BUDGET
 * bytes (the last one otherwise). Pure: the canvas adapter (infrastructure/images) does the drawing.
 */
export const MAX_PHOTO_EDGE = 1600;
/** What a photo should weigh at most on mobile data, typically. */
export const PHOTO_BUDGET = 500 * 1024;
export const JPEG_QUALITIES = [0.82, 0.7, 0.55] as const;

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/** The pixel size a photo of `width`×`height` is drawn at: the long edge at most `maxEdge`, never larger, at least 1×1. */
export function photoTarget(width: number, height: number, maxEdge = MAX_PHOTO_EDGE): PixelSize {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const scale = Math.min(1, maxEdge / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** The JPEG quality to try after `tried` bytes at `quality` were too many, or null to keep what was made. */
export function nextQuality(quality: number, bytes: number, budget = PHOTO_BUDGET): number | null {
  if (bytes <= budget) return null;
  const next = JPEG_QUALITIES.find((q) => q < quality);
  return next ?? null;
}
