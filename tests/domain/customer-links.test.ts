import { describe, expect, it } from 'vitest';
import { isHongKongMobile, whatsAppNumber, whatsAppUrl } from '../../domain/links/whatsapp';
import { customerMayRespond } from '../../domain/quotations/customerResponse';

describe('WhatsApp click-to-chat numbers', () => {
  it('gives a Hong Kong 8-digit number the 852 prefix, however it is written', () => {
    expect(whatsAppNumber('9123 4567')._unsafeUnwrap()).toBe('85291234567');
    expect(whatsAppNumber('6123-4567')._unsafeUnwrap()).toBe('85261234567');
    expect(whatsAppNumber('+852 9123 4567')._unsafeUnwrap()).toBe('85291234567');
    expect(whatsAppNumber('00852 9123 4567')._unsafeUnwrap()).toBe('85291234567');
    expect(whatsAppNumber('85291234567')._unsafeUnwrap()).toBe('85291234567');
  });

  it('keeps another country code given with + or 00', () => {
    expect(whatsAppNumber('+86 138 0013 8000')._unsafeUnwrap()).toBe('8613800138000');
    expect(whatsAppNumber('0044 20 7946 0958')._unsafeUnwrap()).toBe('442079460958');
  });

  it('refuses what cannot be a number: letters, too short, a landline-length number without a country code', () => {
    for (const bad of ['', 'abc', '1234', '9123 456', '12345678', '+0 1234567', '9123 4567 ext 2']) expect(whatsAppNumber(bad).isErr(), bad).toBe(true);
  });

  it('tells Hong Kong mobiles (4, 5, 6, 7, 9) from landlines (2, 3)', () => {
    expect(isHongKongMobile('9123 4567')).toBe(true);
    expect(isHongKongMobile('+852 5123 4567')).toBe(true);
    expect(isHongKongMobile('2345 6789')).toBe(false);
  });

  it('builds the wa.me address with the message URL-encoded', () => {
    expect(whatsAppUrl('9123 4567', '報價單 Q-1: https://x.test/d/ab?c=1&d')._unsafeUnwrap()).toBe(
      `https://wa.me/85291234567?text=${encodeURIComponent('報價單 Q-1: https://x.test/d/ab?c=1&d')}`,
    );
  });
});

describe('a customer answering a quotation through its link', () => {
  it('may accept or decline a sent quotation (to accepted or rejected)', () => {
    expect(customerMayRespond('sent', false, 'accepted')._unsafeUnwrap()).toBe('accepted');
    expect(customerMayRespond('sent', false, 'declined')._unsafeUnwrap()).toBe('rejected');
  });

  it('may not answer an expired, decided, converted or unsent quotation, and is told why', () => {
    expect(customerMayRespond('expired', false)._unsafeUnwrapErr().code).toBe('quotationExpired');
    expect(customerMayRespond('accepted', false)._unsafeUnwrapErr().code).toBe('quotationAlreadyAccepted');
    expect(customerMayRespond('rejected', false)._unsafeUnwrapErr().code).toBe('quotationAlreadyDeclined');
    expect(customerMayRespond('accepted', true)._unsafeUnwrapErr().code).toBe('quotationConverted');
    expect(customerMayRespond('draft', false)._unsafeUnwrapErr().code).toBe('quotationNotSent');
  });
});
