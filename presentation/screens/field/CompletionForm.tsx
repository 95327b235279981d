import './field.css';
import '../calendar/calendar.css';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoTag } from '../../../domain/appointments/report';
import type { AppointmentScreenData, ProductChoice } from '../../../application/appointments/appointment';
import { emptyCompletion, type CompletionDraft, type PhotoDraft } from '../../../application/field/completion';
import { FieldDesk } from '../../../application/field/FieldDesk';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { useProblemWords } from '../../format/problem';
import { visitWhen } from '../../format/visitWhen';
import { useAppState } from '../../hooks/useAppState';
import { useObjectUrl } from '../../hooks/useObjectUrl';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';
import { SignaturePad } from '../calendar/SignaturePad';

interface Row {
  readonly key: number;
  readonly productId: string;
  readonly quantity: string;
  readonly note: string;
}

let nextKey = 1;

/** A drawn signature as the pad shows it again (a data URL). */
const pictureOf = (png: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(png);
  });

/**
 * Completing a visit on a phone (issue 22; /calendar/completed-report/{id} for a worker): findings,
 * work done, pests found and areas treated, the products used with quantity, unit and active
 * ingredient, several photos at once from the camera or the gallery (made small on the phone, each
 * tagged before or after), the client's and the worker's signatures; kept on the phone and sent in
 * one go by the FieldDesk use-case, which then opens the visit again (or My day, where the outbox
 * shows it when it could not be sent).
 */
