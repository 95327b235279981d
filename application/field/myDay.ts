import type { ShownStatus } from '../../domain/appointments/status';
import { addDays, type IsoDate } from '../../domain/time/dates';
import type { CalendarEvent, Named } from '../appointments/appointment';

/** How many days "My day" shows: today and the six days after it. */
export const MY_DAY_DAYS = 7;

/** One visit of the worker's list: when, whom, where, how it stands, and where a tap takes them. */
export interface DayVisit {
  readonly key: string;
  /** "HH:MM–HH:MM" in Hong Kong time, or null for an all-day visit. */
  readonly time: string | null;
  readonly client: Named | null;
  readonly area: Named | null;
  readonly status: ShownStatus;
  readonly href: string;
}

/** A day of the list: today first (shown even when empty), then the next days that have visits. */
export interface VisitDay {
  readonly date: IsoDate;
  /** Today, tomorrow, or a later day. */
  readonly when: 'today' | 'tomorrow' | 'later';
  readonly visits: readonly DayVisit[];
}

/**
 * My day as loaded: its days, and whether the days after tomorrow could not be had. Today's and
 * tomorrow's come apart from the later ones, so the phone keeps those two days for offline use and no
 * more (issue 31 item 9): offline, the later days are said to be missing instead of shown.
 */
export interface MyDayList {
  readonly days: readonly VisitDay[];
  readonly laterMissing: boolean;
}

/** The 'HH:MM' of a time the server gives in Hong Kong time ('2026-11-26T09:30:00+08:00'). */
const clock = (iso: string) => iso.slice(11, 16);

/**
 * The worker's days from `today`: each day's visits in order (all-day ones first, then by start,
 * then by client), today always first, the later days only when they have visits. Visits before
 * today or past the last day are left out.
 */
export function myDay(events: readonly CalendarEvent[], today: IsoDate, days = MY_DAY_DAYS): VisitDay[] {
  const last = addDays(today, days - 1);
  const byDay = new Map<IsoDate, CalendarEvent[]>();
  for (const event of events) {
    if (event.date < today || event.date > last) continue;
    (byDay.get(event.date) ?? byDay.set(event.date, []).get(event.date)!).push(event);
  }
  const order = (a: CalendarEvent, b: CalendarEvent) =>
    Number(b.allDay) - Number(a.allDay) || (a.allDay ? 0 : a.start.localeCompare(b.start)) || (a.client?.nameEn ?? '').localeCompare(b.client?.nameEn ?? '') || a.appointmentId - b.appointmentId;
  const out: VisitDay[] = [];
  for (let date = today, i = 0; i < days; date = addDays(date, 1), i++) {
    const visits = (byDay.get(date) ?? []).sort(order).map(
      (e): DayVisit => ({
        key: e.id,
        time: e.allDay ? null : `${clock(e.start)}–${clock(e.end)}`,
        client: e.client,
        area: e.area,
        status: e.shownStatus,
        href: `/calendar/appointment/${e.appointmentId}?date=${e.date}`,
      }),
    );
    if (i === 0 || visits.length > 0) out.push({ date, when: i === 0 ? 'today' : i === 1 ? 'tomorrow' : 'later', visits });
  }
  return out;
}
