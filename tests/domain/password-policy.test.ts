import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_MIN_LENGTH } from '../../domain/auth/password-policy';

const rules = (password: string, confirmation = password) => {
  const result = checkPassword(password, confirmation);
  return result.isOk() ? [] : result.error.rules;
};

describe('password policy (spec §5)', () => {
  it('accepts 8 characters with an uppercase, a lowercase letter and a digit, equal to the confirmation', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(rules('Abcdefg1')).toEqual([]);
  });

  it('refuses 7 characters and accepts 8', () => {
    expect(rules('Abcdef1')).toEqual(['passwordTooShort']);
    expect(rules('Abcdefg1')).toEqual([]);
  });

  it('names each missing kind of character on its own', () => {
    expect(rules('abcdefg1')).toEqual(['passwordNeedsUppercase']);
    expect(rules('ABCDEFG1')).toEqual(['passwordNeedsLowercase']);
    expect(rules('Abcdefgh')).toEqual(['passwordNeedsDigit']);
  });

  it('judges letters by their Unicode case, so accented capitals and small letters count', () => {
    expect(rules('Élan2026x')).toEqual([]);
    expect(rules('ÉLAN2026É')).toEqual(['passwordNeedsLowercase']);
    expect(rules('élan2026é')).toEqual(['passwordNeedsUppercase']);
    expect(rules('密碼密碼密碼12')).toEqual(['passwordNeedsUppercase', 'passwordNeedsLowercase']);
  });

  it('refuses a confirmation that differs', () => {
    expect(rules('Abcdefg1', 'Abcdefg2')).toEqual(['passwordConfirmationMismatch']);
  });

  it('lists every unmet rule at once, in a stable order', () => {
    expect(rules('', 'x')).toEqual(['passwordTooShort', 'passwordNeedsUppercase', 'passwordNeedsLowercase', 'passwordNeedsDigit', 'passwordConfirmationMismatch']);
  });

  it('counts characters, not bytes or UTF-16 units, and lets Chinese count towards the length', () => {
    expect(rules('Ab1密碼密碼密')).toEqual([]);
    expect(rules('Ab1😀😀😀😀😀')).toEqual([]);
    expect(rules('Ab1😀😀😀😀')).toEqual(['passwordTooShort']);
  });
});
