/** Relative luminance of an sRGB colour (#rrggbb), as WCAG defines it. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white text, whichever reads better on a worker's calendar colour: for any colour the
 * better of the two keeps at least 4.5:1 (WCAG AA), so chosen colours never make events unreadable.
 */
export function textColorFor(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** The colour of events whose worker has none. */
export const DEFAULT_EVENT_COLOR = '#1d4ed8';
