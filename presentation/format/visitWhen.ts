import type { Visit } from '../../application/appointments/appointment';

/** When a visit is, in the interface language (Hong Kong time). */
export function visitWhen(visit: Pick<Visit, 'date' | 'start' | 'end'>, allDay: boolean, language: string, allDayText: string): string {
  const locale = language === 'en' ? 'en-HK' : 'zh-HK';
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'Asia/Hong_Kong' }).format(new Date(`${visit.date}T12:00:00+08:00`));
  if (allDay) return `${date} ${allDayText}`;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'Asia/Hong_Kong' });
  return `${date} ${time.format(new Date(visit.start))}–${time.format(new Date(visit.end))}`;
}

