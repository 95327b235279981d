import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, APPOINTMENT_TRANSITIONS, checkStatusTransition, isFinal } from '../../domain/appointments/status';
import { editOne, expand, firstDate, fromRRule, nthWeekdayOfMonth, recurrenceFor, seriesDates, splitAt, toRRule, type Recurrence, type Series } from '../../domain/appointments/recurrence';
import { addDays } from '../../domain/time/dates';

const series = (overrides: Partial<Series> & { recurrence: Recurrence }): Series => ({
  startDate: '2026-01-31',
  startMinute: 9 * 60 + 30,
  durationMinutes: 90,
  allDay: false,
  end: { kind: 'never' },
  exceptions: [],
  ...overrides,
});

const dates = (s: Series, from = '2020-01-01', to = '2030-12-31') => expand(s, from, to).map((o) => o.date);

describe('appointment statuses', () => {
  it('lets a finished visit go through auditing before audited', () => {
    expect(checkStatusTransition('in_progress', 'ended').isOk()).toBe(true);
    expect(checkStatusTransition('ended', 'auditing').isOk()).toBe(true);
    expect(checkStatusTransition('auditing', 'audited').isOk()).toBe(true);
    expect(checkStatusTransition('ended', 'audited')._unsafeUnwrapErr()).toEqual({ code: 'statusTransition', from: 'ended', to: 'audited' });
  });

  it('sends a visit needing another look to pending recheck and back into progress', () => {
    expect(checkStatusTransition('auditing', 'pending_recheck').isOk()).toBe(true);
    expect(checkStatusTransition('pending_recheck', 'in_progress').isOk()).toBe(true);
  });

  it('puts on hold and resumes, cancels before the work is done, and never leaves audited or canceled', () => {
    expect(checkStatusTransition('in_progress', 'on_hold').isOk()).toBe(true);
    expect(checkStatusTransition('on_hold', 'in_progress').isOk()).toBe(true);
    expect(checkStatusTransition('on_hold', 'canceled').isOk()).toBe(true);
    expect(checkStatusTransition('ended', 'canceled').isErr()).toBe(true);
    expect(APPOINTMENT_STATUSES.filter(isFinal)).toEqual(['audited', 'canceled']);
    for (const to of APPOINTMENT_STATUSES) {
      expect(checkStatusTransition('audited', to).isErr()).toBe(true);
      expect(checkStatusTransition('canceled', to).isErr()).toBe(true);
    }
  });

  it('can reach audited from the start', () => {
    const reachable = new Set(['in_progress']);
    for (let i = 0; i < APPOINTMENT_STATUSES.length; i++) for (const s of [...reachable]) for (const t of APPOINTMENT_TRANSITIONS[s as never] as readonly string[]) reachable.add(t);
    expect(reachable).toEqual(new Set(APPOINTMENT_STATUSES));
  });
});

