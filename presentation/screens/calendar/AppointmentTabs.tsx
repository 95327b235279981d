import './calendar.css';
import { use, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AppointmentStatus } from '../../../domain/appointments/status';
import type { Appointment, AppointmentScreenData, Overlap, Scope, Visit, VisitStatus } from '../../../application/appointments/appointment';
import { AppointmentFlowLoader } from '../../../application/appointments/AppointmentFlowLoader';
import { appointmentOffers, visitShows } from '../../../application/appointments/calendar';
import { invoiceStanding } from '../../../application/appointments/invoiceStanding';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { FormAlert } from '../../components/FormAlert';
import { StaleSaveOffer } from '../../components/StaleSaveOffer';
import { SelectField } from '../../components/SelectField';
import { bilingual } from '../../format/bilingual';
import { visitWhen } from '../../format/visitWhen';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';
import { AppointmentForm, orderLabel } from './AppointmentForm';
import { CancelVisitDialog } from './CancelVisitDialog';
import { CompletedReportPanel } from './CompletedReportPanel';
import { OverlapWarning } from './OverlapWarning';
import { ScopeDialog } from './ScopeDialog';

export const TABS = [
  { key: 'appointment', path: 'appointment' },
  { key: 'invoice', path: 'invoice' },
  { key: 'report', path: 'completed-report' },
] as const;
export type Tab = (typeof TABS)[number]['key'];

/** The appointment tab's reply always has the form's options; the other tabs need none. */
const NO_OPTIONS = { workers: [], branches: [], areas: [], types: [], statuses: [], seesAll: false } as const;

/**
 * The office's view of an appointment at one visit: its tabs (the appointment's form, its invoice,
 * the visit's report) with the visit's status actions. Loaded only when shown (not on a worker's phone).
 */
