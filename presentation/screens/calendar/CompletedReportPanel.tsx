import type { ResultAsync } from 'neverthrow';
import { use, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppointmentFlowLoader } from '../../../application/appointments/AppointmentFlowLoader';
import { isReportEditable } from '../../../domain/appointments/report';
import { serviceReportLinkable } from '../../../domain/links/linkedDocuments';
import type { AppointmentStatus } from '../../../domain/appointments/status';
import type { ApiError } from '../../../application/api/ApiError';
import type { Invalid } from '../../../application/forms/Invalid';
import type { Appointment, CompanyHeading, ProductChoice, Report, Visit } from '../../../application/appointments/appointment';
import { quantityText, saveReport } from '../../../application/appointments/reportLines';
import { DraftBanner } from '../../components/DraftBanner';
import { FormActions } from '../../components/FormActions';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StoredImage } from '../../components/StoredImage';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';
import { PdfDownload } from '../../components/PdfDownload';
import { CustomerLinkPanel } from '../sales/CustomerLinkPanel';
import { PrintableReport, type PrintLanguage } from './PrintableReport';
import { SignaturePad } from './SignaturePad';

interface ProductRow {
  readonly key: number;
  readonly productId: string;
  readonly quantity: string;
  readonly note: string;
}

interface FormState {
  readonly workDone: string;
  readonly findings: string;
  readonly pestsFound: string;
  readonly areasTreated: string;
  readonly clientSigner: string;
  readonly products: readonly ProductRow[];
}

let nextKey = 1;
const stateOf = (report: Report | null): FormState => ({
  workDone: report?.workDone ?? '',
  findings: report?.findings ?? '',
  pestsFound: report?.pestsFound ?? '',
  areasTreated: report?.areasTreated ?? '',
  clientSigner: report?.clientSigner ?? '',
  products: (report?.productsUsed ?? []).map((p) => ({ key: nextKey++, productId: String(p.productId), quantity: quantityText(p.quantity), note: p.note })),
});
const comparable = (s: FormState) => JSON.stringify({ ...s, products: s.products.map(({ key: _key, ...p }) => p) });

/** One thing done on the report (save, sign, a photo): the use-case's call, with what the panel does once it succeeds. */
type Step = () => ResultAsync<void, ApiError | Invalid>;

/**
 * The completed report of one visit (/calendar/completed-report/{id}): work done, findings, products
 * used, photos (5 MB each), the client's and the worker's signatures drawn on the screen, and a
 * printable copy in Chinese, English or both. Once with the office (auditing, audited) it is locked.
 * Once completed, a customer link and "Send by WhatsApp" send it to the client.
 */
