import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FieldDesk } from '../../../application/field/FieldDesk';
import type { OutboxBoard, OutboxItem } from '../../../application/field/OutboxBoard';
import { dateText } from '../../../domain/time/format';
import { bilingual } from '../../format/bilingual';
import { useProblemWords } from '../../format/problem';
import { useObservable } from '../../hooks/useObservable';
import { useService } from '../../services/ServicesContext';

/**
 * The completions kept on this phone (issue 22 item 4), at the top of My day when there are any:
 * each one's client and day and where it stands — waiting, sending, sent, refused (with the
 * server's reason) or changed by the office (the worker's report beside the office's, nothing
 * overwritten; discard theirs or open the visit to complete it again). Opening My day sends the
 * waiting ones again.
 */
export function Outbox() {
  const desk = useService(FieldDesk);
  const [board, setBoard] = useState<OutboxBoard | null>(null);
  useEffect(() => {
    void desk.outbox().map(setBoard);
    void desk.replayOutbox();
  }, [desk]);
  return board ? <KeptList board={board} /> : null;
}

function KeptList({ board }: { board: OutboxBoard }) {
  const { t } = useTranslation('field');
  const items = useObservable(board.items$, board.get());
  const heading = useId();
  if (items.length === 0) return null;
  return (
    <section className="outbox notice" aria-labelledby={heading}>
      <h2 id={heading}>{t('outbox.title')}</h2>
      <p className="hint">{t('outbox.intro')}</p>
      <ul className="outbox-list">
        {items.map((item) => (
          <Kept key={item.key} item={item} />
        ))}
      </ul>
    </section>
  );
}

function Kept({ item }: { item: OutboxItem }) {
  const { t, i18n } = useTranslation(['field', 'calendar']);
  const language = i18n.language;
  const desk = useService(FieldDesk);
  const { say } = useProblemWords();
  const title = useId();
  const { completion } = item;
  const client = item.client ? bilingual(item.client, language) : t('myDay.noClient');
  const date = dateText(completion.date, language, { weekday: true, year: false });
  const settled = item.state === 'refused' || item.state === 'conflict';
  return (
    <li className={`outbox-item outbox-${item.state}`} aria-labelledby={title}>
      <p id={title}>
        <strong>{client}</strong> · {date}
      </p>
      <p aria-live="polite">
        <span className={`badge outbox-state-${item.state}`}>{t(`outbox.state.${item.state}`)}</span>
      </p>
      {item.state === 'refused' && item.problem && <p>{t('outbox.refusedBecause', { reason: say(item.problem) })}</p>}
      {item.state === 'conflict' && item.current && (
        <div className="stack">
          <p>{t('outbox.conflictIntro')}</p>
          <div className="outbox-compare">
            <section aria-label={t('outbox.yours')}>
              <h3>{t('outbox.yours')}</h3>
              <dl>
                <dt>{t('outbox.findings')}</dt>
                <dd>{completion.report.findings}</dd>
                <dt>{t('outbox.workDone')}</dt>
                <dd>{completion.report.workDone}</dd>
              </dl>
              <p className="hint">{t('outbox.photosAndSignatures', { count: completion.photos.length })}</p>
            </section>
            <section aria-label={t('outbox.office')}>
              <h3>{t('outbox.office')}</h3>
              <dl>
                <dt>{t('outbox.findings')}</dt>
                <dd>{item.current.findings}</dd>
                <dt>{t('outbox.workDone')}</dt>
                <dd>{item.current.workDone}</dd>
                <dt>{t('outbox.status')}</dt>
                <dd>{t(`calendar:status.${item.current.status}`)}</dd>
              </dl>
            </section>
          </div>
        </div>
      )}
      <div className="inline-actions">
        {item.state === 'waiting' && (
          <button type="button" className="button button-primary touch" aria-describedby={title} onClick={() => void desk.replayOutbox()}>
            {t('outbox.sendNow')}
          </button>
        )}
        {settled && (
          <>
            <Link href={`/calendar/appointment/${completion.appointmentId}?date=${completion.date}`} className="button button-secondary touch" aria-describedby={title}>
              {t('outbox.openVisit')}
            </Link>
            <button type="button" className="button button-secondary touch" aria-describedby={title} onClick={() => void desk.discardCompletion(item.key, t('outbox.discardName', { client, date }))}>
              {t('outbox.discardLabel')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
