import fc from 'fast-check';
import { rrulestr } from 'rrule';
import { describe, expect, it } from 'vitest';
import { expand, fromRRule, recurrenceFor, toRRule, type Series } from '../../domain/appointments/recurrence';
import { addDays, hongKongInstant } from '../../domain/time/dates';

/**
 * toRRule's text read by an independent RFC 5545 implementation (rrule.js, the one FullCalendar's
 * rrule plugin uses) must give the very visits `expand` gives: the same days, at the same instants.
 */
const byRRuleJs = (s: Series, from: string, to: string): string[] =>
  rrulestr(toRRule(s), { forceset: true })
    .between(hongKongInstant(from, 0), hongKongInstant(addDays(to, 1), 0), true)
    .filter((d) => d < hongKongInstant(addDays(to, 1), 0))
    .map((d) => d.toISOString());

const ours = (s: Series, from: string, to: string): string[] => expand(s, from, to).map((o) => o.start.toISOString());

const timed = (overrides: Partial<Series> & Pick<Series, 'recurrence'>): Series => ({
  startDate: '2026-01-31',
  startMinute: 9 * 60 + 30,
  durationMinutes: 60,
  allDay: false,
  end: { kind: 'never' },
  exceptions: [],
  ...overrides,
});

describe('RRULE text read by rrule.js', () => {
  it('keeps the visit on the last day of an UNTIL (a bare date would be read as UTC midnight)', () => {
    const s = timed({ recurrence: { freq: 'weekly' }, end: { kind: 'until', until: '2026-02-14' } });
    expect(toRRule(s)).toContain(';UNTIL=20260214T093000Z');
    expect(byRRuleJs(s, '2026-01-01', '2026-12-31')).toEqual(['2026-01-31T01:30:00.000Z', '2026-02-07T01:30:00.000Z', '2026-02-14T01:30:00.000Z']);
    expect(fromRRule(toRRule(s), 60)._unsafeUnwrap().end).toEqual({ kind: 'until', until: '2026-02-14' });
  });

  it('takes out the days excepted from a timed series (EXDATE at the visit’s own time)', () => {
    const s = timed({ recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 3 }, exceptions: ['2026-02-07'] });
    expect(byRRuleJs(s, '2026-01-01', '2026-12-31')).toEqual(['2026-01-31T01:30:00.000Z', '2026-02-14T01:30:00.000Z']);
  });

  it('keeps a late visit on the last day too (16:00 in Hong Kong is 08:00 UTC)', () => {
    const s = timed({ startDate: '2025-01-01', startMinute: 16 * 60, recurrence: { freq: 'daily' }, end: { kind: 'until', until: '2025-01-02' } });
    expect(byRRuleJs(s, '2025-01-01', '2025-12-31')).toEqual(['2025-01-01T08:00:00.000Z', '2025-01-02T08:00:00.000Z']);
  });

  it('reads a UTC UNTIL written elsewhere as the last Hong Kong day whose visit is not after it', () => {
    // 2026-02-01 17:00 UTC is 2 February 01:00 in Hong Kong, before that day's 09:30 visit.
    const text = 'DTSTART;TZID=Asia/Hong_Kong:20260131T093000\nRRULE:FREQ=DAILY;UNTIL=20260201T170000Z';
    expect(fromRRule(text, 60)._unsafeUnwrap().end).toEqual({ kind: 'until', until: '2026-02-01' });
    const endOfDay = 'DTSTART;TZID=Asia/Hong_Kong:20260131T163000\nRRULE:FREQ=DAILY;UNTIL=20260201T155959Z';
    expect(fromRRule(endOfDay, 60)._unsafeUnwrap().end).toEqual({ kind: 'until', until: '2026-02-01' });
  });

  // A single visit has no RRULE at all (only DTSTART), so it is not rrule.js's to expand.
  const timedSeries = fc
    .record({
      offset: fc.integer({ min: 0, max: 1500 }),
      freq: fc.constantFrom('daily', 'weekly', 'biweekly', 'monthly', 'yearly', 'monthly_weekday'),
      week: fc.constantFrom(1, 2, 3, 4, -1),
      minute: fc.integer({ min: 0, max: 1439 }),
      end: fc.oneof(
        fc.record({ kind: fc.constant('count' as const), count: fc.integer({ min: 1, max: 30 }) }),
        fc.record({ kind: fc.constant('until' as const), days: fc.integer({ min: 0, max: 900 }) }),
        fc.constant({ kind: 'never' as const }),
      ),
      skip: fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 3 }),
    })
    .map(({ offset, freq, week, minute, end, skip }): Series => {
      const startDate = addDays('2025-01-01', offset);
      const base: Series = {
        startDate,
        startMinute: minute,
        durationMinutes: 60,
        allDay: false,
        recurrence: recurrenceFor(freq, startDate, week),
        end: end.kind === 'until' ? { kind: 'until', until: addDays(startDate, end.days) } : end,
        exceptions: [],
      };
      const days = expand(base, startDate, addDays(startDate, 4000)).slice(0, 11).map((o) => o.date);
      return { ...base, exceptions: [...new Set(skip.map((i) => days[i]).filter((d): d is string => d !== undefined))].sort() };
    });

  it('gives the same visits as expand for any repeating timed series', () => {
    fc.assert(
      fc.property(timedSeries, fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 500 }), (s, startOffset, length) => {
        const from = addDays('2025-01-01', startOffset);
        const to = addDays(from, length);
        expect(byRRuleJs(s, from, to)).toEqual(ours(s, from, to));
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
