import { use, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { EMPTY } from 'rxjs';
import { useTranslation } from 'react-i18next';
import { AppointmentFlowLoader } from '../../../application/appointments/AppointmentFlowLoader';
import { FREQUENCIES, type Appointment, type AppointmentOptions, type ClientChoice, type Frequency, type OrderSummary, type Overlap, type Saved, type Scope } from '../../../application/appointments/appointment';
import {
  APPOINTMENT_FIELDS,
  appointmentForm,
  appointmentInput,
  checkAppointment,
  chosenOrder,
  picksOrder as offersOrder,
  withAddress,
  withClient,
  type AppointmentForm as FormState,
  type AppointmentFormDefaults,
} from '../../../application/appointments/appointmentForm';
import { isValid } from '../../../application/forms/Invalid';
import { DraftBanner } from '../../components/DraftBanner';
import { FormActions } from '../../components/FormActions';
import { FormAlert } from '../../components/FormAlert';
import { StaleSaveOffer } from '../../components/StaleSaveOffer';
import { SelectField } from '../../components/SelectField';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { bilingual, bilingualChoices } from '../../format/bilingual';
import { DEFAULT_EVENT_COLOR } from '../../format/color';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { onEnter } from '../../forms/onEnter';
import { useFormDraft } from '../../hooks/useDraft';
import { useObservable } from '../../hooks/useObservable';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';
import { OverlapWatch, type OverlapSchedule } from '../../../application/appointments/OverlapWatch';
import { OverlapWarning } from './OverlapWarning';
import { ScopeDialog } from './ScopeDialog';

export interface AppointmentFormProps {
  readonly options: AppointmentOptions;
  /** The appointment being edited (null: a new one). */
  readonly appointment: Appointment | null;
  /** The visit being edited, or the first day of a new appointment. */
  readonly date: string;
  readonly defaults: AppointmentFormDefaults;
  readonly readOnly: boolean;
  readonly onSaved: (saved: Saved) => void;
  readonly extraActions?: React.ReactNode;
}

/** An order as the order picker lists it: number, date and total. */
export function orderLabel(order: OrderSummary, language: string): string {
  return `${order.number} · ${order.date} · ${formatHKD(order.total, language)}`;
}

/**
 * The appointment form (create, and the appointment tab): client, its order (on creating, for a user
 * with order_view), address and area, branch, type,
 * workers (several), day, start and end or all day, repeat rule with its end (a date, a number of
 * visits, or never), notes. Double-booking shows as a warning while typing. Saving an edit of a
 * repeating appointment asks "this one only" or "this and future ones" — also the keyboard's way to
 * move a visit instead of dragging it. A stale save (409) keeps the input and offers the latest version.
 */
export function AppointmentForm({ options, appointment, date, defaults, readOnly, onSaved, extraActions }: AppointmentFormProps) {
  const { t, i18n } = useTranslation('calendar');
  const problems = useProblemWords();
  const service = use(useService(AppointmentFlowLoader).loadService());
  const overlapWatch = useService(OverlapWatch);
  const language = i18n.language;
  const [saved, setSaved] = useState<FormState>(() => appointmentForm(appointment, date, defaults));
  const [form, setForm] = useState<FormState>(saved);
  const staleSave = useStaleSave();
  const [asking, setAsking] = useState(false);
  // A failure that is not the save's (the client search, the client's orders).
  const [otherFailure, setOtherFailure] = useState<string | null>(null);
  const [overlaps, setOverlaps] = useState<readonly Overlap[]>([]);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<readonly ClientChoice[] | null>(null);
  const user = useAppState('user');
  // The order picker: on creating only (the invoice tab links and unlinks afterwards), and only for
  // who may see orders; the chosen client's orders that are not void.
  const picksOrder = offersOrder(user, !appointment, readOnly);
  const orderClientId = picksOrder ? (form.client?.id ?? null) : null;
  const orders$ = useMemo(() => (orderClientId === null ? EMPTY : service.clientOrders$(orderClientId)), [orderClientId, service]);
  const orders = useObservable(orders$, null);
  const ordersFailure = orders && orders.clientId === orderClientId && orders.error ? problems.say(orders.error) : null;
  const clientOrders = orders && orders.clientId === orderClientId ? orders.list : null;
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useUnsavedChanges(dirty && !readOnly);
  const draft = useFormDraft(appointment ? `appointment:${appointment.id}:${appointment.version}:${date}` : 'appointment:new', form, dirty && !readOnly, saved);
  const set = <K extends keyof FormState>(field: K, value: FormState[K]) => setForm((f) => ({ ...f, [field]: value }));

  // Double-booking, checked shortly after the schedule or the workers change.
  const schedule = useMemo(() => {
    const input = appointmentInput(form);
    return JSON.stringify({ workerIds: input.workerIds, date: input.date, startTime: input.startTime, endTime: input.endTime, allDay: input.allDay, recurrence: input.recurrence, end: input.end });
  }, [form]);
  const excludeId = appointment?.id ?? null;
  const checked = useRef('');
  useEffect(() => {
    if (readOnly || checked.current === schedule) return;
    const asked = JSON.parse(schedule) as OverlapSchedule;
    return overlapWatch.watch(asked, excludeId, (list) => {
      if (OverlapWatch.checkable(asked)) checked.current = schedule;
      setOverlaps(list);
    });
  }, [schedule, overlapWatch, excludeId, readOnly]);

  const search = async () => {
    const result = await service.searchClients(query.trim());
    result.match(
      (list) => setFound(list),
      (error) => setOtherFailure(problems.say(error)),
    );
  };

  const chooseClient = (client: ClientChoice | null) => setForm((f) => withClient(f, client));

  const save = useSubmit(
    (scope: Scope) => {
      const input = appointmentInput(form);
      return appointment ? service.update(appointment.id, appointment.version, date, scope, input) : service.create(input, chosenOrder(form, picksOrder));
    },
    { fields: APPOINTMENT_FIELDS, staleSave },
  );
  const errors = save.errors;
  const busy = save.busy;
  // Field messages come with one line for the whole form.
  const message = save.message ?? otherFailure ?? ordersFailure ?? (Object.keys(errors).length > 0 ? t('validation.summary') : null);

  const send = async (scope: Scope) => {
    setOtherFailure(null);
    const result = await save.submit(scope);
    setAsking(false);
    if (!result || result.isErr()) return;
    setSaved(form);
    onSaved(result.value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || readOnly) return;
    setOtherFailure(null);
    const problem = checkAppointment(appointmentInput(form));
    if (!isValid(problem)) {
      save.show(problem);
      return;
    }
    save.reset();
    if (appointment?.recurring) setAsking(true);
    else void send('one');
  };

  const clientLabel = (c: ClientChoice) => `${bilingual(c, language)} (${c.code})`;
  const clientOptions = [...(form.client && !(found ?? []).some((c) => c.id === form.client?.id) ? [form.client] : []), ...(found ?? [])];
  const addressListId = 'appointment-client-addresses';

  return (
    <>
    <form className="card stack" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={setForm} />
      {appointment && <StaleSaveOffer staleSave={staleSave} label={t('conflictReload')} />}
      <fieldset disabled={readOnly || busy} className="plain-fieldset stack">
        <fieldset className="checkbox-group">
          <legend>{t('field.client')}</legend>
          {!readOnly && (
            <div className="filters">
              <TextField
                label={t('field.clientSearch')}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onEnter(() => void search())}
              />
              <button type="button" className="button button-secondary" onClick={() => void search()}>
                {t('searchClients')}
              </button>
            </div>
          )}
          <SelectField
            label={t('field.clientChoice')}
            value={form.client ? String(form.client.id) : ''}
            onChange={(e) => chooseClient(clientOptions.find((c) => String(c.id) === e.target.value) ?? null)}
            emptyLabel={found !== null && found.length === 0 ? t('noClientsFound') : t('chooseClient')}
            options={clientOptions.map((c) => ({ value: String(c.id), label: clientLabel(c) }))}
            errors={errors.clientId}
          />
        </fieldset>
        {picksOrder && form.client && (
          <SelectField
            label={t('field.order')}
            value={form.orderId}
            onChange={(e) => set('orderId', e.target.value)}
            emptyLabel={clientOrders === null ? t('order.loading') : clientOrders.length === 0 ? t('order.noOrders') : t('order.noneChosen')}
            options={(clientOrders ?? []).map((o) => ({ value: String(o.id), label: orderLabel(o, language) }))}
            errors={errors.orderId}
          />
        )}
        <div className="grid-2">
          <TextField
            label={t('field.address')}
            value={form.address}
            maxLength={500}
            list={addressListId}
            onChange={(e) => {
              const value = e.target.value;
              setForm((f) => withAddress(f, value));
            }}
            errors={errors.address}
          />
          <datalist id={addressListId}>
            {(form.client?.addresses ?? []).map((a) => (
              <option key={a.address} value={a.address}>
                {a.label}
              </option>
            ))}
          </datalist>
          <SelectField
            label={t('field.area')}
            value={form.areaId}
            onChange={(e) => set('areaId', e.target.value)}
            emptyLabel={t('none')}
            options={bilingualChoices(options.areas, language)}
            errors={errors.areaId}
          />
        </div>
        <div className="grid-2">
          <SelectField
            label={t('field.branch')}
            value={form.branchId}
            onChange={(e) => set('branchId', e.target.value)}
            emptyLabel={t('none')}
            options={bilingualChoices(options.branches, language)}
            errors={errors.branchId}
          />
          <SelectField
            label={t('field.type')}
            value={form.appointmentType}
            onChange={(e) => set('appointmentType', e.target.value)}
            emptyLabel={t('none')}
            options={options.types.map((o) => ({ value: o.value, label: language === 'en' ? o.labelEn || o.labelZh : o.labelZh || o.labelEn }))}
          />
        </div>
        <fieldset className="checkbox-group" aria-describedby={errors.workerIds ? 'appointment-workers-error' : undefined} aria-invalid={errors.workerIds ? true : undefined}>
          <legend>{t('field.workers')}</legend>
          <div className="worker-choices">
            {options.workers.map((w) => (
              <label key={w.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={form.workerIds.includes(w.id)}
                  onChange={(e) => set('workerIds', e.target.checked ? [...form.workerIds, w.id] : form.workerIds.filter((id) => id !== w.id))}
                />
                <span className="swatch" style={{ background: w.color ?? DEFAULT_EVENT_COLOR }} aria-hidden="true" /> {w.name}
              </label>
            ))}
          </div>
          {errors.workerIds && (
            <ul id="appointment-workers-error" className="field-errors">
              {errors.workerIds.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="grid-4">
          <TextField label={appointment ? t('field.visitDate') : t('field.date')} type="date" value={form.date} onChange={(e) => set('date', e.target.value)} errors={errors.date ?? errors.occurrence} />
          {!form.allDay && <TextField label={t('field.start')} type="time" value={form.startTime} onChange={(e) => set('startTime', e.target.value)} errors={errors.startTime} />}
          {!form.allDay && <TextField label={t('field.end')} type="time" value={form.endTime} onChange={(e) => set('endTime', e.target.value)} errors={errors.endTime} />}
          <label className="checkbox">
            <input type="checkbox" checked={form.allDay} onChange={(e) => set('allDay', e.target.checked)} /> {t('field.allDay')}
          </label>
        </div>
        <div className="grid-2">
          <SelectField label={t('field.repeat')} value={form.freq} onChange={(e) => set('freq', e.target.value as Frequency)} options={FREQUENCIES.map((f) => ({ value: f, label: t(`freq.${f}`) }))} />
          {form.freq === 'monthly_weekday' && (
            <SelectField
              label={t('field.weekOfMonth')}
              value={form.week}
              onChange={(e) => set('week', e.target.value)}
              options={['1', '2', '3', '4', '-1'].map((w) => ({ value: w, label: t(`weekOfMonth.${w === '-1' ? 'last' : w}`) }))}
            />
          )}
        </div>
        {form.freq !== 'once' && (
          <fieldset className="checkbox-group">
            <legend>{t('field.ends')}</legend>
            {(['count', 'until', 'never'] as const).map((kind) => (
              <label key={kind} className="checkbox">
                <input type="radio" name="ends" checked={form.endKind === kind} onChange={() => set('endKind', kind)} /> {t(`ends.${kind}`)}
              </label>
            ))}
            <div className="grid-2">
              {form.endKind === 'count' && <TextField label={t('field.count')} type="number" min={1} max={1000} value={form.count} onChange={(e) => set('count', e.target.value)} errors={errors['end.count']} />}
              {form.endKind === 'until' && <TextField label={t('field.until')} type="date" value={form.until} onChange={(e) => set('until', e.target.value)} errors={errors['end.until']} />}
            </div>
            {appointment?.recurring && form.endKind === 'count' && <p className="hint">{t('countHint')}</p>}
          </fieldset>
        )}
        <TextAreaField label={t('field.notes')} value={form.notes} maxLength={5000} onChange={(e) => set('notes', e.target.value)} errors={errors.notes} />
      </fieldset>
      <OverlapWarning overlaps={overlaps} />
      {!readOnly && (
        <FormActions busy={busy} submitLabel={t('save')}>
          {extraActions}
        </FormActions>
      )}
    </form>
    <ScopeDialog open={asking} title={t('scope.saveTitle')} submitLabel={t('save')} busy={busy} onChoose={(scope) => void send(scope)} onCancel={() => setAsking(false)} />
    </>
  );
}
