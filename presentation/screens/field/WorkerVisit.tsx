import './field.css';
import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AppointmentStatus } from '../../../domain/appointments/status';
import { hundredthsToDecimal } from '../../../domain/money/money';
import { unitAfterQuantity } from '../../../domain/products/units';
import type { AppointmentScreenData, VisitStatus } from '../../../application/appointments/appointment';
import { AppointmentFlowLoader } from '../../../application/appointments/AppointmentFlowLoader';
import { workerVisitView, type WorkerAction } from '../../../application/field/visitView';
import { FormAlert } from '../../components/FormAlert';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';
import { visitWhen } from '../../format/visitWhen';

/** Where each action moves the visit (complete is the report form instead). */
const MOVES: Record<Exclude<WorkerAction, 'complete'>, AppointmentStatus> = { start: 'in_progress', hold: 'on_hold' };

/**
 * A visit as the worker at the door sees it on a phone (issue 22; /calendar/appointment/{id}): the
 * client and site, the address with a link that opens the phone's map and the contacts to call first
 * (above the fold at 390 × 844: issue 31 item 19), then the actions the rules allow them (start, put
 * on hold, complete), what to do (notes, products planned) and the last visit's findings. The
 * office's form is a link away.
 */
export function WorkerVisit({ data, onOfficeView }: { data: AppointmentScreenData; onOfficeView: () => void }) {
  const { t, i18n } = useTranslation(['field', 'calendar', 'products']);
  const language = i18n.language;
  const { appointment, occurrence: visit } = data;
  const user = useAppState('user');
  const desk = use(useService(AppointmentFlowLoader).loadVisits());
  const [status, setStatus] = useState<VisitStatus>({ status: visit.status, visitVersion: visit.visitVersion, transitions: visit.transitions, cancelReason: visit.cancelReason });
  const [future, setFuture] = useState<{ to: AppointmentStatus; message: string } | null>(null);
  const view = workerVisitView(user, appointment, visit, data.field, status);
  const change = useSubmit((to: AppointmentStatus, confirmed: boolean) => desk.setStatus({ appointmentId: appointment.id, date: visit.date, version: status.visitVersion }, to, confirmed), { always: true });
  const problems = Object.values(change.errors).flat();

  const move = async (to: AppointmentStatus, confirmed = false) => {
    setFuture(null);
    (await change.submit(to, confirmed))?.map((done) => ('confirmFuture' in done ? setFuture({ to, message: done.confirmFuture }) : setStatus(done.changed)));
  };

  const name = (v: { nameEn: string; nameZh: string } | null) => (v ? bilingual(v, language) : '');

  return (
    <div className="stack worker-visit">
      <header className="card stack">
        <h1>{view.client ? name(view.client) : t('calendar:noClient')}</h1>
        <p className="visit-meta">
          {view.clientCode && <span className="hint">{view.clientCode}</span>}
          <span>{visitWhen(visit, appointment.allDay, language, t('calendar:allDay'))}</span>
          <span className={`badge status-${view.status}`}>{t(`calendar:status.${view.status}`)}</span>
        </p>
      </header>

      <section className="card stack" aria-labelledby="visit-site">
        <h2 id="visit-site">{t('visit.site')}</h2>
        <p>
          {view.address} {view.area && <span className="hint">{name(view.area)}</span>}
        </p>
        {view.mapHref && (
          <p>
            <a className="button button-secondary touch" href={view.mapHref} target="_blank" rel="noopener noreferrer" aria-label={t('visit.openMapLabel', { address: view.address })}>
              {t('visit.openMap')}
            </a>
          </p>
        )}
      </section>

      <section className="card stack" aria-labelledby="visit-contacts">
        <h2 id="visit-contacts">{t('visit.contacts')}</h2>
        {view.contacts.length === 0 ? (
          <p className="hint">{t('visit.noContacts')}</p>
        ) : (
          <ul className="contact-list">
            {view.contacts.map((c, i) => (
              <li key={`${c.name}-${i}`}>
                <span>
                  {c.name} {c.title && <span className="hint">{c.title}</span>}
                </span>
                {c.phones.map((p) => (
                  <a key={p.href} className="button button-secondary touch" href={p.href}>
                    {t('visit.call', { name: c.name, phone: p.text })}
                  </a>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>

      <FormAlert message={change.message} />
      {problems.length > 0 && (
        <ul className="field-errors">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {future && (
        <div className="notice" role="alert">
          <p>{future.message}</p>
          <p className="inline-actions">
            <button type="button" className="button button-primary touch" onClick={() => void move(future.to, true)}>
              {t('visit.confirmFuture')}
            </button>
            <button type="button" className="button button-secondary touch" onClick={() => setFuture(null)}>
              {t('visit.cancel')}
            </button>
          </p>
        </div>
      )}
      {view.actions.length > 0 && (
        <div className="worker-actions" role="group" aria-label={t('visit.actions')}>
          {view.actions.map((action) =>
            action === 'complete' ? (
              <Link key={action} href={view.reportHref} className="button button-primary touch">
                {t('visit.action.complete')}
              </Link>
            ) : (
              <button key={action} type="button" className="button button-secondary touch" disabled={change.busy} onClick={() => void move(MOVES[action])}>
                {t(`visit.action.${action}`)}
              </button>
            ),
          )}
        </div>
      )}
      {!view.actions.includes('complete') && (
        <p>
          <Link href={view.reportHref} className="button button-secondary touch">
            {t('visit.action.report')}
          </Link>
        </p>
      )}

      <section className="card stack" aria-labelledby="visit-todo">
        <h2 id="visit-todo">{t('visit.todo')}</h2>
        <h3>{t('visit.notes')}</h3>
        <p className="pre-line">{view.notes || t('visit.noNotes')}</p>
        <h3>{t('visit.planned')}</h3>
        {view.planned.length === 0 ? (
          <p className="hint">{t('visit.noPlanned')}</p>
        ) : (
          <ul>
            {view.planned.map((p, i) => (
              <li key={`${p.code}-${i}`}>
                {p.code} {name(p)} — {hundredthsToDecimal(p.quantity)} {p.unit ? unitAfterQuantity(p.unit, p.quantity, language, (key) => t(`products:${key}`)) : ''}
                {p.activeIngredient && (
                  <span className="hint">
                    {' '}
                    ({t('report.activeIngredient')}: {p.activeIngredient})
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card stack" aria-labelledby="visit-last">
        <h2 id="visit-last">{view.lastVisit ? t('visit.lastVisit', { date: view.lastVisit.date }) : t('visit.lastVisit', { date: '—' })}</h2>
        {view.lastVisit ? (
          <dl className="field-facts">
            {(['findings', 'workDone', 'pestsFound', 'areasTreated'] as const)
              .filter((k) => view.lastVisit![k] !== '')
              .map((k) => (
                <div key={k}>
                  <dt>{t(`report.${k}`)}</dt>
                  <dd className="pre-line">{view.lastVisit![k]}</dd>
                </div>
              ))}
          </dl>
        ) : (
          <p className="hint">{t('visit.noLastVisit')}</p>
        )}
      </section>

      <p>
        <button type="button" className="link-button" onClick={onOfficeView}>
          {t('visit.officeView')}
        </button>
      </p>
    </div>
  );
}
