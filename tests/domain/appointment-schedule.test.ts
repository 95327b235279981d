import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findOverlaps, spansOverlap } from '../../domain/appointments/overlap';
import { checkReportComplete, checkVisitTransition, isReportEditable, type ReportContent } from '../../domain/appointments/report';
import {
  editFuture,
  expand,
  followVisits,
  hasVisits,
  lastDate,
  recurrenceFor,
  recurrenceMovedTo,
  removeFuture,
  removeOne,
  seriesDates,
  type Series,
} from '../../domain/appointments/recurrence';
import { addDays, hongKongInstant } from '../../domain/time/dates';

const weekly = (overrides: Partial<Series> = {}): Series => ({
  startDate: '2026-11-02',
  startMinute: 10 * 60,
  durationMinutes: 60,
  allDay: false,
  recurrence: { freq: 'weekly' },
  end: { kind: 'count', count: 6 },
  exceptions: [],
  ...overrides,
});
const dates = (s: Series | null) => (s ? expand(s, '2020-01-01', '2099-12-31').map((o) => o.date) : []);

describe('the last day a series can reach', () => {
  it('is the start of a single visit, the last counted visit, the last visit by the end date, or none', () => {
    expect(lastDate(weekly({ recurrence: { freq: 'once' }, end: { kind: 'never' } }))).toBe('2026-11-02');
    expect(lastDate(weekly())).toBe('2026-12-07');
    expect(lastDate(weekly({ end: { kind: 'until', until: '2026-11-20' } }))).toBe('2026-11-16');
    expect(lastDate(weekly({ end: { kind: 'never' } }))).toBeNull();
    expect(lastDate(weekly({ recurrence: recurrenceFor('monthly', '2026-01-31'), startDate: '2026-01-31', end: { kind: 'count', count: 2 } }))).toBe('2026-02-28');
  });

  it('is never before a visit the series gives (so a range query never misses one)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.constantFrom('daily', 'weekly', 'biweekly', 'monthly', 'yearly', 'monthly_weekday' as const), fc.integer({ min: 1, max: 40 }), (offset, freq, count) => {
        const start = addDays('2026-01-01', offset);
        const s = weekly({ startDate: start, recurrence: recurrenceFor(freq, start, 2), end: { kind: 'count', count } });
        const all = dates(s);
        expect(lastDate(s)).toBe(all.at(-1));
      }),
    );
  });
});

