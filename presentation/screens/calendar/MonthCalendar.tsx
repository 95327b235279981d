import FullCalendar, { type CalendarRef, type EventChangeInfo, type EventClickInfo, type EventInput, type EventSourceFuncInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { use, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isFinal } from '../../../domain/appointments/status';
import { hongKongDate } from '../../../domain/time/dates';
import { dateText, weekdayText } from '../../../domain/time/format';
import type { CalendarEvent, Overlap, Scope, Worker } from '../../../application/appointments/appointment';
import type { CalendarFilters } from '../../../application/appointments/AppointmentService';
import { AppointmentFlowLoader } from '../../../application/appointments/AppointmentFlowLoader';
import { calendarOffers, dayOf, movedTo, withFilter } from '../../../application/appointments/calendar';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { useProblemWords } from '../../format/problem';
import { bilingual } from '../../format/bilingual';
import { DEFAULT_EVENT_COLOR, textColorFor } from '../../format/color';
import { useAppState } from '../../hooks/useAppState';
import { useObservable } from '../../hooks/useObservable';
import { useService } from '../../services/ServicesContext';
import { OverlapWarning } from './OverlapWarning';
import { ScopeDialog } from './ScopeDialog';

interface PendingMove {
  readonly event: CalendarEvent;
  readonly next: { date: string; startTime: string; endTime: string; allDay: boolean };
  readonly revert: () => void;
}

const HOLIDAY_COLOR = '#8a1c1c';

const NAV_UNITS = ['day', 'week', 'month'] as const;
const isNavUnit = (unit: string): unit is (typeof NAV_UNITS)[number] => (NAV_UNITS as readonly string[]).includes(unit);

/** The day FullCalendar asks to be written (its marker's UTC fields are the calendar's own day). */
const dayOfFormatting = (arg: { date: { marker: Date } }) => arg.date.marker.toISOString().slice(0, 10);

/**
 * Days as the rest of the product writes them (domain/time/format.ts), in every view: the weekday
 * 星期三 / Wed (the browser's short zh-HK weekday would be 週三), a day with it 12月9日星期三 /
 * Wed, 9 Dec, a day 2026年12月9日 / 9 Dec 2026.
 */
function dayFormats(language: string) {
  const weekday = (arg: { date: { marker: Date } }) => weekdayText(dayOfFormatting(arg), language);
  const dayAndWeekday = (arg: { date: { marker: Date } }) => dateText(dayOfFormatting(arg), language, { weekday: true, year: false });
  const day = (arg: { date: { marker: Date } }) => dateText(dayOfFormatting(arg), language);
  return {
    views: {
      dayGridMonth: { dayHeaderFormat: weekday },
      timeGridWeek: { dayHeaderFormat: dayAndWeekday },
      timeGridDay: { dayHeaderFormat: weekday },
      listWeek: { listDayFormat: weekday, listDaySideFormat: day },
    },
    dayPopoverFormat: day,
  };
}

/**
 * The calendar of appointments (spec §2 /calendar): month, week, day and list views, whose visits
 * are fetched for the visible range only (the server expands each series); each worker's colour,
 * filters by worker, branch, area and status, the Holidays setting's days, and drag and drop or
 * resize with the choice "this one only" / "this and future ones". FullCalendar loads with this
 * component only (CalendarScreen loads it when the calendar is shown). Without a mouse, each visit is a link to its appointment, whose form moves it.
 */
export default function MonthCalendar() {
  const { t, i18n } = useTranslation('calendar');
  const problems = useProblemWords();
  const service = use(useService(AppointmentFlowLoader).loadService());
  const navigation = useService(NavigationService);
  const flow = use(useService(AppointmentFlowLoader).load());
  const { create: canCreate, edit: canEdit } = calendarOffers(useAppState('user'));
  const calendarState = useAppState('calendar');
  const options$ = useMemo(() => service.filterOptions$(), [service]);
  const options = useObservable(options$, null);
  const [filters, setFilters] = useState<CalendarFilters>({});
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'danger' | 'success' } | null>(null);
  const [overlaps, setOverlaps] = useState<readonly Overlap[]>([]);
  const ref = useRef<CalendarRef>(null);
  const frame = useRef<HTMLDivElement>(null);
  const initialDate = useRef(calendarState.date || undefined);
  const language = i18n.language;
  const days = useMemo(() => dayFormats(language), [language]);


  const locale = useMemo(
    () => ({
      code: language === 'en' ? 'en-GB' : 'zh-HK',
      prevText: t('prev'),
      nextText: t('next'),
      // The arrows are named for the step they take ("previous month"), not "previous page".
      prevHint: (_unitText: string, unit: string) => (isNavUnit(unit) ? t(`nav.prev.${unit}`) : t('prev')),
      nextHint: (_unitText: string, unit: string) => (isNavUnit(unit) ? t(`nav.next.${unit}`) : t('next')),
      todayText: t('today'),
      monthText: t('month'),
      weekTextLong: t('week'),
      dayText: t('day'),
      listText: t('list'),
      allDayText: t('allDay'),
      moreLinkText: t('more'),
      noEventsText: t('noEvents'),
    }),
    [language, t],
  );

  const title = useCallback(
    (event: CalendarEvent, workers: readonly Worker[]): string => {
      const parts = [event.client ? bilingual(event.client, language) : t('noClient')];
      if (event.area) parts.push(bilingual(event.area, language));
      if (workers.length > 0) parts.push(workers.map((w) => w.name).join('、'));
      const holiday = event.onHoliday ? t('flag.holiday') : '';
      // The usual states (scheduled, then in progress) go unflagged; the others are named.
      const state = event.shownStatus !== 'in_progress' && event.shownStatus !== 'scheduled' ? ` ${t('flag.status', { status: t(`status.${event.shownStatus}`) })}` : '';
      return `${holiday}${parts.join(' · ')}${state}`;
    },
    [language, t],
  );

  const events = useCallback(
    async (info: EventSourceFuncInfo): Promise<EventInput[]> => {
      const result = await service.range(dayOf(info.startStr), dayOf(info.endStr), filters);
      if (result.isErr()) throw new Error(result.error.code);
      const range = result.value;
      const workers = new Map(range.workers.map((w) => [w.id, w]));
      const visits: EventInput[] = range.events.map((event) => {
        const crew = event.workerIds.map((id) => workers.get(id)).filter((w): w is Worker => w !== undefined);
        const color = crew[0]?.color ?? DEFAULT_EVENT_COLOR;
        return {
          id: event.id,
          title: title(event, crew),
          start: event.start,
          end: event.end,
          allDay: event.allDay,
          url: `/calendar/appointment/${event.appointmentId}?date=${event.date}`,
          color,
          contrastColor: textColorFor(color),
          className: [event.onHoliday ? 'visit-on-holiday' : '', event.status === 'canceled' ? 'visit-canceled' : ''].filter(Boolean).join(' '),
          editable: canEdit && !isFinal(event.status),
          extendedProps: { visit: event },
        };
      });
      const holidays: EventInput[] = range.holidays.map((h) => ({
        id: `holiday:${h.date}`,
        title: t('holidayTitle', { name: bilingual(h, language) }),
        start: h.date,
        allDay: true,
        editable: false,
        color: HOLIDAY_COLOR,
        contrastColor: '#ffffff',
        className: 'holiday-event',
        extendedProps: { holiday: true },
      }));
      return [...holidays, ...visits];
    },
    [service, filters, title, t, language, canEdit],
  );

  const refetch = () => ref.current?.getApi().refetchEvents();

  const save = async (move: PendingMove, scope: Scope) => {
    setBusy(true);
    const result = await service.reschedule(move.event.appointmentId, { version: move.event.version, occurrence: move.event.date, scope, ...move.next });
    setBusy(false);
    setPending(null);
    result.match(
      (saved) => {
        setOverlaps(saved.overlaps);
        setMessage({ text: t('moved'), tone: 'success' });
      },
      (error) => {
        move.revert();
        setOverlaps([]);
        setMessage({ text: problems.say(error), tone: 'danger' });
      },
    );
    refetch();
  };

  const onChange = (info: EventChangeInfo) => {
    const visit = info.event.extendedProps.visit as CalendarEvent | undefined;
    if (!visit) {
      info.revert();
      return;
    }
    const minutes = info.event.end && info.event.start ? Math.round((info.event.end.getTime() - info.event.start.getTime()) / 60_000) : null;
    const next = movedTo(info.event.startStr, info.event.allDay, minutes);
    const move = { event: visit, next, revert: info.revert };
    if (visit.recurring) setPending(move);
    else void save(move, 'one');
  };

  const onClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const visit = info.event.extendedProps.visit as CalendarEvent | undefined;
    if (visit) void navigation.navigate(`/calendar/appointment/${visit.appointmentId}?date=${visit.date}`);
  };

  const setFilter = (key: keyof CalendarFilters, value: string) => {
    setFilters((f) => withFilter(f, key, value));
  };

  /** The filters above the calendar: whose visits, of which branch, area and status. */
  const calendarFilters: readonly { key: keyof CalendarFilters; label: string; all: string; options: readonly { value: string; label: string }[] }[] = [
    { key: 'workerId', label: 'filters.worker', all: 'filters.allWorkers', options: (options?.workers ?? []).map((w) => ({ value: String(w.id), label: w.name })) },
    { key: 'branchId', label: 'filters.branch', all: 'filters.allBranches', options: (options?.branches ?? []).map((b) => ({ value: String(b.id), label: bilingual(b, language) })) },
    { key: 'areaId', label: 'filters.area', all: 'filters.allAreas', options: (options?.areas ?? []).map((a) => ({ value: String(a.id), label: bilingual(a, language) })) },
    { key: 'status', label: 'filters.status', all: 'filters.allStatuses', options: (options?.statuses ?? []).map((s) => ({ value: s, label: t(`status.${s}`) })) },
  ];

  return (
    <div className="stack">
      <div className="toolbar calendar-filters">
        <form className="filters" aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
          {calendarFilters.map((filter) => (
            <SelectField key={filter.key} label={t(filter.label)} value={String(filters[filter.key] ?? '')} onChange={(e) => setFilter(filter.key, e.target.value)} emptyLabel={t(filter.all)} options={filter.options} />
          ))}
        </form>
        {canCreate && (
          <Link href="/calendar/appointment/create" className="button button-primary">
            {t('new')}
          </Link>
        )}
      </div>
      {options && !options.seesAll && <p className="hint">{t('ownOnly')}</p>}
      {options && options.workers.length > 0 && (
        <ul className="calendar-legend" aria-label={t('legend')}>
          {options.workers.map((w) => (
            <li key={w.id}>
              <span className="swatch" style={{ background: w.color ?? DEFAULT_EVENT_COLOR }} aria-hidden="true" /> {w.name}
            </li>
          ))}
        </ul>
      )}
      <FormAlert message={message?.text ?? null} tone={message?.tone ?? 'danger'} />
      <OverlapWarning overlaps={overlaps} />
      {canEdit && <p className="hint">{t('keyboardHint')}</p>}
      <div className="calendar-screen" ref={frame} aria-busy="true">
        <FullCalendar
          ref={ref}
          plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView="dayGridMonth"
          {...(initialDate.current ? { initialDate: initialDate.current } : {})}
          locale={locale}
          {...days}
          timeZone="Asia/Hong_Kong"
          firstDay={0}
          headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
          height="auto"
          dayMaxEvents={4}
          editable={canEdit}
          eventDurationEditable={canEdit}
          events={events}
          // FullCalendar names each day cell with an aria-label of its date, which no longer contains the
          // cell's visible text once visits are drawn in it (WCAG 2.5.3 "label in name"): the cell is
          // named by its content instead, the day number first.
          dayCellDidMount={(info) => {
            info.el.removeAttribute('aria-label');
            info.el.querySelector('[aria-hidden="true"]')?.removeAttribute('aria-hidden');
          }}
          // Announced to assistive technology (and waited on by the benchmark) without re-rendering React.
          loading={(isLoading) => frame.current?.setAttribute('aria-busy', String(isLoading))}
          eventClick={onClick}
          eventDrop={onChange}
          eventResize={onChange}
          datesSet={(info) => flow.shown({ start: info.startStr, end: info.endStr, date: hongKongDate(info.view.currentStart) })}
        />
      </div>
      <ScopeDialog
        open={pending !== null}
        title={t('scope.moveTitle')}
        submitLabel={t('scope.move')}
        busy={busy}
        onChoose={(scope) => {
          if (pending) void save(pending, scope);
        }}
        onCancel={() => {
          pending?.revert();
          setPending(null);
        }}
      />
    </div>
  );
}
