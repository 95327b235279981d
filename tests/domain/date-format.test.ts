import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/time/dates';
import { dateRangeText, dateText, dateTimeText, monthText, timeText, weekdayText } from '../../domain/time/format';

/*
 * One way to write a date per language (issue 31, item 23), used by screens, printed documents,
 * customer pages, e-mails and report titles alike: 2026年12月9日 and 星期三 in Chinese (never 週三,
 * the browser's short zh-HK weekday), 9 Dec 2026 and Wed in English.
 */

describe('dates as people read them', () => {
  it('writes a day one way per language, with or without its weekday and year', () => {
    expect(dateText('2026-12-09', 'zh-HK')).toBe('2026年12月9日');
    expect(dateText('2026-12-09', 'en')).toBe('9 Dec 2026');
    expect(dateText('2026-12-09', 'zh-HK', { weekday: true })).toBe('2026年12月9日星期三');
    expect(dateText('2026-12-09', 'en', { weekday: true })).toBe('Wed, 9 Dec 2026');
    expect(dateText('2026-12-09', 'zh-HK', { weekday: true, year: false })).toBe('12月9日星期三');
    expect(dateText('2026-12-09', 'en', { weekday: true, year: false })).toBe('Wed, 9 Dec');
    // Any language but English is the product's default, Chinese; text that is no date stays as it is.
    expect(dateText('2026-12-09', 'fr')).toBe('2026年12月9日');
    expect(dateText('', 'en')).toBe('');
  });

  it('writes each day of the week 星期日 … 星期六 in Chinese and Sun … Sat in English, never 週', () => {
    const week = Array.from({ length: 7 }, (_, i) => addDays('2026-12-06', i));
    expect(week.map((d) => weekdayText(d, 'zh-HK'))).toEqual(['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']);
    expect(week.map((d) => weekdayText(d, 'en'))).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    for (const day of week) expect(dateText(day, 'zh-HK', { weekday: true })).not.toMatch(/週/);
  });

  it('writes a moment in Hong Kong time, whatever the machine’s zone', () => {
    expect(dateTimeText('2026-12-09T07:04:00Z', 'zh-HK')).toBe('2026年12月9日 下午3:04');
    expect(dateTimeText('2026-12-09T07:04:00Z', 'en')).toBe('9 Dec 2026, 3:04 pm');
    // 23:30 UTC is the next day in Hong Kong.
    expect(dateTimeText('2026-12-09T23:30:00Z', 'en')).toBe('10 Dec 2026, 7:30 am');
    expect(timeText('2026-12-09T01:15:00Z', 'zh-HK')).toBe('上午9:15');
    expect(dateTimeText('not a moment', 'en')).toBe('not a moment');
  });

  it('writes months and ranges the same way', () => {
    expect(monthText('2026-01', 'zh-HK')).toBe('2026年1月');
    expect(monthText('2026-01', 'en')).toBe('Jan 2026');
    expect(monthText('2026-01', 'en', { year: '2-digit' })).toBe('Jan 26');
    expect(monthText('2026-03', 'zh-HK', { year: false })).toBe('3月');
    expect(dateRangeText('2026-12-01', '2026-12-31', 'zh-HK')).toBe('2026年12月1日 – 2026年12月31日');
    expect(dateRangeText('2026-12-01', '2026-12-31', 'en')).toBe('1 Dec 2026 – 31 Dec 2026');
  });
});