describe('"this and future" with the visits moved (editFuture)', () => {
  it('ends the old series before the day and moves the rest by the same days, keeping their number', () => {
    const s = weekly();
    const { before, after, shiftDays } = editFuture(s, '2026-11-16', { startDate: '2026-11-18', startMinute: 14 * 60, durationMinutes: 90, allDay: false })._unsafeUnwrap();
    expect(shiftDays).toBe(2);
    expect(dates(before)).toEqual(['2026-11-02', '2026-11-09']);
    expect(dates(after)).toEqual(['2026-11-18', '2026-11-25', '2026-12-02', '2026-12-09']);
    expect(after.startMinute).toBe(14 * 60);
    expect(after.durationMinutes).toBe(90);
  });

  it('from the first visit replaces the whole series', () => {
    const { before, after } = editFuture(weekly(), '2026-11-02', { startDate: '2026-11-02', startMinute: 8 * 60, durationMinutes: 30, allDay: false })._unsafeUnwrap();
    expect(before).toBeNull();
    expect(dates(after)).toEqual(dates(weekly()));
  });

  it('moves an end date and the days taken out with the visits', () => {
    const s = weekly({ end: { kind: 'until', until: '2026-12-07' }, exceptions: ['2026-11-23'] });
    const { before, after } = editFuture(s, '2026-11-16', { startDate: '2026-11-17', startMinute: 600, durationMinutes: 60, allDay: false })._unsafeUnwrap();
    expect(dates(before)).toEqual(['2026-11-02', '2026-11-09']);
    expect(dates(after)).toEqual(['2026-11-17', '2026-12-01', '2026-12-08']);
  });

  it('keeps the month-end rule when only the time changes, and follows the new day when moved', () => {
    const monthly = weekly({ startDate: '2026-01-31', recurrence: recurrenceFor('monthly', '2026-01-31'), end: { kind: 'count', count: 5 } });
    const sameDay = editFuture(monthly, '2026-02-28', { startDate: '2026-02-28', startMinute: 900, durationMinutes: 60, allDay: false })._unsafeUnwrap();
    expect(dates(sameDay.after)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(recurrenceMovedTo({ freq: 'monthly_weekday', week: 2, weekday: 2 }, '2026-11-11')).toEqual({ freq: 'monthly_weekday', week: 2, weekday: 3 });
    expect(recurrenceMovedTo({ freq: 'monthly_weekday', week: -1, weekday: 5 }, '2026-11-26')).toEqual({ freq: 'monthly_weekday', week: -1, weekday: 4 });
    // Moved to a day in the month's fifth week (Monday 30 November 2026): "the last Monday", as a fifth one is not in every month.
    expect(recurrenceMovedTo({ freq: 'monthly_weekday', week: 2, weekday: 2 }, '2026-11-30')).toEqual({ freq: 'monthly_weekday', week: -1, weekday: 1 });
  });

  it('takes a new rule and end for the run', () => {
    const { after } = editFuture(weekly(), '2026-11-16', { startDate: '2026-11-16', startMinute: 600, durationMinutes: 60, allDay: false, recurrence: { freq: 'biweekly' }, end: { kind: 'count', count: 2 } })._unsafeUnwrap();
    expect(dates(after)).toEqual(['2026-11-16', '2026-11-30']);
  });

  it('refuses a day that is not a visit', () => {
    expect(editFuture(weekly(), '2026-11-17', { startDate: '2026-11-17', startMinute: 0, durationMinutes: 60, allDay: false })._unsafeUnwrapErr()).toEqual({ code: 'notAnOccurrence' });
    expect(editFuture(weekly({ exceptions: ['2026-11-16'] }), '2026-11-16', { startDate: '2026-11-16', startMinute: 0, durationMinutes: 60, allDay: false }).isErr()).toBe(true);
  });

  it('gives back exactly as many visits as before, for any rule, day and shift', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('daily', 'weekly', 'biweekly', 'monthly', 'monthly_weekday' as const),
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 29 }),
        fc.integer({ min: -3, max: 3 }),
        (freq, count, at, shift) => {
          const s = weekly({ startDate: '2026-03-03', recurrence: recurrenceFor(freq, '2026-03-03', 1), end: { kind: 'count', count } });
          const all = dates(s);
          const day = all[at % all.length] ?? all[0]!;
          const { before, after } = editFuture(s, day, { startDate: addDays(day, shift), startMinute: 600, durationMinutes: 60, allDay: false })._unsafeUnwrap();
          expect(dates(before).length + dates(after).length).toBe(all.length);
          expect(dates(before).every((d) => d < day)).toBe(true);
        },
      ),
    );
  });

  it('lets the kept state of a future visit follow it to its new day', () => {
    const s = weekly();
    const { after } = editFuture(s, '2026-11-16', { startDate: '2026-11-18', startMinute: 600, durationMinutes: 60, allDay: false })._unsafeUnwrap();
    const moved = followVisits(s, '2026-11-16', after, ['2026-11-09', '2026-11-23', '2026-12-07']);
    expect(moved.get('2026-11-09')).toBeNull();
    expect(moved.get('2026-11-23')).toBe('2026-11-25');
    expect(moved.get('2026-12-07')).toBe('2026-12-09');
  });
});

