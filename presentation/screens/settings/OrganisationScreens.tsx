import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  branchValues,
  companyValues,
  FPS_TYPES,
  LETTERHEAD_FIELDS,
  LETTERHEADS,
  ORGANISATION_FIELDS,
  organisationFormOffers,
  organisationListOffers,
  PREFIX_FIELDS,
  typedValue,
  type ChosenLetterheads,
  type Letterhead,
  type LetterheadNotSaved,
  type OrganisationKind,
  type OrganisationValues,
} from '../../../application/admin/organisation';
import { OrganisationDesk } from '../../../application/admin/OrganisationDesk';
import type { Versioned } from '../../../application/admin/referenceLists';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { CreateLink } from '../../components/CreateLink';
import { DataTable } from '../../components/DataTable';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StoredImage } from '../../components/StoredImage';
import { LabelledField, TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

/** What a company or branch form is about: which kind, the record (null: a new one) and its name. */
interface RecordFormSpec {
  readonly kind: OrganisationKind;
  readonly record: (Versioned & { readonly nameZh: string; readonly nameEn: string }) | null;
  /** The form's values when it opens. */
  readonly start: OrganisationValues;
  /** A company's pictures chosen on the form, stored by Save with the rest. */
  readonly letterheads?: ChosenLetterheads;
  /** Told when Save stopped at a picture the server would not store (null when a save starts). */
  readonly onLetterheadNotSaved?: (refused: LetterheadNotSaved | null) => void;
}

/**
 * The shared part of the company and branch forms: the values, unsaved changes and drafts, and the
 * save and delete of the use-case (OrganisationDesk: check, save, back to the list, say so).
 */
function useRecordForm(spec: RecordFormSpec) {
  const desk = useService(OrganisationDesk);
  const offers = organisationFormOffers(useAppState('user'), spec.kind, spec.record);
  const [values, setValues] = useState(spec.start);
  const letterheads = spec.letterheads ?? {};
  const form = useSubmit(
    (v: OrganisationValues) => {
      spec.onLetterheadNotSaved?.(null);
      return desk.save(spec.kind, spec.record, v, letterheads).mapErr((problem) => {
        if (problem.code === 'letterheadNotSaved') spec.onLetterheadNotSaved?.(problem);
        return problem;
      });
    },
    { fields: [...ORGANISATION_FIELDS[spec.kind], ...(spec.kind === 'companies' ? LETTERHEADS : [])] },
  );
  const canEdit = offers.edit;
  const dirty = canEdit && JSON.stringify(values) !== JSON.stringify(spec.start);
  // A chosen picture is an unsaved change too: leaving asks first.
  useUnsavedChanges(dirty || (canEdit && Object.keys(letterheads).length > 0));
  const name = spec.kind === 'companies' ? 'company' : 'branch';
  const draft = useFormDraft(spec.record ? `${name}:${spec.record.id}:${spec.record.version}` : `${name}:new`, values, dirty, spec.start);
  const set = (field: string, value: string) => setValues((v) => ({ ...v, [field]: typedValue(field, value) }));
  const remove = async () => {
    if (!spec.record) return;
    const result = await desk.remove(spec.kind, spec.record, spec.record.nameZh || spec.record.nameEn);
    // The refusal is said for the whole form (e.g. still in use), the fields kept as they are.
    if (result.isErr()) form.show({ ...result.error, fields: {} });
  };
  const canDelete = offers.delete;
  return { values, setValues, set, form, canEdit, canDelete, draft, remove };
}

type RecordForm = ReturnType<typeof useRecordForm>;

/** The frame both forms share: the message, the kept draft, the fields, Save and Delete. */
function RecordFormFrame({ record, message, children }: { readonly record: RecordForm; readonly message?: string | null; readonly children: ReactNode }) {
  const { t } = useTranslation('admin');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void record.form.submit(record.values);
  };
  return (
    <form className="card form-card" noValidate onSubmit={onSubmit} aria-busy={record.form.busy}>
      <FormAlert message={record.form.message ?? message ?? null} />
      <DraftBanner draft={record.draft} onRestore={record.setValues} />
      <fieldset className="plain-fieldset" disabled={!record.canEdit || record.form.busy}>
        {children}
      </fieldset>
      {record.canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={record.form.busy}>
            {t('save')}
          </button>
          {record.canDelete && (
            <button type="button" className="button button-danger" onClick={() => void record.remove()}>
              {t('delete')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** /settings/companies */
export function CompaniesScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const offers = organisationListOffers(useAppState('user'), 'companies');
  return (
    <div className="stack">
      <CreateLink offered={offers.create} href="/settings/companies/create">
        {t('companies.new')}
      </CreateLink>
      <DataTable
        caption={t('companies.caption')}
        columns={[
          { label: t('companies.name'), cell: (company) => <Link href={`/settings/companies/${company.id}`}>{bilingual(company, i18n.language)}</Link> },
          { label: t('companies.brNumber'), cell: (company) => company.brNumber || '—' },
          { label: t('companies.phone'), cell: (company) => company.phone || '—' },
        ]}
        rows={screenValue(data, 'companies')}
        rowKey={(company) => company.id}
      />
    </div>
  );
}

/**
 * /settings/companies/create and /{id}: letterhead fields in both languages, logo and chop. A logo
 * or chop chosen here is stored by Save with the rest (choosing one sends nothing and keeps every
 * field as typed); Save says "saved" only once all of it is, and says which picture was not.
 */
export function CompanyFormScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const loaded = screenValue(data, 'companyForm').company ?? null;
  const [chosen, setChosen] = useState<ChosenLetterheads>({});
  const [refused, setRefused] = useState<LetterheadNotSaved | null>(null);
  const onLetterheadNotSaved = (problem: LetterheadNotSaved | null) => {
    setRefused(problem);
    // A picture stored before the refused one is no longer waiting to be saved.
    if (problem) setChosen((now) => Object.fromEntries(Object.entries(now).filter(([kind]) => !problem.stored.includes(kind as Letterhead))));
  };
  const record = useRecordForm({ kind: 'companies', record: loaded, start: companyValues(loaded), letterheads: chosen, onLetterheadNotSaved });
  // The pictures as stored now (one stored by a Save that stopped at the next shows at once).
  const company = refused?.company ?? loaded;
  // The logo is stored before the chop: a chop refused after a new logo leaves the logo saved.
  const refusal = refused ? (refused.stored.length > 0 ? t('companies.picturePartlySaved') : t('companies.pictureNotSaved', { picture: t(`companies.pictureNames.${refused.letterhead}`) })) : null;
  const choose = (kind: Letterhead, file: File | undefined) =>
    setChosen((now) => {
      const { [kind]: _dropped, ...rest } = now;
      return file ? { ...rest, [kind]: file } : rest;
    });

  return (
    <RecordFormFrame record={record} message={refusal}>
      <div className="grid-2">
        {LETTERHEAD_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`companies.${field}`)}
            lang={field.endsWith('Zh') ? 'zh-HK' : field.endsWith('En') ? 'en' : undefined}
            value={record.values[field] ?? ''}
            onChange={(e) => record.set(field, e.target.value)}
            errors={record.form.errors[field]}
          />
        ))}
      </div>
      <HintedFieldset id="company-numbering-hint" legend={t('companies.numbering')} hint={t('companies.numberingHint')}>
        <div className="grid-2">
          {PREFIX_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`companies.${field}`)}
              value={record.values[field] ?? ''}
              maxLength={6}
              autoCapitalize="characters"
              onChange={(e) => record.set(field, e.target.value)}
              errors={record.form.errors[field]}
            />
          ))}
        </div>
      </HintedFieldset>
      <HintedFieldset id="company-payment-hint" legend={t('companies.payment')} hint={t('companies.paymentHint')}>
        <div className="grid-2">
          <SelectField
            label={t('companies.fpsType')}
            value={record.values.fpsType ?? ''}
            onChange={(e) => record.set('fpsType', e.target.value)}
            emptyLabel={t('companies.fpsNone')}
            options={FPS_TYPES.map((type) => ({ value: type, label: t(`companies.fpsTypes.${type}`) }))}
            errors={record.form.errors.fpsType}
          />
          <TextField label={t('companies.fpsValue')} value={record.values.fpsValue ?? ''} onChange={(e) => record.set('fpsValue', e.target.value)} errors={record.form.errors.fpsValue} />
          {(['bankName', 'bankAccountName', 'bankAccountNumber'] as const).map((field) => (
            <TextField key={field} label={t(`companies.${field}`)} value={record.values[field] ?? ''} onChange={(e) => record.set(field, e.target.value)} errors={record.form.errors[field]} />
          ))}
        </div>
      </HintedFieldset>
      {company && (
        <div className="grid-2">
          {LETTERHEADS.map((kind) => (
            <LetterheadField key={kind} kind={kind} image={kind === 'logo' ? company.logoUrl : company.chopUrl} chosen={chosen[kind]} errors={record.form.errors[kind]} onChoose={(file) => choose(kind, file)} />
          ))}
        </div>
      )}
    </RecordFormFrame>
  );
}

