import { describe, expect, it } from 'vitest';
import { checkCode, CODE_KEYS, CODE_SETTINGS } from '../../domain/settings/codes';
import { isOptionKey, OPTION_KEYS } from '../../domain/settings/options';

describe('Settings → Codes', () => {
  it('takes a prefix of 1 to 6 capital letters or digits', () => {
    for (const ok of ['Q', 'INV', 'R2026', 'ABCDEF']) expect(checkCode('invoice_prefix', ok), ok).toBe('ok');
    for (const bad of ['', 'inv', 'IN-V', 'ABCDEFG', '發票']) expect(checkCode('invoice_prefix', bad), bad).toBe('codePrefix');
  });

  it('takes a whole number within the code’s range, both ends included', () => {
    expect(checkCode('quotation_valid_days', '1')).toBe('ok');
    expect(checkCode('quotation_valid_days', '365')).toBe('ok');
    expect(checkCode('payment_terms_days', '0')).toBe('ok');
    for (const bad of ['0', '366', '3.5', '-1', '', 'thirty']) expect(checkCode('quotation_valid_days', bad), bad).toBe('codeNumber');
  });

  it('has a default that passes its own check for every code', () => {
    for (const key of CODE_KEYS) expect(checkCode(key, CODE_SETTINGS[key].default), key).toBe('ok');
  });
});

describe('Settings → Options', () => {
  it('knows its keyed lists and nothing else', () => {
    expect(OPTION_KEYS).toContain('payment_method');
    expect(isOptionKey('payment_method')).toBe(true);
    expect(isOptionKey('PAYMENT_METHOD')).toBe(false);
    expect(isOptionKey(null)).toBe(false);
  });
});