describe('deleting visits', () => {
  it('"this one only" takes the day out; the last visit left takes the series with it', () => {
    expect(dates(removeOne(weekly(), '2026-11-09')._unsafeUnwrap())).toEqual(['2026-11-02', '2026-11-16', '2026-11-23', '2026-11-30', '2026-12-07']);
    const single = weekly({ recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } });
    expect(removeOne(single, '2026-11-02')._unsafeUnwrap()).toBeNull();
    expect(removeOne(weekly(), '2026-11-10').isErr()).toBe(true);
  });

  it('"this and future" ends the series the day before, or deletes it from the first visit', () => {
    expect(dates(removeFuture(weekly(), '2026-11-16')._unsafeUnwrap())).toEqual(['2026-11-02', '2026-11-09']);
    expect(removeFuture(weekly(), '2026-11-02')._unsafeUnwrap()).toBeNull();
    expect(removeFuture(weekly({ exceptions: ['2026-11-02'] }), '2026-11-09')._unsafeUnwrap()).toBeNull();
    expect(hasVisits(weekly({ end: { kind: 'never' }, exceptions: ['2026-11-02'] }))).toBe(true);
  });
});

describe('double-booking', () => {
  const at = (date: string, from: number, to: number) => ({ start: hongKongInstant(date, from), end: hongKongInstant(date, to) });

  it('finds visits that overlap in time; touching ends do not overlap', () => {
    expect(spansOverlap(at('2026-11-02', 600, 660), at('2026-11-02', 630, 700))).toBe(true);
    expect(spansOverlap(at('2026-11-02', 600, 660), at('2026-11-02', 660, 700))).toBe(false);
    const proposed = [{ ...at('2026-11-02', 600, 660), id: 'p1' }, { ...at('2026-11-09', 600, 660), id: 'p2' }];
    const existing = [{ ...at('2026-11-09', 0, 1440), id: 'all-day' }, { ...at('2026-11-02', 540, 601), id: 'early' }, { ...at('2026-11-03', 600, 660), id: 'other-day' }];
    expect(findOverlaps(proposed, existing).map((o) => `${o.proposed.id}/${o.existing.id}`)).toEqual(['p1/early', 'p2/all-day']);
  });
});

describe('the completed report', () => {
  const report = (overrides: Partial<ReportContent> = {}): ReportContent => ({ workDone: 'Gel bait in kitchen', findings: '', productsUsed: [], clientSigned: true, workerSigned: true, ...overrides });

  it('is complete with the work done and both signatures', () => {
    expect(checkReportComplete(report()).isOk()).toBe(true);
    expect(checkReportComplete(report({ workDone: ' ', clientSigned: false, workerSigned: false }))._unsafeUnwrapErr()).toEqual({ code: 'reportIncomplete', missing: ['workDone', 'clientSignature', 'workerSignature'] });
  });

  it('ends a visit and sends it to auditing only when complete; moves pending recheck → auditing → audited', () => {
    expect(checkVisitTransition('in_progress', 'ended', report({ clientSigned: false }))._unsafeUnwrapErr()).toEqual({ code: 'reportIncomplete', missing: ['clientSignature'] });
    expect(checkVisitTransition('in_progress', 'ended', report()).isOk()).toBe(true);
    expect(checkVisitTransition('ended', 'pending_recheck', report()).isOk()).toBe(true);
    expect(checkVisitTransition('pending_recheck', 'auditing', report()).isOk()).toBe(true);
    expect(checkVisitTransition('pending_recheck', 'auditing', report({ workDone: ' ' }))._unsafeUnwrapErr()).toEqual({ code: 'reportIncomplete', missing: ['workDone'] });
    expect(checkVisitTransition('auditing', 'audited', report()).isOk()).toBe(true);
    expect(checkVisitTransition('pending_recheck', 'audited', report())._unsafeUnwrapErr()).toEqual({ code: 'statusTransition', from: 'pending_recheck', to: 'audited' });
  });

  it('is locked once with the office or canceled', () => {
    expect(['in_progress', 'on_hold', 'ended', 'pending_recheck'].every((s) => isReportEditable(s as never))).toBe(true);
    expect(['auditing', 'audited', 'canceled'].some((s) => isReportEditable(s as never))).toBe(false);
  });
});

