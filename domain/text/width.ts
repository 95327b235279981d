/**
 * Text as a Chinese input method may type it, in its plain (half-width) form: full-width letters,
 * digits and signs (Ａ, １, （, ＋, ，) and the ideographic space become A, 1, (, +, "," and a space.
 * This is Unicode's compatibility normalisation (NFKC), which also composes accented letters. The
 * one place the parsers of phone numbers, HKIDs and amounts read typed text through.
 */
export function toHalfWidth(input: string): string {
  return input.normalize('NFKC');
}
