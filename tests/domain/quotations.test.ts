import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractVisitDates } from '../../domain/quotations/quotation';
import { addMonths, daysBetween, isIsoDate } from '../../domain/time/dates';

describe('months later', () => {
  it('keeps the day, or takes the last day of a shorter month, and returns to the day after', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('always gives a real date in the right month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: -36, max: 36 }), (y, m, d, n) => {
        const start = `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d, 28)).padStart(2, '0')}`;
        const later = addMonths(start, n);
        const months = (Number(later.slice(0, 4)) - y) * 12 + (Number(later.slice(5, 7)) - m);
        return isIsoDate(later) && months === n;
      }),
    );
  });
});

describe('a contract’s planned visits', () => {
  it('plans a monthly visit for a year: twelve dates on the start day', () => {
    const dates = contractVisitDates({ periodStart: '2026-12-01', periodEnd: '2027-11-30', frequency: 'monthly' });
    expect(dates).toHaveLength(12);
    expect(dates[0]).toBe('2026-12-01');
    expect(dates[11]).toBe('2027-11-01');
  });

  it('counts the last day of the period in, and a month-end start clamps then returns', () => {
    expect(contractVisitDates({ periodStart: '2026-01-31', periodEnd: '2026-04-30', frequency: 'monthly' })).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(contractVisitDates({ periodStart: '2026-11-02', periodEnd: '2026-11-30', frequency: 'weekly' })).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
  });

  it('spaces weekly and biweekly visits evenly, and plans nothing for a backwards period', () => {
    const biweekly = contractVisitDates({ periodStart: '2026-01-05', periodEnd: '2026-12-31', frequency: 'biweekly' });
    expect(biweekly.slice(1).every((d, i) => daysBetween(biweekly[i]!, d) === 14)).toBe(true);
    expect(contractVisitDates({ periodStart: '2026-01-05', periodEnd: '2026-01-04', frequency: 'weekly' })).toEqual([]);
    expect(contractVisitDates({ periodStart: '2026-01-01', periodEnd: '2027-12-31', frequency: 'quarterly' })).toHaveLength(8);
    expect(contractVisitDates({ periodStart: '2026-01-01', periodEnd: '2026-12-31', frequency: 'half_yearly' })).toEqual(['2026-01-01', '2026-07-01']);
    expect(contractVisitDates({ periodStart: '2026-02-28', periodEnd: '2030-02-28', frequency: 'yearly' })).toHaveLength(5);
  });
});
