import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineVisits } from '../../application/field/OfflineVisits';
import { isFieldWorker } from '../../application/field/visitView';
import { LoadingMessage } from '../components/LoadingMessage';
import { useAppState } from '../hooks/useAppState';
import { usePhone } from '../hooks/usePhone';
import { useService } from '../services/ServicesContext';
import { MyDay } from './field/MyDay';

/**
 * The calendar (FullCalendar and its styles) loads only when it is shown: a worker's phone opens on
 * My day without it (Lighthouse mobile on My day: FullCalendar's script was most of its blocking time).
 */
const MonthCalendar = lazy(() => import('./calendar/MonthCalendar'));
const calendar = (
  <Suspense fallback={<LoadingMessage />}>
    <MonthCalendar />
  </Suspense>
);

/**
 * /calendar: for a worker on a phone (issue 22), My day — today's visits and the next days' as a
 * list — with the month grid a tap away; for everyone else, and on a larger screen, the calendar.
 */
export default function CalendarScreen() {
  const { t } = useTranslation('field');
  const phone = usePhone();
  const worker = isFieldWorker(useAppState('user'));
  const [grid, setGrid] = useState(false);
  if (!phone || !worker) return calendar;
  if (!grid)
    return (
      <>
        <MyDay onShowMonth={() => setGrid(true)} />
        <KeepVisitsOffline />
      </>
    );
  return (
    <div className="stack">
      <p>
        <button type="button" className="button button-secondary touch" onClick={() => setGrid(false)}>
          {t('myDay.backToMyDay')}
        </button>
      </p>
      {calendar}
    </div>
  );
}

/**
 * Once My day opens on the phone, today's and tomorrow's visits are fetched ahead in the background,
 * to open with no connection (the service worker keeps them, and has every screen's files).
 */
function KeepVisitsOffline() {
  const offline = useService(OfflineVisits);
  useEffect(() => {
    void offline.keep();
  }, [offline]);
  return null;
}