/** A company's logo or chop: the one stored, and the file chosen to replace it when the form is saved. */
function LetterheadField({ kind, image, chosen, errors, onChoose }: { kind: Letterhead; image: string | null; chosen: Blob | undefined; errors: readonly string[] | undefined; onChoose: (file: File | undefined) => void }) {
  const { t } = useTranslation('admin');
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const chosenName = chosen instanceof File ? chosen.name : '';
  return (
    <LabelledField label={t(`companies.${kind}`)} errors={errors}>
      {(control) => (
        <>
          {image && <StoredImage className="letterhead-image" path={image} alt={t(`companies.${kind}Alt`)} />}
          <input
            ref={input}
            {...control}
            aria-describedby={[control['aria-describedby'], hintId].filter(Boolean).join(' ')}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => onChoose(e.target.files?.[0])}
          />
          <p id={hintId} className="hint">
            {chosen ? t('companies.pictureChosen', { name: chosenName }) : t('companies.pictureHint')}
          </p>
          {chosen && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                if (input.current) input.current.value = '';
                onChoose(undefined);
              }}
            >
              {t('companies.pictureUnchoose', { picture: t(`companies.pictureNames.${kind}`) })}
            </button>
          )}
        </>
      )}
    </LabelledField>
  );
}

/** A group of fields with its legend and a hint that describes it. */
function HintedFieldset({ id, legend, hint, children }: { id: string; legend: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="plain-fieldset" aria-describedby={id}>
      <legend>{legend}</legend>
      <p id={id} className="hint">
        {hint}
      </p>
      {children}
    </fieldset>
  );
}

