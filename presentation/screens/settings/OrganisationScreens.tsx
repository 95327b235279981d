import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  branchValues,
  companyValues,
  FPS_TYPES,
  LETTERHEAD_FIELDS,
  ORGANISATION_FIELDS,
  organisationFormOffers,
  organisationListOffers,
  PREFIX_FIELDS,
  typedValue,
  type Letterhead,
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
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
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
}

/**
 * The shared part of the company and branch forms: the values, unsaved changes and drafts, and the
 * save and delete of the use-case (OrganisationDesk: check, save, back to the list, say so).
 */
function useRecordForm(spec: RecordFormSpec) {
  const desk = useService(OrganisationDesk);
  const offers = organisationFormOffers(useAppState('user'), spec.kind, spec.record);
  const [values, setValues] = useState(spec.start);
  const form = useSubmit((v: OrganisationValues) => desk.save(spec.kind, spec.record, v), { fields: ORGANISATION_FIELDS[spec.kind] });
  const canEdit = offers.edit;
  const dirty = canEdit && JSON.stringify(values) !== JSON.stringify(spec.start);
  useUnsavedChanges(dirty);
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

/** /settings/companies/create and /{id}: letterhead fields in both languages, logo and chop. */
export function CompanyFormScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const problems = useProblemWords();
  const desk = useService(OrganisationDesk);
  const company = screenValue(data, 'companyForm').company ?? null;
  const record = useRecordForm({ kind: 'companies', record: company, start: companyValues(company) });
  const [uploadMessage, setUploadMessage] = useState<string | null>(null);

  const upload = async (kind: Letterhead, file: File | undefined) => {
    if (!company || !file) return;
    setUploadMessage(null);
    const result = await desk.uploadLetterhead(company.id, kind, file);
    if (result.isErr()) setUploadMessage(problems.say(result.error));
  };

  return (
    <RecordFormFrame record={record} message={uploadMessage}>
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
          {(['logo', 'chop'] as const).map((kind) => {
            const image = kind === 'logo' ? company.logoUrl : company.chopUrl;
            return (
              <div className="field" key={kind}>
                <label htmlFor={`company-${kind}`}>{t(`companies.${kind}`)}</label>
                {image && <StoredImage className="letterhead-image" path={image} alt={t(`companies.${kind}Alt`)} />}
                <input id={`company-${kind}`} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => void upload(kind, e.target.files?.[0])} />
              </div>
            );
          })}
        </div>
      )}
    </RecordFormFrame>
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