export default function AppointmentTabs({ appointment, visit, tab, data }: { appointment: Appointment; visit: Visit; tab: Tab; data: AppointmentScreenData }) {
  const { t, i18n } = useTranslation('calendar');
  const language = i18n.language;
  const offers = appointmentOffers(useAppState('user'));
  const desk = use(useService(AppointmentFlowLoader).loadVisits());
  const confirmation = useService(ConfirmationService);
  const [status, setStatus] = useState<VisitStatus>({ status: visit.status, visitVersion: visit.visitVersion, transitions: visit.transitions, cancelReason: visit.cancelReason });
  const [canceling, setCanceling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [future, setFuture] = useState<{ to: AppointmentStatus; message: string } | null>(null);
  const [overlaps, setOverlaps] = useState<readonly Overlap[]>([]);
  const canEdit = offers.edit;
  const clientName = appointment.client ? bilingual(appointment.client, language) : t('noClient');
  const here = { appointmentId: appointment.id, date: visit.date, version: status.visitVersion };
  // The status buttons' and the deletion's failures: the whole message, with every field's words under it.
  const statusChange = useSubmit((to: AppointmentStatus, confirmed: boolean) => desk.setStatus(here, to, confirmed), { always: true });
  const removal = useSubmit((scope: Scope) => desk.remove(appointment, visit.date, scope), { always: true });
  // Canceling asks for the reason first, in a dialog that stays open (with the server's words) when refused.
  const cancel = useSubmit((reason: string) => desk.cancel(here, reason), { fields: ['reason'] });
  const problems = Object.values(statusChange.errors).flat();

  const changeStatus = async (to: AppointmentStatus, confirmed = false) => {
    removal.reset();
    setFuture(null);
    (await statusChange.submit(to, confirmed))?.map((change) => ('confirmFuture' in change ? setFuture({ to, message: change.confirmFuture }) : setStatus(change.changed)));
  };

  const cancelVisit = async (reason: string) => {
    (await cancel.submit(reason))?.map((next) => {
      setCanceling(false);
      statusChange.reset();
      removal.reset();
      setStatus(next);
    });
  };

  const remove = async (scope: Scope) => {
    await removal.submit(scope);
    setDeleting(false);
  };

  const askDelete = async () => {
    if (appointment.recurring) {
      setDeleting(true);
      return;
    }
    if (await confirmation.ask({ kind: 'delete', values: { name: `${clientName} ${visit.date}` } })) await remove('one');
  };

  const query = `?date=${visit.date}`;
  return (
    <div className="stack print-area">
      <div className="visit-heading no-print">
        <strong>{clientName}</strong>
        <span>{visitWhen(visit, appointment.allDay, language, t('allDay'))}</span>
        <span className="badge">{t(`status.${visitShows(status.status, visit)}`)}</span>
        {status.status === 'canceled' && status.cancelReason && <span>{t('cancelVisit.shown', { reason: status.cancelReason })}</span>}
        {visit.onHoliday && <span className="badge badge-warning">{t('onHoliday', { name: visit.holiday ? bilingual(visit.holiday, language) : '' })}</span>}
        {appointment.recurring && <span className="hint">{t('repeats', { rule: t(`freq.${appointment.recurrence.freq}`) })}</span>}
      </div>
      <nav aria-label={t('tabs.label')} className="no-print">
        <ul className="tabs">
          {TABS.filter(({ key }) => key !== 'invoice' || offers.invoiceTab).map(({ key, path }) => (
            <li key={key}>
              <Link href={`/calendar/${path}/${appointment.id}${query}`} className={key === tab ? 'tab active' : 'tab'} aria-current={key === tab ? 'page' : undefined}>
                {t(`tabs.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FormAlert message={removal.message ?? statusChange.message} />
      {problems.length > 0 && (
        <ul className="field-errors no-print">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {tab !== 'invoice' && canEdit && status.transitions.length > 0 && (
        <div className="status-actions no-print" role="group" aria-label={t('statusActions')}>
          {status.transitions.map((to) => (
            <button
              key={to}
              type="button"
              className={`button ${to === 'canceled' ? 'button-danger' : 'button-secondary'}`}
              onClick={() => {
                if (to !== 'canceled') return void changeStatus(to);
                cancel.reset();
                setCanceling(true);
              }}
            >
              {t(`statusTo.${to}`)}
            </button>
          ))}
        </div>
      )}
      {future && (
        <div className="notice no-print" role="alert">
          <p>{future.message}</p>
          <p>
            <button type="button" className="button button-primary" onClick={() => void changeStatus(future.to, true)}>
              {t('visit.confirmFuture')}
            </button>{' '}
            <button type="button" className="button button-secondary" onClick={() => setFuture(null)}>
              {t('cancel')}
            </button>
          </p>
        </div>
      )}
      {tab === 'appointment' && (
        <>
          <OverlapWarning overlaps={overlaps} />
          <AppointmentForm
            options={data.options ?? NO_OPTIONS}
            appointment={appointment}
            date={visit.date}
            defaults={{ branchId: appointment.branchId, client: appointment.client, workerIds: appointment.workerIds }}
            readOnly={!canEdit}
            onSaved={(saved) => {
              setOverlaps(saved.overlaps);
              void desk.edited(saved);
            }}
            extraActions={
              offers.delete ? (
                <button type="button" className="button button-danger" onClick={() => void askDelete()}>
                  {t('delete')}
                </button>
              ) : null
            }
          />
          <details className="card no-print">
            <summary>{t('rrule')}</summary>
            <pre>{appointment.rrule}</pre>
          </details>
        </>
      )}
      {tab === 'invoice' && <InvoicePanel appointment={appointment} data={data} />}
      {tab === 'report' && (
        <CompletedReportPanel
          appointment={appointment}
          visit={visit}
          initial={data.report ?? null}
          products={data.products ?? []}
          company={data.company ?? null}
          phones={(data.field?.contacts ?? []).flatMap((c) => c.phones)}
          status={status.status}
          canEdit={canEdit}
          onVersion={(version) => setStatus((s) => ({ ...s, visitVersion: version }))}
        />
      )}
      <CancelVisitDialog
        open={canceling}
        reasons={data.cancellationReasons ?? []}
        busy={cancel.busy}
        message={cancel.message}
        errors={cancel.errors.reason ?? []}
        onCancelVisit={(reason) => void cancelVisit(reason)}
        onClose={() => setCanceling(false)}
      />
      <ScopeDialog open={deleting} title={t('scope.deleteTitle')} submitLabel={t('delete')} busy={removal.busy} tone="danger" onChoose={(scope) => void remove(scope)} onCancel={() => setDeleting(false)} />
    </div>
  );
}

/**
 * The invoice tab: the linked order's summary with a link to it, or a link to create one for this
 * appointment. With appointment_edit, one of the client's orders (not void) can be linked here (the
 * list needs order_view) and the linked one unlinked.
 */
function InvoicePanel({ appointment, data }: { appointment: Appointment; data: AppointmentScreenData }) {
  const { t, i18n } = useTranslation('calendar');
  const language = i18n.language;
  const offers = appointmentOffers(useAppState('user'));
  const desk = use(useService(AppointmentFlowLoader).loadVisits());
  const order = data.order ?? null;
  const canEdit = offers.edit;
  const linkable = offers.linkOrder ? (data.orders ?? []) : null;
  const [choice, setChoice] = useState('');
  const staleSave = useStaleSave();
  const linking = useSubmit((orderId: string | null) => desk.linkOrder(appointment, orderId), { fields: ['orderId'], staleSave });
  const { busy } = linking;

  const link = (orderId: string | null) => void linking.submit(orderId);

  const onLink = (event: FormEvent) => {
    event.preventDefault();
    link(choice);
  };

  const problems = (
    <>
      <FormAlert message={linking.message} />
      <StaleSaveOffer staleSave={staleSave} label={t('conflictReload')} />
    </>
  );

  if (!order) {
    return (
      <div className="card stack">
        {problems}
        <p>{t('invoice.none')}</p>
        {offers.createOrder && (
          <p>
            <Link href={`/orders/order/invoice/create?client_id=${appointment.clientId}&appointment_id=${appointment.id}`} className="button button-primary">
              {t('invoice.create')}
            </Link>
          </p>
        )}
        {linkable !== null &&
          (linkable.length === 0 ? (
            <p className="hint">{t('invoice.noneToLink')}</p>
          ) : (
            <form className="filters" noValidate onSubmit={onLink} aria-busy={busy}>
              <SelectField
                label={t('invoice.linkExisting')}
                value={choice}
                onChange={(e) => setChoice(e.target.value)}
                emptyLabel={t('invoice.chooseOrder')}
                options={linkable.map((o) => ({ value: String(o.id), label: orderLabel(o, language) }))}
                errors={linking.errors.orderId}
              />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {t('invoice.link')}
              </button>
            </form>
          ))}
      </div>
    );
  }
  return (
    <div className="card stack">
      {problems}
      <dl className="facts">
        <dt>{t('invoice.number')}</dt>
        <dd>{order.number}</dd>
        <dt>{t('invoice.date')}</dt>
        <dd>{order.date}</dd>
        <dt>{t('invoice.total')}</dt>
        <dd>{formatHKD(order.total, language)}</dd>
        <dt>{t('invoice.paid')}</dt>
        <dd>{formatHKD(order.paid, language)}</dd>
        <dt>{t('invoice.status')}</dt>
        <dd>{{ voided: t('invoice.voided'), settled: t('invoice.settled'), outstanding: t('invoice.outstanding') }[invoiceStanding(order)]}</dd>
      </dl>
      <p className="form-actions">
        <Link href={`/orders/order/invoice/${order.id}`}>{t('invoice.open', { number: order.number })}</Link>
        {canEdit && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => link(null)}>
            {t('invoice.unlink', { number: order.number })}
          </button>
        )}
      </p>
    </div>
  );
}