/** /settings/branches */
export function BranchesScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const offers = organisationListOffers(useAppState('user'), 'branches');
  return (
    <div className="stack">
      <CreateLink offered={offers.create} href="/settings/branches/create">
        {t('branches.new')}
      </CreateLink>
      <DataTable
        caption={t('branches.caption')}
        columns={[
          { label: t('branches.name'), cell: (branch) => <Link href={`/settings/branches/${branch.id}`}>{bilingual(branch, i18n.language)}</Link> },
          { label: t('branches.company'), cell: (branch) => bilingual(branch.company, i18n.language) },
          { label: t('branches.address'), cell: (branch) => branch.address || '—' },
          { label: t('branches.phone'), cell: (branch) => branch.phone || '—' },
        ]}
        rows={screenValue(data, 'branches')}
        rowKey={(branch) => branch.id}
      />
    </div>
  );
}

/** /settings/branches/create and /{id} */
export function BranchFormScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const { branch = null, options } = screenValue(data, 'branchForm');
  const record = useRecordForm({ kind: 'branches', record: branch, start: branchValues(branch, options.companies) });
  const { values, set, form } = record;
  return (
    <RecordFormFrame record={record}>
      <div className="grid-2">
        <TextField label={t('nameZh')} lang="zh-HK" value={values.nameZh ?? ''} onChange={(e) => set('nameZh', e.target.value)} errors={form.errors.nameZh} />
        <TextField label={t('nameEn')} lang="en" value={values.nameEn ?? ''} onChange={(e) => set('nameEn', e.target.value)} errors={form.errors.nameEn} />
      </div>
      <SelectField
        label={t('branches.company')}
        value={values.companyId ?? ''}
        onChange={(e) => set('companyId', e.target.value)}
        options={options.companies.map((c) => ({ value: String(c.id), label: bilingual(c, i18n.language) }))}
        errors={form.errors.companyId}
      />
      <TextField label={t('branches.address')} value={values.address ?? ''} onChange={(e) => set('address', e.target.value)} errors={form.errors.address} />
      <TextField label={t('branches.phone')} type="tel" value={values.phone ?? ''} onChange={(e) => set('phone', e.target.value)} errors={form.errors.phone} />
    </RecordFormFrame>
  );
}