export function CompletedReportPanel({
  appointment,
  visit,
  initial,
  products,
  company,
  phones = [],
  status,
  canEdit,
  onVersion,
}: {
  appointment: Appointment;
  visit: Visit;
  initial: Report | null;
  products: readonly ProductChoice[];
  company: CompanyHeading | null;
  /** The client's contacts' phone numbers (to send the report's link by WhatsApp). */
  phones?: readonly string[];
  status: AppointmentStatus;
  canEdit: boolean;
  /** The visit's version after a change here (status changes need it). */
  onVersion: (version: number) => void;
}) {
  const { t, i18n } = useTranslation(['calendar', 'field']);
  const language = i18n.language;
  const service = use(useService(AppointmentFlowLoader).loadService());
  const [report, setReport] = useState<Report | null>(initial);
  const [saved, setSaved] = useState<FormState>(() => stateOf(initial));
  const [form, setForm] = useState<FormState>(saved);
  const [done, setDone] = useState<string | null>(null);
  const [printLanguage, setPrintLanguage] = useState<PrintLanguage>(language === 'en' ? 'en' : 'zh-HK');
  const me = useAppState('user');
  // The worker's signature is credited to the worker who signs: one of the visit's workers, chosen
  // here (the one who signed before, else the signed-in user when they work the visit, else the first).
  const visitWorkers = appointment.workers.filter((w) => appointment.workerIds.includes(w.id));
  const [signerId, setSignerId] = useState<string>(() => {
    const ids = appointment.workerIds;
    const chosen = initial?.workerSignerId ?? (me && ids.includes(me.id) ? me.id : ids[0]);
    return chosen === undefined || chosen === null ? '' : String(chosen);
  });
  const photoId = useId();
  const editable = canEdit && isReportEditable(status);
  const dirty = comparable(form) !== comparable(saved);
  useUnsavedChanges(dirty && editable);
  const version = report?.version ?? visit.visitVersion;
  const draft = useFormDraft(`report:${appointment.id}:${visit.date}:${version}`, form, dirty && editable, saved);
  const set = <K extends keyof FormState>(field: K, value: FormState[K]) => setForm((f) => ({ ...f, [field]: value }));
  const setRow = (index: number, patch: Partial<ProductRow>) => set('products', form.products.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  // One step at a time; a failure is said under the fields it names (those of the form, the signer),
  // else above the panel, and field messages come with one line for the whole form.
  const step = useSubmit((run: Step) => run(), {
    fields: ['workDone', 'findings', 'pestsFound', 'areasTreated', 'clientSigner', ...form.products.flatMap((_, i) => [`productsUsed.${i}.productId`, `productsUsed.${i}.quantity`, `productsUsed.${i}.note`]), 'signer'],
  });
  const { busy, errors } = step;
  const failure = step.message ?? (Object.keys(errors).length > 0 ? t('validation.summary') : null);
  const run = async (action: Step): Promise<boolean> => {
    setDone(null);
    return (await step.submit(action))?.isOk() ?? false;
  };

  const took = (next: Report) => {
    setReport(next);
    onVersion(next.version);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editable) return;
    const sent = form;
    void run(() =>
      saveReport(service, appointment.id, visit.date, { ...sent, version }).map((next) => {
        took(next);
        setSaved(sent);
        setDone(t('report.saved'));
      }),
    );
  };

  const sign = (who: 'client' | 'worker') => (png: Blob) =>
    run(() =>
      service.sign(appointment.id, visit.date, who, png, who === 'worker' && signerId !== '' ? Number(signerId) : undefined).map((next) => {
        took(next);
        setDone(t('signature.done'));
      }),
    );
  const unsign = (who: 'client' | 'worker') => () => run(() => service.clearSignature(appointment.id, visit.date, who).map(took));

  const addPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void run(() =>
      service.addPhoto(appointment.id, visit.date, file).map((next) => {
        took(next);
        setDone(t('photos.added', { name: file.name }));
      }),
    );
  };

  const removePhoto = (id: number) => void run(() => service.removePhoto(appointment.id, id).map(took));

  const productLabel = (p: ProductChoice) => `${p.code} ${bilingual(p, language)}`;

  return (
    <div className="stack">
      <FormAlert message={failure ?? done} tone={failure ? 'danger' : 'success'} />
      {!editable && canEdit && <p className="notice no-print">{t('report.locked')}</p>}
      <DraftBanner
        draft={draft}
        onRestore={(kept) => setForm({ ...kept, pestsFound: kept.pestsFound ?? '', areasTreated: kept.areasTreated ?? '', products: kept.products.map((p) => ({ ...p, key: nextKey++ })) })}
      />
      <form className="card stack no-print" noValidate onSubmit={submit} aria-busy={busy}>
        <fieldset className="plain-fieldset stack" disabled={!editable || busy}>
          <TextAreaField label={t('report.workDone')} value={form.workDone} maxLength={5000} rows={4} onChange={(e) => set('workDone', e.target.value)} errors={errors.workDone} />
          <TextAreaField label={t('report.findings')} value={form.findings} maxLength={5000} rows={4} onChange={(e) => set('findings', e.target.value)} errors={errors.findings} />
          <TextAreaField label={t('field:report.pestsFound')} value={form.pestsFound} maxLength={2000} rows={2} onChange={(e) => set('pestsFound', e.target.value)} errors={errors.pestsFound} />
          <TextAreaField label={t('field:report.areasTreated')} value={form.areasTreated} maxLength={2000} rows={2} onChange={(e) => set('areasTreated', e.target.value)} errors={errors.areasTreated} />
          <fieldset className="checkbox-group">
            <legend>{t('report.products')}</legend>
            {form.products.length === 0 && <p className="hint">{t('report.noProducts')}</p>}
            {form.products.map((row, index) => (
              <div key={row.key} className="product-row" role="group" aria-label={t('report.productRow', { n: index + 1 })}>
                <SelectField
                  label={t('report.product')}
                  value={row.productId}
                  onChange={(e) => setRow(index, { productId: e.target.value })}
                  emptyLabel={t('report.chooseProduct')}
                  options={products.map((p) => ({ value: String(p.id), label: productLabel(p) }))}
                  errors={errors[`productsUsed.${index}.productId`]}
                />
                <TextField label={t('report.quantity')} inputMode="decimal" value={row.quantity} onChange={(e) => setRow(index, { quantity: e.target.value })} errors={errors[`productsUsed.${index}.quantity`]} />
                <TextField label={t('report.note')} value={row.note} maxLength={200} onChange={(e) => setRow(index, { note: e.target.value })} />
                <button type="button" className="button button-secondary" onClick={() => set('products', form.products.filter((_, i) => i !== index))}>
                  {t('report.removeProduct', { n: index + 1 })}
                </button>
              </div>
            ))}
            {editable && (
              <p>
                <button type="button" className="button button-secondary" onClick={() => set('products', [...form.products, { key: nextKey++, productId: '', quantity: '1', note: '' }])}>
                  {t('report.addProduct')}
                </button>
              </p>
            )}
          </fieldset>
          <TextField label={t('report.clientSigner')} value={form.clientSigner} maxLength={120} onChange={(e) => set('clientSigner', e.target.value)} errors={errors.clientSigner} />
        </fieldset>
        {editable && <FormActions busy={busy} submitLabel={t('report.save')} />}
      </form>

      <section className="card stack no-print" aria-labelledby={`${photoId}-heading`}>
        <h2 id={`${photoId}-heading`}>{t('photos.title')}</h2>
        {editable && (
          <div className="field">
            <label htmlFor={photoId}>{t('photos.add')}</label>
            <input id={photoId} type="file" accept="image/png,image/jpeg,image/gif,image/webp" disabled={busy} onChange={addPhoto} />
            <p className="hint">{t('photos.limit')}</p>
          </div>
        )}
        {(report?.photos.length ?? 0) === 0 ? (
          <p className="hint">{t('photos.none')}</p>
        ) : (
          <ul className="photo-grid">
            {report?.photos.map((p) => (
              <li key={p.id}>
                <figure>
                  <StoredImage path={p.downloadUrl} alt={p.name} />
                  <figcaption>{p.name}</figcaption>
                  {editable && (
                    <button type="button" className="link-button" onClick={() => removePhoto(p.id)}>
                      {t('photos.remove', { name: p.name })}
                    </button>
                  )}
                </figure>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card stack no-print" aria-labelledby={`${photoId}-signatures`}>
        <h2 id={`${photoId}-signatures`}>{t('signature.title')}</h2>
        <div className="signatures">
          <SignaturePad label={t('signature.client')} image={report?.clientSignature ?? null} disabled={!editable} onSave={sign('client')} onClear={unsign('client')} />
          <div className="stack">
            {visitWorkers.length > 0 && (
              <SelectField
                label={t('signature.signer')}
                value={signerId}
                disabled={!editable}
                onChange={(e) => setSignerId(e.target.value)}
                options={visitWorkers.map((w) => ({ value: String(w.id), label: w.name }))}
                errors={errors.signer}
              />
            )}
            <SignaturePad label={t('signature.worker')} image={report?.workerSignature ?? null} disabled={!editable} onSave={sign('worker')} onClear={unsign('worker')} />
          </div>
        </div>
      </section>

      <section className="card stack no-print" aria-labelledby={`${photoId}-print`}>
        <h2 id={`${photoId}-print`}>{t('print.title')}</h2>
        <div className="filters">
          <SelectField
            label={t('print.language')}
            value={printLanguage}
            onChange={(e) => setPrintLanguage(e.target.value as PrintLanguage)}
            options={(['zh-HK', 'en', 'both'] as const).map((l) => ({ value: l, label: t(`print.${l}`) }))}
          />
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            {t('print.print')}
          </button>
          {/* A visit with a report of its own (a row, version 1 on) has a PDF. */}
          {(report?.version ?? 0) > 0 && <PdfDownload document={{ kind: 'serviceReport', appointmentId: appointment.id, date: visit.date }} language={printLanguage} />}
        </div>
        {dirty && <p className="hint">{t('print.unsaved')}</p>}
      </section>

      {/* Once completed, the report can be sent to the customer: a link and WhatsApp. */}
      {serviceReportLinkable(status) && (report?.version ?? 0) > 0 && (
        <div className="no-print">
          <CustomerLinkPanel
            document={{ kind: 'serviceReport', id: appointment.id, date: visit.date, number: visit.date, phones, companyZh: company?.nameZh ?? '', companyEn: company?.nameEn ?? '' }}
          />
        </div>
      )}

      <PrintableReport appointment={appointment} visit={visit} report={report} status={status} company={company} language={printLanguage} />
    </div>
  );
}