export function CompletionForm({ data, onOfficeView }: { data: AppointmentScreenData; onOfficeView: () => void }) {
  const { t, i18n } = useTranslation(['field', 'calendar', 'products']);
  const language = i18n.language;
  const { appointment, occurrence: visit } = data;
  const products = data.products ?? [];
  const me = useAppState('user');
  const desk = useService(FieldDesk);
  const { say } = useProblemWords();
  const id = useId();
  const workers = appointment.workers.filter((w) => appointment.workerIds.includes(w.id));
  const [draft, setDraft] = useState<CompletionDraft>(() => emptyCompletion(me && appointment.workerIds.includes(me.id) ? me.id : (appointment.workerIds[0] ?? null)));
  const [rows, setRows] = useState<readonly Row[]>([]);
  const [pictures, setPictures] = useState<{ client: string | null; worker: string | null }>({ client: null, worker: null });
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const rowFields = rows.flatMap((_, i) => [`productsUsed.${i}.productId`, `productsUsed.${i}.quantity`]);
  const sending = useSubmit((sent: CompletionDraft) => desk.complete({ appointmentId: appointment.id, date: visit.date, version: data.report?.version ?? visit.visitVersion, workerIds: appointment.workerIds, client: appointment.client ? { nameEn: appointment.client.nameEn, nameZh: appointment.client.nameZh } : null }, sent), {
    fields: ['workDone', 'findings', 'clientSignature', 'workerSignature', 'signer', ...rowFields],
  });
  const { busy, errors } = sending;
  const dirty = rows.length > 0 || draft.photos.length > 0 || draft.clientSignature !== null || draft.workerSignature !== null || [draft.findings, draft.workDone, draft.pestsFound, draft.areasTreated].some((v) => v !== '');
  useUnsavedChanges(dirty && !busy);

  const set = <K extends keyof CompletionDraft>(field: K, value: CompletionDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));
  const setRow = (index: number, patch: Partial<Row>) => setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const product = (productId: string): ProductChoice | undefined => products.find((p) => String(p.id) === productId);

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setPhotoProblem(null);
    setPreparing(true);
    const prepared = await desk.preparePhotos(files, draft.photos);
    setPreparing(false);
    prepared.match(
      (photos) => setDraft((d) => ({ ...d, photos: [...d.photos, ...photos] })),
      (problem) => setPhotoProblem(problem.code === 'unreadableImage' ? t('photos.unreadable', { name: problem.name }) : say(problem)),
    );
  };
  const tagPhoto = (key: string, tag: PhotoTag) => set('photos', draft.photos.map((p) => (p.key === key ? { ...p, tag } : p)));
  const removePhoto = (photo: PhotoDraft) => set('photos', draft.photos.filter((p) => p.key !== photo.key));

  const signed = (who: 'client' | 'worker') => async (png: Blob) => {
    const picture = await pictureOf(png).catch(() => null);
    set(who === 'client' ? 'clientSignature' : 'workerSignature', png);
    setPictures((p) => ({ ...p, [who]: picture }));
    return true;
  };
  const unsigned = (who: 'client' | 'worker') => () => {
    set(who === 'client' ? 'clientSignature' : 'workerSignature', null);
    setPictures((p) => ({ ...p, [who]: null }));
    return Promise.resolve(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void sending.submit({ ...draft, products: rows.map(({ productId, quantity, note }) => ({ productId, quantity, note })) });
  };

  const failure = sending.message ?? (Object.keys(errors).length > 0 ? t('report.summary') : null);
  const fieldErrors = (messages: readonly string[] | undefined) =>
    messages && messages.length > 0 ? (
      <ul className="field-errors">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    ) : null;

  return (
    <form className="stack completion-form" noValidate onSubmit={submit} aria-busy={busy}>
      <header className="stack">
        <h1>{t('report.title')}</h1>
        <p>
          <strong>{appointment.client ? bilingual(appointment.client, language) : t('calendar:noClient')}</strong>
        </p>
        <p>{visitWhen(visit, appointment.allDay, language, t('calendar:allDay'))}</p>
      </header>
      <FormAlert message={failure} />
      <fieldset className="plain-fieldset stack card" disabled={busy}>
        <TextAreaField label={t('report.findings')} value={draft.findings} maxLength={5000} rows={3} onChange={(e) => set('findings', e.target.value)} errors={errors.findings} />
        <TextAreaField label={t('report.workDone')} value={draft.workDone} maxLength={5000} rows={3} onChange={(e) => set('workDone', e.target.value)} errors={errors.workDone} />
        <TextAreaField label={t('report.pestsFound')} value={draft.pestsFound} maxLength={2000} rows={2} onChange={(e) => set('pestsFound', e.target.value)} />
        <TextAreaField label={t('report.areasTreated')} value={draft.areasTreated} maxLength={2000} rows={2} onChange={(e) => set('areasTreated', e.target.value)} />
      </fieldset>

      <fieldset className="plain-fieldset stack card" disabled={busy}>
        <legend>{t('report.products')}</legend>
        {rows.length === 0 && <p className="hint">{t('report.noProducts')}</p>}
        {rows.map((row, index) => {
          const chosen = product(row.productId);
          return (
            <div key={row.key} className="stack product-use" role="group" aria-label={t('report.productRow', { n: index + 1 })}>
              <SelectField
                label={t('report.product')}
                value={row.productId}
                onChange={(e) => setRow(index, { productId: e.target.value })}
                emptyLabel={t('report.chooseProduct')}
                options={products.map((p) => ({ value: String(p.id), label: `${p.code} ${bilingual(p, language)}` }))}
                errors={errors[`productsUsed.${index}.productId`]}
              />
              <TextField
                label={chosen?.unit ? `${t('report.quantity')} (${t(`products:unit.${chosen.unit}`)})` : t('report.quantity')}
                inputMode="decimal"
                value={row.quantity}
                onChange={(e) => setRow(index, { quantity: e.target.value })}
                errors={errors[`productsUsed.${index}.quantity`]}
              />
              {chosen?.activeIngredient && (
                <p className="hint">
                  {t('report.activeIngredient')}: {chosen.activeIngredient}
                </p>
              )}
              <button type="button" className="button button-secondary touch" onClick={() => setRows((all) => all.filter((_, i) => i !== index))}>
                {t('report.removeProduct', { n: index + 1 })}
              </button>
            </div>
          );
        })}
        <p>
          <button type="button" className="button button-secondary touch" onClick={() => setRows((all) => [...all, { key: nextKey++, productId: '', quantity: '1', note: '' }])}>
            {t('report.addProduct')}
          </button>
        </p>
      </fieldset>

      <section className="card stack" aria-labelledby={`${id}-photos`}>
        <h2 id={`${id}-photos`}>{t('photos.title')}</h2>
        <div className="field">
          <label htmlFor={`${id}-add`}>{t('photos.add')}</label>
          <input id={`${id}-add`} className="touch-file" type="file" accept="image/*" multiple capture="environment" disabled={busy || preparing} onChange={(e) => void addPhotos(e)} />
          <p className="hint">{t('photos.hint')}</p>
        </div>
        {preparing && (
          <p role="status" aria-live="polite">
            {t('photos.preparing')}
          </p>
        )}
        <FormAlert message={photoProblem} />
        {draft.photos.length === 0 ? (
          <p className="hint">{t('photos.none')}</p>
        ) : (
          <ul className="photo-tags">
            {draft.photos.map((photo, index) => (
              <PhotoChoice key={photo.key} photo={photo} n={index + 1} onTag={(tag) => tagPhoto(photo.key, tag)} onRemove={() => removePhoto(photo)} />
            ))}
          </ul>
        )}
      </section>

      <section className="card stack" aria-labelledby={`${id}-signatures`}>
        <h2 id={`${id}-signatures`}>{t('signatures.title')}</h2>
        <TextField label={t('report.clientName')} value={draft.clientName} maxLength={120} onChange={(e) => set('clientName', e.target.value)} />
        <SignaturePad label={t('signatures.client')} image={pictures.client} disabled={busy} onSave={signed('client')} onClear={unsigned('client')} />
        {fieldErrors(errors.clientSignature)}
        {workers.length > 0 && (
          <SelectField
            label={t('signatures.signer')}
            value={draft.workerSignerId}
            disabled={busy}
            onChange={(e) => set('workerSignerId', e.target.value)}
            options={workers.map((w) => ({ value: String(w.id), label: w.name }))}
            errors={errors.signer}
          />
        )}
        <SignaturePad label={t('signatures.worker')} image={pictures.worker} disabled={busy} onSave={signed('worker')} onClear={unsigned('worker')} />
        {fieldErrors(errors.workerSignature)}
      </section>

      <p className="stack">
        <button type="submit" className="button button-primary touch" disabled={busy || preparing}>
          {busy ? t('report.sending') : t('report.submit')}
        </button>
        <button type="button" className="link-button" onClick={onOfficeView}>
          {t('visit.officeView')}
        </button>
      </p>
    </form>
  );
}

/**
 * One photo of the completion (issue 31 item 20): its thumbnail (a blob: address made while it is
 * shown, given up when it is removed or the form is left), before or after the work, and removing it.
 */
function PhotoChoice({ photo, n, onTag, onRemove }: { photo: PhotoDraft; n: number; onTag: (tag: PhotoTag) => void; onRemove: () => void }) {
  const { t } = useTranslation('field');
  const address = useObjectUrl(photo.photo);
  return (
    <li className="photo-choice">
      {address && <img className="photo-thumb" src={address} alt={t('photos.thumbnail', { n, name: photo.name })} />}
      <fieldset className="plain-fieldset">
        <legend>{t('photos.tag', { n })}</legend>
        <div className="inline-actions">
          {(['before', 'after'] as const).map((tag) => (
            <label key={tag} className="choice touch">
              <input type="radio" name={`${photo.key}-tag`} value={tag} checked={photo.tag === tag} onChange={() => onTag(tag)} /> {t(`photos.${tag}`)}
            </label>
          ))}
          <button type="button" className="button button-secondary touch" onClick={onRemove}>
            {t('photos.remove', { n })}
          </button>
        </div>
      </fieldset>
    </li>
  );
}
