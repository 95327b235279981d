import { describe, expect, it } from 'vitest';
import { hkidCheckDigit, maskHkid, parseHkid } from '../../domain/hk/hkid';

describe('HKID', () => {
  it('accepts the textbook example A123456(3) however it is typed', () => {
    for (const typed of ['A123456(3)', 'a123456(3)', 'A1234563', ' A 123456 (3) ']) {
      const result = parseHkid(typed);
      expect(result.isOk() && result.value.value).toBe('A123456(3)');
    }
  });

  it('computes the check digit, including "A" for 10 and two-letter prefixes', () => {
    expect(hkidCheckDigit('A', '123456')).toBe('3');
    // Every check digit 0-9 and A occurs for some number, and parse agrees with the computation.
    const seen = new Set<string>();
    for (let n = 100000; n < 100200; n++) {
      const digit = hkidCheckDigit('Z', String(n));
      seen.add(digit);
      expect(parseHkid(`Z${n}(${digit})`).isOk()).toBe(true);
    }
    expect(seen).toEqual(new Set(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A']));
    const two = hkidCheckDigit('XA', '123456');
    expect(parseHkid(`XA123456(${two})`).isOk()).toBe(true);
  });

  it('refuses a wrong check digit and a wrong shape, each with its own code', () => {
    const wrong = parseHkid('A123456(4)');
    expect(wrong.isErr() && wrong.error.code).toBe('hkidCheckDigit');
    for (const typed of ['', '123456(3)', 'ABC123456(3)', 'A12345(3)', 'A1234567(3)', 'A123456(B)']) {
      const result = parseHkid(typed);
      expect(result.isErr() && result.error.code).toBe('hkidFormat');
    }
  });

  it('refuses a check digit with only one of its brackets', () => {
    for (const typed of ['A123456(3', 'A1234563)', 'A123456((3)', 'A123456(3))', 'A123456)3(', 'A123456()3']) {
      const result = parseHkid(typed);
      expect(result.isErr() && result.error.code, typed).toBe('hkidFormat');
    }
  });

  it('reads an HKID typed in full-width letters, digits and brackets, as a Chinese input method gives them', () => {
    for (const typed of ['Ａ１２３４５６（３）', 'ａ１２３４５６（３）', 'Ａ１２３４５６３', 'Ａ　１２３４５６　（３）', 'A１２３456(３)']) {
      const result = parseHkid(typed);
      expect(result.isOk() && result.value.value, typed).toBe('A123456(3)');
    }
    expect(parseHkid('ＡＢ９８７６５４（３）')._unsafeUnwrap().value).toBe('AB987654(3)');
    expect(parseHkid('Ａ１２３４５６（３')._unsafeUnwrapErr().code).toBe('hkidFormat');
    expect(parseHkid('Ａ１２３４５６（４）')._unsafeUnwrapErr().code).toBe('hkidCheckDigit');
  });

  it('masks the last three digits and the check digit', () => {
    const hkid = parseHkid('A123456(3)');
    expect(hkid.isOk() && maskHkid(hkid.value)).toBe('A123***(*)');
  });
});

describe('HKID check digits worked out by hand', () => {
  // Two letters: values × 9 … 2 with no leading 36. AB987654: 10×9 + 11×8 + 9×7 + 8×6 + 7×5 + 6×4 + 5×3 + 4×2
  // = 371 ≡ 8 (mod 11) → 11 − 8 = 3. XA000000: 33×9 + 10×8 = 377 ≡ 3 → 8.
  // One letter: 36×9 first. G123456: 324 + 16×8 + 1×7 + 2×6 + 3×5 + 4×4 + 5×3 + 6×2 = 529 ≡ 1 → 10 = "A".
  it('accepts numbers whose check digit was computed independently', () => {
    for (const valid of ['AB987654(3)', 'XA000000(8)', 'G123456(A)']) expect(parseHkid(valid).isOk(), valid).toBe(true);
  });

  it('refuses the same numbers with any other check digit', () => {
    expect(parseHkid('AB987654(4)').isErr()).toBe(true);
    expect(parseHkid('XA000000(7)').isErr()).toBe(true);
    expect(parseHkid('G123456(0)').isErr()).toBe(true);
  });
});
