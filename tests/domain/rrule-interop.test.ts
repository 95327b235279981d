import fc from 'fast-check';
import { rrulestr } from 'rrule';
import { describe, expect, it } from 'vitest';
import { expand, firstDate, fromRRule, recurrenceFor, toRRule, type Series } from '../../domain/appointments/recurrence';
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

describe('RRULE text read back (issue 18)', () => {
  const at = (rule: string, start = '20260131T093000') => `DTSTART;TZID=Asia/Hong_Kong:${start}\nRRULE:${rule}`;
  const reason = (text: string) => fromRRule(text, 60).match(
    () => 'read',
    (e) => e.reason,
  );

  it('refuses, with the reason, every rule it cannot keep as it is', () => {
    // python-dateutil 2.9 gives 2 and 15 January, 2 and 15 February … for the first: two visits a month.
    expect(reason(at('FREQ=MONTHLY;BYMONTHDAY=2,15', '20260102T093000'))).toBe('monthDay');
    // … and 19 January, 16 February, 23 March … for "the 2nd last Monday".
    expect(reason(at('FREQ=MONTHLY;BYDAY=-2MO', '20260105T093000'))).toBe('byDay');
    expect(reason(at('FREQ=MONTHLY;BYDAY=5FR', '20260130T093000'))).toBe('byDay');
    // 1 June, 1 July, 1 June … : two months a year.
    expect(reason(at('FREQ=YEARLY;BYMONTH=6,7', '20260601T093000'))).toBe('month');
    // A plain 31st (or 29 February) skips the months (years) without one: 31 January, 31 March, 31 May …
    expect(reason(at('FREQ=MONTHLY'))).toBe('monthDay');
    expect(reason(at('FREQ=MONTHLY;BYMONTHDAY=31'))).toBe('monthDay');
    expect(reason(at('FREQ=YEARLY', '20240229T093000'))).toBe('monthDay');
    expect(reason(at('FREQ=MONTHLY;BYMONTHDAY=15', '20260131T093000'))).toBe('startNotOnRule');
    expect(reason(at('FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=1', '20260131T093000'))).toBe('startNotOnRule');
    expect(reason(at('FREQ=WEEKLY;BYDAY=MO,WE', '20260105T093000'))).toBe('byDay');
    expect(reason(at('FREQ=WEEKLY;INTERVAL=3'))).toBe('interval');
    expect(reason(at('FREQ=DAILY;BYHOUR=9,15'))).toBe('part');
    expect(reason(at('FREQ=DAILY;COUNT=3;UNTIL=20260301T093000Z'))).toBe('countAndUntil');
    expect(reason(at('FREQ=DAILY;COUNT=0'))).toBe('count');
    expect(reason(`${at('FREQ=DAILY')}\nRDATE;TZID=Asia/Hong_Kong:20260301T093000`)).toBe('property');
    expect(reason(`${at('FREQ=DAILY')}\nRRULE:FREQ=WEEKLY`)).toBe('property');
    expect(reason(`${at('FREQ=DAILY')}\nEXDATE;TZID=Asia/Hong_Kong:20260202T150000`)).toBe('exdate');
    expect(reason('DTSTART;TZID=Europe/London:20260131T093000\nRRULE:FREQ=DAILY')).toBe('timeZone');
    expect(reason('RRULE:FREQ=DAILY')).toBe('noStart');
    expect(fromRRule(at('FREQ=MONTHLY;BYMONTHDAY=2,15', '20260102T093000'), 60)._unsafeUnwrapErr()).toEqual({ code: 'rruleUnsupported', reason: 'monthDay', detail: 'BYMONTHDAY=2,15' });
  });

  it('reads the same rules spelt another way, as python-dateutil does', () => {
    // The last day of every month (dateutil: 31 January, 28 February, 31 March, 30 April, 31 May).
    const last = fromRRule(at('FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=5'), 60)._unsafeUnwrap();
    expect(expand(last, '2026-01-01', '2026-12-31').map((o) => o.date)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    // A folded line, two EXDATE lines and a UTC start (01:30 UTC is 09:30 in Hong Kong).
    const text = 'DTSTART:20260105T013000Z\r\nRRULE:FREQ=WEEKLY;BYDAY=MO;\r\n COUNT=4\r\nEXDATE;TZID=Asia/Hong_Kong:20260112T093000\r\nEXDATE;TZID=Asia/Hong_Kong:20260119T093000';
    const weekly = fromRRule(text, 60)._unsafeUnwrap();
    expect(weekly).toMatchObject({ startDate: '2026-01-05', startMinute: 570, recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 4 }, exceptions: ['2026-01-12', '2026-01-19'] });
    expect(expand(weekly, '2026-01-01', '2026-12-31').map((o) => o.date)).toEqual(['2026-01-05', '2026-01-26']);
  });

  /** A rule part that is most often absent. */
  const rarely = (...values: string[]) => fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.constantFrom(...values), weight: 1 });
  /** Rule texts built from parts the product can and cannot keep, all at 09:30 in Hong Kong. */
  const texts = fc
    .record({
      offset: fc.integer({ min: 0, max: 1200 }),
      monthEnd: fc.boolean(),
      freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'MONTHLY', 'MONTHLY', 'YEARLY', 'YEARLY'),
      interval: rarely('1', '2', '3'),
      byDay: rarely('own', 'MO', '1TU', '-1FR', '3own', '-1own', '-2MO', '5FR', 'MO,WE'),
      byMonthDay: rarely('own', '2,15', '-1', '31', '15', '28,29,30,31', '28,29,30', '28,29'),
      bySetPos: rarely('-1', '1'),
      byMonth: rarely('own', '6', '6,7'),
      end: fc.constantFrom('count', 'until', 'never'),
      count: fc.integer({ min: 1, max: 15 }),
      days: fc.integer({ min: 0, max: 700 }),
    })
    .map(({ offset, monthEnd, freq, interval, byDay, byMonthDay, bySetPos, byMonth, end, count, days }) => {
      let start = addDays('2025-01-01', offset);
      // Now and then the last day of a month, where the month-end rule matters.
      if (monthEnd) start = addDays(`${addDays(start, 32).slice(0, 7)}-01`, -1);
      const [, month, day] = start.split('-');
      const own = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${start}T00:00:00Z`).getUTCDay()]!;
      const parts = [
        `FREQ=${freq}`,
        interval && `INTERVAL=${interval}`,
        byDay && `BYDAY=${byDay.replace('own', own)}`,
        byMonthDay && `BYMONTHDAY=${byMonthDay === 'own' ? Number(day) : byMonthDay}`,
        bySetPos && `BYSETPOS=${bySetPos}`,
        byMonth && `BYMONTH=${byMonth === 'own' ? Number(month) : byMonth}`,
        end === 'count' ? `COUNT=${count}` : end === 'until' ? `UNTIL=${addDays(start, days).replace(/-/g, '')}T093000Z` : null,
      ];
      return { start, text: `DTSTART;TZID=Asia/Hong_Kong:${start.replace(/-/g, '')}T093000\nRRULE:${parts.filter(Boolean).join(';')}` };
    });

  const byRRuleJsText = (text: string, from: string, to: string): string[] =>
    rrulestr(text, { forceset: true })
      .between(hongKongInstant(from, 0), hongKongInstant(addDays(to, 1), 0), true)
      .filter((d) => d < hongKongInstant(addDays(to, 1), 0))
      .map((d) => d.toISOString());

  it('reads a rule only as the very visits an independent reader (rrule.js) gives, and refuses the rest', () => {
    let read = 0;
    let refused = 0;
    for (const { start, text } of fc.sample(texts, { numRuns: 300, seed: 18 })) {
      const series = fromRRule(text, 60);
      if (series.isErr()) {
        refused += 1;
        continue;
      }
      read += 1;
      const to = addDays(start, 500);
      expect({ text, visits: ours(series.value, start, to) }).toEqual({ text, visits: byRRuleJsText(text, start, to) });
    }
    // Both kinds are well represented, so the check above is not empty.
    expect(read).toBeGreaterThan(60);
    expect(refused).toBeGreaterThan(60);
  }, 60_000);

  it('starts the text at the first visit, and a series with none has no first visit', () => {
    // Typed from Friday 21 May 2027 (a 3rd Friday) as "1st Friday": the first visit is 4 June.
    const s = timed({ startDate: '2027-05-21', recurrence: recurrenceFor('monthly_weekday', '2027-05-21', 1), end: { kind: 'count', count: 3 } });
    expect(toRRule(s).split('\n')[0]).toBe('DTSTART;TZID=Asia/Hong_Kong:20270604T093000');
    expect(byRRuleJs(s, '2027-01-01', '2027-12-31')).toEqual(ours(s, '2027-01-01', '2027-12-31'));
    expect(ours(s, '2027-01-01', '2027-12-31').map((d) => d.slice(0, 10))).toEqual(['2027-06-04', '2027-07-02', '2027-08-06'].map((d) => hongKongInstant(d, 570).toISOString().slice(0, 10)));
    expect(firstDate(s)).toBe('2027-06-04');
    expect(firstDate({ ...s, end: { kind: 'until', until: '2027-05-31' } })).toBeNull();
  });
});
