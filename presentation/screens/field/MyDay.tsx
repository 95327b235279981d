import './field.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Result } from 'neverthrow';
import type { Subscription } from 'rxjs';
import type { ApiError } from '../../../application/api/ApiError';
import { FieldDesk } from '../../../application/field/FieldDesk';
import type { MyDayList, VisitDay } from '../../../application/field/myDay';
import { dateText } from '../../../domain/time/format';
import { bilingual } from '../../format/bilingual';
import { useProblemWords } from '../../format/problem';
import { useService } from '../../services/ServicesContext';
import { Outbox } from './Outbox';

type Loaded = Result<MyDayList, ApiError>;

/**
 * The worker's landing page on a phone (issue 22, /calendar): today's visits in order, then the next
 * days', each with its time, client, district and status, one tap to the visit; the month grid a tap
 * away. The visits come from the FieldDesk use-case, asked once when the list has opened (and on "try
 * again"): from an effect, not from the render, so a render React sets aside (a suspension above it)
 * neither asks twice nor leaves the list waiting on an answer no one reads. Asked again, keeping the
 * list shown meanwhile, when a completion kept on the phone reaches the server or the connection comes
 * back (FieldDesk.listChanges): a "could not be loaded" goes by itself.
 * Above them, the completions kept on this phone until the server has them (Outbox), when there are any.
 */
export function MyDay({ onShowMonth }: { onShowMonth: () => void }) {
  const { t } = useTranslation(['field', 'calendar']);
  const desk = useService(FieldDesk);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    void desk.myDay().then((result) => {
      if (live) setLoaded(result);
    });
    return () => {
      live = false;
    };
  }, [desk, attempt]);
  useEffect(() => {
    let changes: Subscription | null = null;
    let live = true;
    void desk.listChanges().map((changes$) => {
      if (live) changes = changes$.subscribe(() => setAttempt((n) => n + 1));
    });
    return () => {
      live = false;
      changes?.unsubscribe();
    };
  }, [desk]);
  const retry = () => {
    setLoaded(null);
    setAttempt((n) => n + 1);
  };
  return (
    <div className="stack my-day">
      <div className="my-day-heading">
        <h1>{t('myDay.title')}</h1>
        <button type="button" className="button button-secondary touch" onClick={onShowMonth}>
          {t('myDay.monthGrid')}
        </button>
      </div>
      <Outbox />
      {loaded === null ? (
        <p role="status" aria-live="polite">
          {t('myDay.loading')}
        </p>
      ) : (
        <VisitDays result={loaded} onRetry={retry} />
      )}
    </div>
  );
}

function VisitDays({ result, onRetry }: { result: Loaded; onRetry: () => void }) {
  const { t, i18n } = useTranslation(['field', 'calendar']);
  const { say } = useProblemWords();
  const language = i18n.language;
  if (result.isErr()) {
    return (
      <div className="notice" role="alert">
        <p>
          {t('myDay.failed')} {say(result.error)}
        </p>
        <button type="button" className="button button-primary touch" onClick={onRetry}>
          {t('myDay.retry')}
        </button>
      </div>
    );
  }
  const { days, laterMissing } = result.value;
  const dayTitle = (day: VisitDay) => {
    const date = dateText(day.date, language, { weekday: true, year: false });
    return day.when === 'later' ? date : `${t(`myDay.${day.when}`)} · ${date}`;
  };
  return (
    <>
      {days.map((day) => (
        <section key={day.date} className="visit-day" aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`}>{dayTitle(day)}</h2>
          {day.visits.length === 0 ? (
            <p className="hint">{t('myDay.emptyToday')}</p>
          ) : (
            <ul className="visit-list">
              {day.visits.map((visit) => {
                const client = visit.client ? bilingual(visit.client, language) : t('myDay.noClient');
                const time = visit.time ?? t('myDay.allDay');
                return (
                  <li key={visit.key}>
                    <Link href={visit.href} className="visit-item">
                      <span className="visit-time">{time}</span>
                      <span className="visit-client">{client}</span>
                      {visit.area && <span className="visit-area">{bilingual(visit.area, language)}</span>}
                      <span className={`badge status-${visit.status}`}>{t(`calendar:status.${visit.status}`)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
      {laterMissing ? <p className="hint">{t('myDay.laterMissing')}</p> : days.length === 1 && <p className="hint">{t('myDay.emptyLater')}</p>}
    </>
  );
}
