import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, divideRounded, lineTotal, multiplyDivideRounded, parseMoney, parseRate, percentOf, quantityToHundredths, hundredthsToDecimal, parseQuantity, rateToDecimal } from '../../domain/money/money';
import { orderFigures } from '../../domain/orders/order';

describe('rounding: half away from zero', () => {
  it('rounds .5 up and below .5 down, mirrored for negatives', () => {
    expect(divideRounded(5, 10)).toBe(1);
    expect(divideRounded(4, 10)).toBe(0);
    expect(divideRounded(15, 10)).toBe(2);
    expect(divideRounded(-5, 10)).toBe(-1);
    expect(divideRounded(-4, 10)).toBe(0);
  });

  it('is within half of the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
        expect(Math.abs(divideRounded(n, d) - n / d)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('exact beyond 2^53', () => {
  /** The rule in BigInt, as an independent reference. */
  const reference = (a: number, b: number, d: number) => {
    const n = BigInt(a) * BigInt(b);
    const abs = (x: bigint) => (x < 0n ? -x : x);
    const q = (abs(n) * 2n + abs(BigInt(d))) / (abs(BigInt(d)) * 2n);
    return Number(n < 0n !== d < 0 ? -q : q);
  };
  const amount = fc.integer({ min: -9_999_999_999, max: 9_999_999_999 });

  it('multiplies and divides exactly however large the product', () => {
    // The product of two amounts of about HK$10M is about 10^18 cents², far past 2^53.
    expect(multiplyDivideRounded(1_876_542_943, 999_999_866, 1_999_999_732)).toBe(938_271_472);
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: 1, max: 9_999_999_999 }), (a, b, d) => {
        expect(multiplyDivideRounded(a, b, d)).toBe(reference(a, b, d));
      }),
    );
  });

  it('divides a numerator near 2^53 exactly', () => {
    // 2^53 - 1 over 2 is …991.5: rounded half away from zero, not lost to the float's last bit.
    expect(divideRounded(Number.MAX_SAFE_INTEGER, 2)).toBe(4_503_599_627_370_496);
    expect(divideRounded(-Number.MAX_SAFE_INTEGER, 2)).toBe(-4_503_599_627_370_496);
  });

  it('takes rates and line totals of the largest amounts exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.integer({ min: 0, max: 10_000 }), (cents, rate) => {
        expect(percentOf(cents, rate)).toBe(reference(cents, rate, 10_000));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 9_999_999_999 }), (quantity, price) => {
        expect(lineTotal(quantity, price)).toBe(reference(quantity, price, 100));
      }),
    );
  });
});

describe('order line, subtotal, discount and total', () => {
  it('multiplies quantity by unit price, quantities with up to 2 decimals', () => {
    expect(lineTotal(quantityToHundredths(3), 12_050)).toBe(36_150);
    expect(lineTotal(quantityToHundredths(1.5), 999)).toBe(1_499); // 1498.5 rounds up
    expect(lineTotal(quantityToHundredths(0.25), 10_000)).toBe(2_500);
  });

  it('takes a percentage discount of the subtotal, rounded half away from zero', () => {
    const lines = [
      { quantity: 100, unitPrice: 12_345 },
      { quantity: 200, unitPrice: 1_000 },
    ];
    expect(orderFigures(lines, 1_000)).toEqual({ subtotal: 14_345, discount: 1_435, total: 12_910 }); // 1434.5 → 1435
    expect(orderFigures(lines, 0)).toEqual({ subtotal: 14_345, discount: 0, total: 14_345 });
    expect(orderFigures(lines, 10_000).total).toBe(0);
    expect(orderFigures([], 500)).toEqual({ subtotal: 0, discount: 0, total: 0 });
  });

  const line = fc.record({ quantity: fc.integer({ min: 1, max: 100_000 }), unitPrice: fc.integer({ min: 0, max: 10_000_000 }) });

  it('keeps total = subtotal − discount, with 0 ≤ discount ≤ subtotal, for any lines and rate', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.integer({ min: 0, max: 10_000 }), (lines, rate) => {
        const f = orderFigures(lines, rate);
        expect(f.total).toBe(f.subtotal - f.discount);
        expect(f.discount).toBeGreaterThanOrEqual(0);
        expect(f.discount).toBeLessThanOrEqual(f.subtotal);
        expect(Number.isInteger(f.total)).toBe(true);
      }),
    );
  });

  it('has a subtotal equal to the sum of its lines, whatever their order', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const sumOfLines = lines.reduce((t, l) => t + lineTotal(l.quantity, l.unitPrice), 0);
        expect(orderFigures(lines, 0).subtotal).toBe(sumOfLines);
        expect(orderFigures([...lines].reverse(), 0).subtotal).toBe(sumOfLines);
      }),
    );
  });

  it('never gives a bigger total for a bigger discount rate', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (lines, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(orderFigures(lines, high).total).toBeLessThanOrEqual(orderFigures(lines, low).total);
      }),
    );
  });

  it('takes a rate of an amount', () => {
    expect(percentOf(10_000, 550)).toBe(550);
    expect(percentOf(333, 5_000)).toBe(167);
  });
});