describe('recurrence', () => {
  it('happens once', () => {
    expect(dates(series({ recurrence: { freq: 'once' } }))).toEqual(['2026-01-31']);
  });

  it('repeats daily, weekly and every other week', () => {
    expect(dates(series({ recurrence: { freq: 'daily' }, end: { kind: 'count', count: 3 } }))).toEqual(['2026-01-31', '2026-02-01', '2026-02-02']);
    expect(dates(series({ recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 3 } }))).toEqual(['2026-01-31', '2026-02-07', '2026-02-14']);
    expect(dates(series({ recurrence: { freq: 'biweekly' }, end: { kind: 'count', count: 3 } }))).toEqual(['2026-01-31', '2026-02-14', '2026-02-28']);
  });

  it('on the 31st falls on the last day of shorter months and comes back to the 31st (the month-end rule)', () => {
    const s = series({ recurrence: recurrenceFor('monthly', '2026-01-31'), end: { kind: 'count', count: 5 } });
    expect(dates(s)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(dates(series({ startDate: '2027-12-31', recurrence: recurrenceFor('monthly', '2027-12-31'), end: { kind: 'count', count: 3 } }))).toEqual(['2027-12-31', '2028-01-31', '2028-02-29']);
  });

  it('yearly on 29 February falls on 28 February in other years', () => {
    const s = series({ startDate: '2028-02-29', recurrence: recurrenceFor('yearly', '2028-02-29'), end: { kind: 'count', count: 5 } });
    expect(dates(s, '2028-01-01', '2033-01-01')).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('finds a specified week of the month: the second Tuesday, the last Friday', () => {
    expect(nthWeekdayOfMonth(2026, 11, 2, 2)).toBe('2026-11-10');
    expect(nthWeekdayOfMonth(2026, 11, -1, 5)).toBe('2026-11-27');
    const lastFriday = series({ startDate: '2026-11-28', recurrence: { freq: 'monthly_weekday', week: -1, weekday: 5 }, end: { kind: 'count', count: 3 } });
    expect(dates(lastFriday)).toEqual(['2026-12-25', '2027-01-29', '2027-02-26']);
  });

  it('ends on a date, or after a number of visits', () => {
    expect(dates(series({ recurrence: { freq: 'weekly' }, end: { kind: 'until', until: '2026-02-14' } }))).toEqual(['2026-01-31', '2026-02-07', '2026-02-14']);
    expect(dates(series({ recurrence: { freq: 'weekly' }, end: { kind: 'until', until: '2026-02-13' } }))).toEqual(['2026-01-31', '2026-02-07']);
  });

  it('gives times in Hong Kong (UTC+08:00) and all-day visits the whole day', () => {
    const [first] = expand(series({ recurrence: { freq: 'once' } }), '2026-01-01', '2026-12-31');
    expect(first?.start.toISOString()).toBe('2026-01-31T01:30:00.000Z');
    expect(first?.end.toISOString()).toBe('2026-01-31T03:00:00.000Z');
    const [allDay] = expand(series({ recurrence: { freq: 'once' }, allDay: true }), '2026-01-01', '2026-12-31');
    expect(allDay?.start.toISOString()).toBe('2026-01-30T16:00:00.000Z');
  });

  it('flags the visits that fall on a holiday', () => {
    const s = series({ startDate: '2026-12-24', recurrence: { freq: 'daily' }, end: { kind: 'count', count: 3 } });
    expect(expand(s, '2026-12-01', '2026-12-31', new Set(['2026-12-25'])).map((o) => [o.date, o.onHoliday])).toEqual([
      ['2026-12-24', false],
      ['2026-12-25', true],
      ['2026-12-26', false],
    ]);
  });

  it('"this one only" takes the day out of the series and makes it a visit of its own', () => {
    const s = series({ recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 4 } });
    const { series: rest, single } = editOne(s, '2026-02-07', { startMinute: 14 * 60 })._unsafeUnwrap();
    expect(dates(rest)).toEqual(['2026-01-31', '2026-02-14', '2026-02-21']);
    expect(dates(single)).toEqual(['2026-02-07']);
    expect(single.startMinute).toBe(14 * 60);
    expect(editOne(s, '2026-02-08')._unsafeUnwrapErr().code).toBe('notAnOccurrence');
  });

  it('"this and future ones" ends the series before the day and starts a changed one there', () => {
    const s = series({ recurrence: recurrenceFor('monthly', '2026-01-31'), end: { kind: 'count', count: 6 } });
    const { before, after } = splitAt(s, '2026-04-30', { startMinute: 15 * 60 })._unsafeUnwrap();
    expect(dates(before)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(dates(after)).toEqual(['2026-04-30', '2026-05-31', '2026-06-30']);
    expect(after.startMinute).toBe(15 * 60);
    expect(splitAt(s, '2026-01-31')._unsafeUnwrapErr().code).toBe('firstOccurrence');
  });

  it('maps to RRULE text and back', () => {
    const s = series({ recurrence: { freq: 'monthly_weekday', week: 2, weekday: 2 }, end: { kind: 'count', count: 10 }, exceptions: ['2026-03-10'] });
    // DTSTART is the first visit (RFC 5545 §3.8.5.3): the 2nd Tuesday on or after Saturday 31 January.
    expect(toRRule(s)).toBe('DTSTART;TZID=Asia/Hong_Kong:20260210T093000\nRRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=10\nEXDATE;TZID=Asia/Hong_Kong:20260310T093000');
    expect(toRRule(series({ recurrence: recurrenceFor('monthly', '2026-01-31') }))).toContain('RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1');
    expect(fromRRule(toRRule(s), 90)._unsafeUnwrap()).toEqual({ ...s, startDate: '2026-02-10' });
    expect(fromRRule('DTSTART:20260101T000000\nRRULE:FREQ=HOURLY', 60)._unsafeUnwrapErr().code).toBe('rruleUnsupported');
  });

  const arbitrarySeries = fc
    .record({
      offset: fc.integer({ min: 0, max: 3000 }),
      freq: fc.constantFrom('once', 'daily', 'weekly', 'biweekly', 'monthly', 'yearly', 'monthly_weekday'),
      week: fc.constantFrom(1, 2, 3, 4, -1),
      minute: fc.integer({ min: 0, max: 1439 }),
      allDay: fc.boolean(),
      end: fc.oneof(fc.record({ kind: fc.constant('count' as const), count: fc.integer({ min: 1, max: 40 }) }), fc.record({ kind: fc.constant('until' as const), days: fc.integer({ min: 0, max: 800 }) }), fc.constant({ kind: 'never' as const })),
    })
    .map(({ offset, freq, week, minute, allDay, end }): Series => {
      const startDate = addDays('2024-01-01', offset);
      return {
        startDate,
        startMinute: allDay ? 0 : minute,
        durationMinutes: 60,
        allDay,
        recurrence: recurrenceFor(freq, startDate, week),
        end: end.kind === 'until' ? { kind: 'until', until: addDays(startDate, end.days) } : end,
        exceptions: [],
      };
    });

  it('only ever gives visits inside the asked range, in order', () => {
    fc.assert(
      fc.property(arbitrarySeries, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 }), (s, startOffset, length) => {
        const from = addDays('2024-01-01', startOffset);
        const to = addDays(from, length);
        const found = dates(s, from, to);
        expect(found.every((d) => d >= from && d <= to)).toBe(true);
        expect([...found].sort()).toEqual(found);
        expect(new Set(found).size).toBe(found.length);
      }),
      { numRuns: 500 },
    );
  });

  it('gives exactly N visits for a series of N', () => {
    fc.assert(
      fc.property(arbitrarySeries, fc.integer({ min: 1, max: 40 }), (s, count) => {
        const counted = { ...s, end: { kind: 'count' as const, count } };
        expect(dates(counted, '2000-01-01', '2200-12-31')).toHaveLength(s.recurrence.freq === 'once' ? 1 : count);
      }),
      { numRuns: 300 },
    );
  });

  it('splits into two series that together give exactly the original visits', () => {
    fc.assert(
      fc.property(arbitrarySeries, fc.integer({ min: 1, max: 30 }), (s, at) => {
        const all: string[] = [];
        for (const entry of seriesDates(s)) {
          all.push(entry.date);
          if (all.length >= 60) break;
        }
        const target = all[at];
        fc.pre(target !== undefined);
        const { before, after } = splitAt(s, target)._unsafeUnwrap();
        const horizon = all[all.length - 1]!;
        expect([...dates(before, '2000-01-01', horizon), ...dates(after, '2000-01-01', horizon)]).toEqual(dates(s, '2000-01-01', horizon));
      }),
      { numRuns: 500 },
    );
  });

  it('survives the trip to RRULE text and back', () => {
    fc.assert(
      fc.property(arbitrarySeries, (s) => {
        // The text starts at the first visit, so the series read back starts there too.
        const read = { ...s, startDate: firstDate(s) ?? s.startDate };
        expect(fromRRule(toRRule(s), s.durationMinutes)._unsafeUnwrap()).toEqual(s.recurrence.freq === 'once' ? { ...read, end: { kind: 'count', count: 1 } } : read);
      }),
      { numRuns: 2000 },
    );
  });
});