describe('Hong Kong times on the wire', () => {
  it('writes an instant with the +08:00 offset and reads HH:mm both ways', async () => {
    const { toHongKongIso, minuteToTime, timeToMinute } = await import('../../domain/time/dates');
    expect(toHongKongIso(hongKongInstant('2026-11-23', 9 * 60 + 30))).toBe('2026-11-23T09:30:00+08:00');
    expect(toHongKongIso(hongKongInstant('2026-11-23', 1440))).toBe('2026-11-24T00:00:00+08:00');
    expect(minuteToTime(570)).toBe('09:30');
    expect(timeToMinute('09:30')).toBe(570);
    expect(timeToMinute('24:00')).toBe(1440);
    expect(timeToMinute('24:01')).toBeNull();
    expect(timeToMinute('9:30')).toBeNull();
  });
});

describe('a week-of-month series moved to another day (issue 18)', () => {
  const lastFriday = weekly({ startDate: '2027-01-29', recurrence: { freq: 'monthly_weekday', week: -1, weekday: 5 }, end: { kind: 'count', count: 6 } });

  it('takes its ordinal from the new day: a "last Friday" dropped on Thursday 1 April becomes "1st Thursday" and keeps the visit', () => {
    expect(dates(lastFriday)).toEqual(['2027-01-29', '2027-02-26', '2027-03-26', '2027-04-30', '2027-05-28', '2027-06-25']);
    const { before, after } = editFuture(lastFriday, '2027-03-26', { startDate: '2027-04-01', startMinute: 600, durationMinutes: 60, allDay: false })._unsafeUnwrap();
    expect(after.recurrence).toEqual({ freq: 'monthly_weekday', week: 1, weekday: 4 });
    expect(dates(before)).toEqual(['2027-01-29', '2027-02-26']);
    expect(dates(after)).toEqual(['2027-04-01', '2027-05-06', '2027-06-03', '2027-07-01']);
  });

  it('counts 1st to 4th from the day of the month; a 5th is "last"; a 4th that is also the last keeps what the series said', () => {
    const second = { freq: 'monthly_weekday', week: 2, weekday: 2 } as const;
    const last = { freq: 'monthly_weekday', week: -1, weekday: 5 } as const;
    expect(recurrenceMovedTo(last, '2027-04-08')).toEqual({ freq: 'monthly_weekday', week: 2, weekday: 4 });
    expect(recurrenceMovedTo(last, '2027-04-22')).toEqual({ freq: 'monthly_weekday', week: 4, weekday: 4 }); // April 2027 has a 5th Thursday (29th)
    expect(recurrenceMovedTo(last, '2027-04-29')).toEqual({ freq: 'monthly_weekday', week: -1, weekday: 4 });
    expect(recurrenceMovedTo(second, '2027-04-29')).toEqual({ freq: 'monthly_weekday', week: -1, weekday: 4 });
    // Thursday 25 November 2027 is both the 4th and the last Thursday of its month.
    expect(recurrenceMovedTo(last, '2027-11-25')).toEqual({ freq: 'monthly_weekday', week: -1, weekday: 4 });
    expect(recurrenceMovedTo(second, '2027-11-25')).toEqual({ freq: 'monthly_weekday', week: 4, weekday: 4 });
  });

  it('always has its visit on the day it was dropped on, whatever the rule, day and shift', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.constantFrom(1, 2, 3, 4, -1 as const), fc.integer({ min: 1, max: 6 }), fc.integer({ min: -10, max: 10 }), (offset, week, at, shift) => {
        const startDate = addDays('2026-01-01', offset);
        const s = weekly({ startDate, recurrence: recurrenceFor('monthly_weekday', startDate, week), end: { kind: 'never' } });
        const day = expand(s, startDate, addDays(startDate, 400))[at]!.date;
        const { after } = editFuture(s, day, { startDate: addDays(day, shift), startMinute: 600, durationMinutes: 60, allDay: false })._unsafeUnwrap();
        expect(expand(after, '2020-01-01', '2099-12-31')[0]?.date).toBe(addDays(day, shift));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the days taken out of a series moved "this and future" (issue 18)', () => {
  it('stay out: monthly on the 31st without 30 June, 31 March moved to 28 March, gives no visit on 28 June', () => {
    const s = weekly({ startDate: '2026-01-31', recurrence: recurrenceFor('monthly', '2026-01-31'), end: { kind: 'count', count: 8 }, exceptions: ['2026-06-30'] });
    const { after } = editFuture(s, '2026-03-31', { startDate: '2026-03-28', startMinute: 600, durationMinutes: 60, allDay: false })._unsafeUnwrap();
    expect(dates(after)).toEqual(['2026-03-28', '2026-04-28', '2026-05-28', '2026-07-28', '2026-08-28']);
    expect(after.exceptions).toEqual(['2026-06-28']);
  });

  /**
   * The reporter's check, over generated cases: a series (monthly, week of month or yearly, and the
   * day-counted rules alike) with some visits deleted, one visit moved "this and future" by a few
   * days. The k-th visit from the moved one is the k-th visit of the new run: it is there exactly
   * when it was there before the move, and the new run has no visit beyond the old ones.
   */
  const cases = fc.record({
    freq: fc.constantFrom('monthly', 'monthly_weekday', 'yearly', 'monthly', 'monthly_weekday', 'yearly', 'daily', 'weekly', 'biweekly'),
    offset: fc.integer({ min: 0, max: 1500 }),
    week: fc.constantFrom(1, 2, 3, 4, -1 as const),
    end: fc.oneof(
      fc.record({ kind: fc.constant('count' as const), count: fc.integer({ min: 2, max: 24 }) }),
      fc.record({ kind: fc.constant('until' as const), days: fc.integer({ min: 40, max: 3000 }) }),
      fc.constant({ kind: 'never' as const }),
    ),
    deleted: fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { maxLength: 6 }),
    at: fc.integer({ min: 0, max: 23 }),
    shift: fc.integer({ min: -12, max: 12 }).filter((n) => n !== 0),
  });

  const first = (s: Series, n: number): string[] => {
    const out: string[] = [];
    for (const { date } of seriesDates(s)) {
      if (out.length >= n) break;
      out.push(date);
    }
    return out;
  };

  it('stay out and every other visit stays, in 600 generated cases', () => {
    fc.assert(
      fc.property(cases, ({ freq, offset, week, end, deleted, at, shift }) => {
        const startDate = addDays('2024-01-01', offset);
        const plain = weekly({ startDate, recurrence: recurrenceFor(freq, startDate, week), end: end.kind === 'until' ? { kind: 'until', until: addDays(startDate, end.days) } : end });
        const all = first(plain, 25);
        const day = all[at % Math.min(all.length, 24)]!;
        const s = { ...plain, exceptions: [...new Set(deleted.map((i) => all[i]).filter((d): d is string => d !== undefined && d !== day))].sort() };
        const { after } = editFuture(s, day, { startDate: addDays(day, shift), startMinute: 600, durationMinutes: 60, allDay: false })._unsafeUnwrap();
        // The old run from the moved visit on (all of it when the series ends within 25 visits).
        const oldRun = all.filter((d) => d >= day);
        const complete = all.length < 25;
        const newRun = first(after, complete ? oldRun.length + 1 : oldRun.length);
        expect(newRun).toHaveLength(oldRun.length);
        expect(newRun.map((d) => !after.exceptions.includes(d))).toEqual(oldRun.map((d) => !s.exceptions.includes(d)));
      }),
      { numRuns: 600 },
    );
  });
});