describe('money input', () => {
  it('reads amounts as staff type them, exactly', () => {
    expect(parseMoney('1,234.50')._unsafeUnwrap()).toBe(123_450);
    expect(parseMoney('HK$ 80')._unsafeUnwrap()).toBe(8_000);
    expect(parseMoney('$0.5')._unsafeUnwrap()).toBe(50);
    expect(parseMoney('0.1')._unsafeUnwrap()).toBe(10);
    expect(parseMoney(' 19.99 ')._unsafeUnwrap()).toBe(1_999);
  });

  it('takes thousands separators only between groups of three digits', () => {
    expect(parseMoney('1,234')._unsafeUnwrap()).toBe(123_400);
    expect(parseMoney('1,234,567.50')._unsafeUnwrap()).toBe(123_456_750);
    expect(parseMoney('HK$12,345,678.99')._unsafeUnwrap()).toBe(1_234_567_899);
    // "12,34" is not HK$1,234.00, nor an Indian-style "1,23,456", nor a trailing or doubled comma.
    for (const typed of ['12,34', '1,23,456', '1,2345', ',123', '123,', '1,,234', '1,234.5,0', '0,123', '1234,567'])
      expect(parseMoney(typed)._unsafeUnwrapErr().code, typed).toBe('moneyFormat');
  });

  it('refuses anything else, each with its reason', () => {
    expect(parseMoney('abc')._unsafeUnwrapErr().code).toBe('moneyFormat');
    expect(parseMoney('1.234')._unsafeUnwrapErr().code).toBe('moneyFormat');
    expect(parseMoney('')._unsafeUnwrapErr().code).toBe('moneyFormat');
    expect(parseMoney('-5')._unsafeUnwrapErr().code).toBe('moneyNegative');
    expect(parseMoney('123456789')._unsafeUnwrapErr().code).toBe('moneyTooLarge');
  });

  it('round-trips any amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
        expect(parseMoney(centsToDecimal(cents))._unsafeUnwrap()).toBe(cents);
      }),
    );
  });

  it('reads a percentage into basis points, 0–100%', () => {
    expect(parseRate('5.5')._unsafeUnwrap()).toBe(550);
    expect(parseRate('12.25%')._unsafeUnwrap()).toBe(1_225);
    expect(parseRate('100')._unsafeUnwrap()).toBe(10_000);
    expect(parseRate('100.01')._unsafeUnwrapErr().code).toBe('rateRange');
    expect(parseRate('5.555')._unsafeUnwrapErr().code).toBe('rateFormat');
  });

  it('writes basis points as the shortest percentage, which reads back the same', () => {
    expect(rateToDecimal(550)).toBe('5.5');
    expect(rateToDecimal(1_225)).toBe('12.25');
    expect(rateToDecimal(500)).toBe('5');
    expect(rateToDecimal(10_000)).toBe('100');
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => parseRate(rateToDecimal(bp))._unsafeUnwrap() === bp));
  });
});

describe('quantities as typed', () => {
  it('reads whole numbers and up to two decimals into hundredths, exactly', () => {
    expect(parseQuantity('2')._unsafeUnwrap()).toBe(200);
    expect(parseQuantity(' 1.5 ')._unsafeUnwrap()).toBe(150);
    expect(parseQuantity('0.25')._unsafeUnwrap()).toBe(25);
    expect(parseQuantity('10000')._unsafeUnwrap()).toBe(1_000_000);
  });

  it('takes a thousands separator only before a group of three digits', () => {
    expect(parseQuantity('1,000')._unsafeUnwrap()).toBe(100_000);
    expect(parseQuantity('10,000.00')._unsafeUnwrap()).toBe(1_000_000);
    // "1,5" is a decimal comma, not 15 visits.
    for (const typed of ['1,5', '1,00', '10,0000']) expect(parseQuantity(typed)._unsafeUnwrapErr().code, typed).toBe('quantityFormat');
  });

  it('refuses nothing, negatives, three decimals and more than 10,000', () => {
    expect(parseQuantity('0')._unsafeUnwrapErr().code).toBe('quantityRange');
    expect(parseQuantity('10000.01')._unsafeUnwrapErr().code).toBe('quantityRange');
    expect(parseQuantity('-1')._unsafeUnwrapErr().code).toBe('quantityFormat');
    expect(parseQuantity('1.255')._unsafeUnwrapErr().code).toBe('quantityFormat');
    expect(parseQuantity('abc')._unsafeUnwrapErr().code).toBe('quantityFormat');
  });

  it('writes hundredths back as people write them, and round-trips', () => {
    expect(hundredthsToDecimal(150)).toBe('1.5');
    expect(hundredthsToDecimal(200)).toBe('2');
    expect(hundredthsToDecimal(25)).toBe('0.25');
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), (h) => parseQuantity(hundredthsToDecimal(h))._unsafeUnwrap() === h));
  });
});

describe('discount bounds', () => {
  const lines = [{ quantity: 100, unitPrice: 10_000 }];

  it('never discounts more than the subtotal, even for a rate above 100%', () => {
    expect(orderFigures(lines, 12_000)).toEqual({ subtotal: 10_000, discount: 10_000, total: 0 });
  });

  it('never discounts less than nothing, even for a negative rate', () => {
    expect(orderFigures(lines, -500)).toEqual({ subtotal: 10_000, discount: 0, total: 10_000 });
  });
});
