import { describe, expect, it } from 'vitest';
import { addTotals, rangeSlices } from '../../server/reports/report';

describe('a long report range, a quarter at a time', () => {
  it('cuts a range into calendar quarters from its first month, the ends clipped, no day lost or repeated', () => {
    expect(rangeSlices({ from: '2023-11-24', to: '2024-06-05' })).toEqual([
      { from: '2023-11-24', to: '2024-01-31' },
      { from: '2024-02-01', to: '2024-04-30' },
      { from: '2024-05-01', to: '2024-06-05' },
    ]);
    expect(rangeSlices({ from: '2026-11-01', to: '2026-11-30' })).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    expect(rangeSlices({ from: '2026-11-23', to: '2026-11-23' })).toEqual([{ from: '2026-11-23', to: '2026-11-23' }]);
    const parts = rangeSlices({ from: '2016-12-31', to: '2026-12-30' });
    expect(parts[0]!.from).toBe('2016-12-31');
    expect(parts.at(-1)!.to).toBe('2026-12-30');
    for (let i = 1; i < parts.length; i++) {
      const dayAfter = new Date(`${parts[i - 1]!.to}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      expect(parts[i]!.from).toBe(dayAfter.toISOString().slice(0, 10));
      expect(parts[i]!.from.endsWith('-01')).toBe(true);
    }
  });

  it('adds up the totals of the parts: numbers as the database gives them, quantities per unit, other values kept', () => {
    const first = { count: '3', line_total: '1500', voided: null, label: 'x', by_unit: [{ unit: 'sqft', quantity: 250 }, { unit: null, quantity: 100 }] };
    const second = { count: '2', line_total: 700n, voided: '1', label: 'y', by_unit: [{ unit: 'visit', quantity: 200 }, { unit: 'sqft', quantity: 50 }] };
    expect(addTotals(addTotals({}, first), second)).toEqual({
      count: 5,
      line_total: 2200,
      voided: '1',
      label: 'x',
      by_unit: [{ unit: 'sqft', quantity: 300 }, { unit: null, quantity: 100 }, { unit: 'visit', quantity: 200 }],
    });
  });
});
