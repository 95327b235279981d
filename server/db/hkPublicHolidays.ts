/**
 * The years whose Hong Kong general holidays a new database is seeded with: 2026 and 2027 only.
 * Later years are not seeded (their lunar-calendar dates are fixed only when the Government gazettes
 * them): an administrator adds them in Settings → Holidays, which says so (admin.json
 * `holidays.seededYears`, which names these years; a server test checks the two agree).
 */
export const SEEDED_HOLIDAY_YEARS = [2026, 2027] as const;

/**
 * Hong Kong general holidays for 2026 and 2027 (17 a year), as seeded into a new database (the holiday
 * list is editable in Settings → Holidays). Dates follow the General Holidays Ordinance's rules (a
 * holiday on a Sunday moves to the next day) as gazetted for each year.
 */
export const HK_PUBLIC_HOLIDAYS: readonly { date: string; nameEn: string; nameZh: string }[] = [
  { date: '2026-01-01', nameEn: 'The first day of January', nameZh: '一月一日' },
  { date: '2026-02-17', nameEn: "Lunar New Year's Day", nameZh: '農曆年初一' },
  { date: '2026-02-18', nameEn: "The second day of Lunar New Year", nameZh: '農曆年初二' },
  { date: '2026-02-19', nameEn: 'The third day of Lunar New Year', nameZh: '農曆年初三' },
  { date: '2026-04-03', nameEn: 'Good Friday', nameZh: '耶穌受難節' },
  { date: '2026-04-04', nameEn: 'The day following Good Friday', nameZh: '耶穌受難節翌日' },
  { date: '2026-04-06', nameEn: 'The day following Ching Ming Festival', nameZh: '清明節翌日' },
  { date: '2026-04-07', nameEn: 'The day following Easter Monday', nameZh: '復活節星期一翌日' },
  { date: '2026-05-01', nameEn: 'Labour Day', nameZh: '勞動節' },
  { date: '2026-05-25', nameEn: "The day following the Birthday of the Buddha", nameZh: '佛誕翌日' },
  { date: '2026-06-19', nameEn: 'Tuen Ng Festival', nameZh: '端午節' },
  { date: '2026-07-01', nameEn: 'Hong Kong Special Administrative Region Establishment Day', nameZh: '香港特別行政區成立紀念日' },
  { date: '2026-09-26', nameEn: 'The day following the Chinese Mid-Autumn Festival', nameZh: '中秋節翌日' },
  { date: '2026-10-01', nameEn: 'National Day', nameZh: '國慶日' },
  { date: '2026-10-19', nameEn: 'The day following Chung Yeung Festival', nameZh: '重陽節翌日' },
  { date: '2026-12-25', nameEn: 'Christmas Day', nameZh: '聖誕節' },
  { date: '2026-12-26', nameEn: 'The first weekday after Christmas Day', nameZh: '聖誕節後第一個周日' },
  { date: '2027-01-01', nameEn: 'The first day of January', nameZh: '一月一日' },
  { date: '2027-02-06', nameEn: "Lunar New Year's Day", nameZh: '農曆年初一' },
  { date: '2027-02-08', nameEn: 'The third day of Lunar New Year', nameZh: '農曆年初三' },
  { date: '2027-02-09', nameEn: 'The fourth day of Lunar New Year', nameZh: '農曆年初四' },
  { date: '2027-03-26', nameEn: 'Good Friday', nameZh: '耶穌受難節' },
  { date: '2027-03-27', nameEn: 'The day following Good Friday', nameZh: '耶穌受難節翌日' },
  { date: '2027-03-29', nameEn: 'Easter Monday', nameZh: '復活節星期一' },
  { date: '2027-04-05', nameEn: 'Ching Ming Festival', nameZh: '清明節' },
  { date: '2027-05-01', nameEn: 'Labour Day', nameZh: '勞動節' },
  { date: '2027-05-13', nameEn: 'The Birthday of the Buddha', nameZh: '佛誕' },
  { date: '2027-06-09', nameEn: 'Tuen Ng Festival', nameZh: '端午節' },
  { date: '2027-07-01', nameEn: 'Hong Kong Special Administrative Region Establishment Day', nameZh: '香港特別行政區成立紀念日' },
  { date: '2027-09-16', nameEn: 'The day following the Chinese Mid-Autumn Festival', nameZh: '中秋節翌日' },
  { date: '2027-10-01', nameEn: 'National Day', nameZh: '國慶日' },
  { date: '2027-10-08', nameEn: 'Chung Yeung Festival', nameZh: '重陽節' },
  { date: '2027-12-25', nameEn: 'Christmas Day', nameZh: '聖誕節' },
  { date: '2027-12-27', nameEn: 'The first weekday after Christmas Day', nameZh: '聖誕節後第一個周日' },
];
