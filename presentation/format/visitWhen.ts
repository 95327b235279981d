import type { Visit } from '../../application/appointments/appointment';
import { dateText, timeText } from '../../domain/time/format';

/** When a visit is, in the interface language (Hong Kong time): 2026年12月9日星期三 下午2:30–4:00 / Wed, 9 Dec 2026 2:30 pm–4:00 pm. */
export function visitWhen(visit: Pick<Visit, 'date' | 'start' | 'end'>, allDay: boolean, language: string, allDayText: string): string {
  const date = dateText(visit.date, language, { weekday: true });
  if (allDay) return `${date} ${allDayText}`;
  return `${date} ${timeText(visit.start, language)}–${timeText(visit.end, language)}`;
}
