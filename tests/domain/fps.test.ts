import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, fpsPayload, parseFpsProxy } from '../../domain/payments/fps';

describe('FPS identifiers', () => {
  it('takes an FPS ID of 7 to 9 digits, full-width digits read as digits', () => {
    expect(parseFpsProxy('fpsId', ' 1234567 ')._unsafeUnwrap()).toEqual({ type: 'fpsId', value: '1234567' });
    expect(parseFpsProxy('fpsId', '１２３４５６７８９')._unsafeUnwrap().value).toBe('123456789');
    for (const bad of ['123456', '1234567890', '12345a7', '', '123 4567']) expect(parseFpsProxy('fpsId', bad)._unsafeUnwrapErr()).toEqual({ code: 'fpsIdFormat' });
  });

  it('keeps a Hong Kong mobile number as +852-XXXXXXXX, with or without +852', () => {
    expect(parseFpsProxy('mobile', '9123 4567')._unsafeUnwrap()).toEqual({ type: 'mobile', value: '+852-91234567' });
    expect(parseFpsProxy('mobile', '+852 6123-4567')._unsafeUnwrap().value).toBe('+852-61234567');
    // A landline, a toll-free number, too short, another country: not a mobile.
    for (const bad of ['2123 4567', '800 123 456', '9123456', '+86 13800138000', 'abc']) expect(parseFpsProxy('mobile', bad)._unsafeUnwrapErr()).toEqual({ code: 'fpsMobileFormat' });
  });

  it('takes a valid e-mail address', () => {
    expect(parseFpsProxy('email', ' pay@example.com.hk ')._unsafeUnwrap()).toEqual({ type: 'email', value: 'pay@example.com.hk' });
    for (const bad of ['pay@', 'pay@example', 'pay example@x.com', '@example.com', 'a@b..com']) expect(parseFpsProxy('email', bad)._unsafeUnwrapErr()).toEqual({ code: 'fpsEmailFormat' });
  });
});

describe('the FPS QR payload', () => {
  it('computes CRC-16/CCITT-FALSE (its published check value for "123456789" is 29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('writes every data object as ID, 2-digit length and value, ending with the CRC of all before it', () => {
    const payload = fpsPayload({ proxy: { type: 'fpsId', value: '1234567' }, amount: 123450, merchantName: 'Clean Co Ltd', reference: 'INV-2026-0001' });
    expect(payload).toBe(
      '000201' +
        '010212' +
        '2627' + '0012hk.com.hkicl' + '02071234567' +
        '52040000' +
        '5303344' +
        '54071234.50' +
        '5802HK' +
        '5912Clean Co Ltd' +
        '6002HK' +
        '6217' + '0513INV-2026-0001' +
        '6304' +
        // Python's binascii.crc_hqx(text, 0xFFFF) (the same CRC, written independently) gives FFC4.
        'FFC4',
    );
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
  });

  it('puts a mobile under 03 and an e-mail under 04', () => {
    expect(fpsPayload({ proxy: { type: 'mobile', value: '+852-91234567' }, amount: 100, merchantName: 'A', reference: 'R' })).toContain('2633' + '0012hk.com.hkicl' + '0313+852-91234567');
    expect(fpsPayload({ proxy: { type: 'email', value: 'pay@example.com' }, amount: 100, merchantName: 'A', reference: 'R' })).toContain('0415pay@example.com');
  });

  it('makes a static code (11, no amount) for nothing to pay, and says "NA" for a name in Chinese only', () => {
    const payload = fpsPayload({ proxy: { type: 'fpsId', value: '1234567' }, amount: 0, merchantName: '潔淨公司', reference: '' });
    expect(payload.startsWith('000201010211')).toBe(true);
    expect(payload).not.toContain('5407');
    expect(payload).toContain('5902NA');
    expect(payload).toMatch(/6002HK6304[0-9A-F]{4}$/);
  });

  it('keeps the merchant name and reference within 25 characters', () => {
    const payload = fpsPayload({ proxy: { type: 'fpsId', value: '1234567' }, amount: 1, merchantName: 'A very long company name that goes on', reference: 'R'.repeat(30) });
    expect(payload).toContain('5924A very long company name6002');
    expect(payload).toContain('6229' + '0525' + 'R'.repeat(25));
    expect(payload).toContain('54040.01');
  });
});
