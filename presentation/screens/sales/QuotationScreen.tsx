import type { ResultAsync } from 'neverthrow';
import { use, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { VISIT_FREQUENCIES, type VisitFrequency } from '../../../domain/quotations/quotation';
import type { ApiError } from '../../../application/api/ApiError';
import type { Invalid } from '../../../application/forms/Invalid';
import { screenValue } from '../../../application/navigation/screenData';
import { comparableForm, rekeyLines, tickTerm } from '../../../application/sales/documentForm';
import { plannedVisits, quotationStart, type QuotationForm } from '../../../application/sales/quotationForm';
import { SalesDeskLoader } from '../../../application/sales/SalesDesks';
import type { Quotation, QuotationMove, QuotationScreenData } from '../../../application/sales/sales';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StaleSaveOffer } from '../../components/StaleSaveOffer';
import { TabLinks } from '../../components/TabLinks';
import { TextField } from '../../components/TextField';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';
import { CustomerLinkPanel } from './CustomerLinkPanel';
import { CustomerResponseNote } from './CustomerResponseNote';
import { DocumentEmail } from './DocumentEmail';
import { DocumentFields } from './DocumentFields';
import { PrintPreview } from './PrintPreview';
import { quotationDocument } from '../../../domain/documents/printable';
import { StatusBadge } from './StatusBadge';

/**
 * /quotations/basic/create, /quotations/basic/{id} and /quotations/contract/{id}: a quotation's
 * details and lines (basic tab) and its contract period, visit frequency, planned visits and terms
 * (contract tab); status moves, turning an accepted quotation into an order, and its print view.
 */
export default function QuotationScreen({ data, route }: ScreenProps) {
  const screen = screenValue(data, 'quotation');
  const tab = route.apiQuery?.tab === 'contract' ? 'contract' : 'basic';
  return <QuotationEditor key={screen.quotation?.version ?? 'new'} screen={screen} tab={screen.quotation ? tab : 'create'} />;
}

