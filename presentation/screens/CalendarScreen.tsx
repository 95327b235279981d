import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The calendar of appointments (spec §2 /calendar). FullCalendar and its styles load with this screen
 * only. Appointments arrive with the calendar feature; until then the calendar is empty.
 */
export default function CalendarScreen() {
  const { t, i18n } = useTranslation('calendar');
  const locale = useMemo(
    () => ({
      code: i18n.language === 'en' ? 'en-GB' : 'zh-HK',
      prevText: t('prev'),
      nextText: t('next'),
      todayText: t('today'),
      monthText: t('month'),
      weekTextLong: t('week'),
      dayText: t('day'),
      listText: t('list'),
      allDayText: t('allDay'),
      moreLinkText: t('more'),
      noEventsText: t('noEvents'),
    }),
    [i18n.language, t],
  );
  return (
    <div className="calendar-screen">
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin]}
        initialView="dayGridMonth"
        locale={locale}
        timeZone="Asia/Hong_Kong"
        firstDay={0}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
        height="auto"
        events={[]}
      />
    </div>
  );
}