function QuotationEditor({ screen, tab }: { screen: QuotationScreenData; tab: 'basic' | 'contract' | 'create' }) {
  const { t, i18n } = useTranslation('sales');
  const user = useAppState('user');
  const desk = use(useService(SalesDeskLoader).load()).quotation;
  const { options } = screen;
  const [quotation, setQuotation] = useState(screen.quotation);
  const start = quotationStart(screen, quotation);
  const [form, setForm] = useState(start);
  const [printing, setPrinting] = useState(false);
  const staleSave = useStaleSave();
  // One action at a time (save, a status move, convert, delete), each the use-case's; its failure is
  // said above the form (and by the fields it names), a stale save offers the latest version.
  const step = useSubmit((run: () => ResultAsync<unknown, Invalid | ApiError>) => run(), { always: true, staleSave });
  const { busy, errors } = step;
  const offers = desk.offers(user, quotation);
  const { canEdit, editable } = offers;
  const dirty = editable && comparableForm(form) !== comparableForm(start);
  useUnsavedChanges(dirty);
  const draft = useFormDraft(quotation ? `quotation:${quotation.id}:${quotation.version}` : 'quotation:new', form, dirty, start);
  const set = (change: Partial<QuotationForm>) => setForm((f) => ({ ...f, ...change }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (editable) void step.submit(() => desk.submit(quotation, form));
  };
  const move = (saved: Quotation, status: QuotationMove) => void step.submit(() => desk.move(saved, status).map(setQuotation));
  const convert = (saved: Quotation) => void step.submit(() => desk.convert(saved));
  const remove = (saved: Quotation) => void step.submit(() => desk.remove(saved));

  const visits = plannedVisits(form);
  const contractFields = (
    <fieldset className="plain-fieldset" disabled={!editable}>
      <div className="grid-4">
        <TextField label={t('field.periodStart')} type="date" value={form.periodStart} onChange={(e) => set({ periodStart: e.target.value })} errors={errors['contract.periodStart'] ?? errors.contract} />
        <TextField label={t('field.periodEnd')} type="date" value={form.periodEnd} onChange={(e) => set({ periodEnd: e.target.value })} errors={errors['contract.periodEnd']} />
        <SelectField label={t('field.frequency')} value={form.frequency} options={VISIT_FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }))} onChange={(e) => set({ frequency: e.target.value as VisitFrequency })} />
      </div>
      <p className="hint" role="status">
        {visits.length === 0 ? t('contract.noVisits') : visits.length === 1 ? t('contract.oneVisit', { first: visits[0] }) : t('contract.visits', { count: visits.length, first: visits[0], last: visits[visits.length - 1] })}
      </p>
    </fieldset>
  );

  return (
    <div className="stack">
      {quotation && (
        <>
          <p className="document-heading">
            <strong>{quotation.number}</strong> <StatusBadge kind="quotation" status={quotation.status} /> <span className="hint">{t(`kind.${quotation.kind}`)}</span>
          </p>
          <TabLinks label={t('tabs.label')} tabs={['basic', 'contract']} current={tab} href={(key) => `/quotations/${key}/${quotation.id}`} words={(key) => t(`tabs.${key}`)} />
        </>
      )}
      <FormAlert message={step.message} />
      <DraftBanner draft={draft} onRestore={(kept) => setForm({ ...kept, lines: rekeyLines(kept.lines) })} />
      <StaleSaveOffer staleSave={staleSave} label={t('reloadLatest')} />
      <form className="card document-card" noValidate onSubmit={onSubmit} aria-busy={busy}>
        {quotation && !editable && canEdit && <p className="notice">{t('quotation.locked')}</p>}
        {tab !== 'contract' && (
          <DocumentFields form={form} options={options} errors={errors} readOnly={!editable} set={set} showTerms={tab === 'create'}>
            {tab === 'create' ? (
              <SelectField label={t('field.kind')} value={form.kind} options={(['basic', 'contract'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))} onChange={(e) => set({ kind: e.target.value as 'basic' | 'contract' })} />
            ) : null}
            <TextField label={t('field.validDays')} inputMode="numeric" value={form.validDays} onChange={(e) => set({ validDays: e.target.value })} errors={errors.validDays} />
          </DocumentFields>
        )}
        {tab === 'create' && form.kind === 'contract' && contractFields}
        {tab === 'contract' && quotation && (
          <>
            {quotation.kind === 'contract' ? contractFields : <p className="notice">{t('contract.basic')}</p>}
            <fieldset className="checkbox-group" disabled={!editable}>
              <legend>{t('field.terms')}</legend>
              {options.terms.map((term) => (
                <label key={term.id} className="checkbox">
                  <input type="checkbox" checked={form.termIds.includes(term.id)} onChange={(e) => set({ termIds: tickTerm(form.termIds, term.id, e.target.checked) })} />{' '}
                  {i18n.language === 'en' ? term.titleEn || term.titleZh : term.titleZh || term.titleEn}
                </label>
              ))}
            </fieldset>
            {visits.length > 0 && (
              <details>
                <summary>{t('contract.showVisits')}</summary>
                <ol className="visit-list">
                  {visits.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ol>
              </details>
            )}
          </>
        )}
        <div className="form-actions">
          {editable && (
            <button type="submit" className="button button-primary" disabled={busy}>
              {quotation ? t('save') : t('quotation.create')}
            </button>
          )}
          {quotation && offers.moves.map((status) => (
              <button key={status} type="button" className="button button-secondary" onClick={() => move(quotation, status)}>
                {t(`quotation.move.${status}`)}
              </button>
            ))}
          {quotation && offers.convert && (
            <button type="button" className="button button-primary" onClick={() => convert(quotation)}>
              {t('quotation.convert')}
            </button>
          )}
          {quotation?.order && (
            <Link href={`/orders/order/invoice/${quotation.order.id}`} className="button button-secondary">
              {t('quotation.openOrder', { number: quotation.order.number })}
            </Link>
          )}
          {quotation && (
            <button type="button" className="button button-secondary" onClick={() => setPrinting(true)}>
              {t('print.open')}
            </button>
          )}
          {quotation && offers.delete && (
            <button type="button" className="button button-danger" onClick={() => remove(quotation)}>
              {t('delete')}
            </button>
          )}
        </div>
        {quotation && (
          <p className="hint">
            {t('quotation.validUntil', { date: quotation.validUntil })} · {t('field.total')} {formatHKD(quotation.total, i18n.language)}
          </p>
        )}
      </form>
      {quotation && <CustomerResponseNote response={quotation.customerResponse} />}
      {quotation && (
        <CustomerLinkPanel
          document={{ kind: 'quotation', id: quotation.id, number: quotation.number, phones: quotation.client?.contact?.phones ?? [], companyZh: quotation.letterhead?.nameZh ?? '', companyEn: quotation.letterhead?.nameEn ?? '' }}
        />
      )}
      {quotation && <DocumentEmail document="quotation" id={quotation.id} number={quotation.number} />}
      {printing && quotation && <PrintPreview doc={quotationDocument(quotation)} pdf={{ kind: 'quotation', id: quotation.id }} onClose={() => setPrinting(false)} />}
    </div>
  );
}
