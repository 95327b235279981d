import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { ResourceService } from '../../../application/admin/ResourceService';
import { decodeBranch, decodeBranchRows, decodeCompany, decodeNamed, type Company } from '../../../application/admin/records';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StoredImage } from '../../components/StoredImage';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

type Kind = 'companies' | 'branches';

/** Saves a company or branch form and returns to its list; the shared part of both forms. */
function useRecordForm(kind: Kind, id: number | null, version: number | null, fields: readonly string[]) {
  const problems = useProblemWords();
  const resources = useService(ResourceService);
  const navigation = useService(NavigationService);
  const confirmation = useService(ConfirmationService);
  const state = useService(AppState);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (body: Record<string, unknown>) => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    const result = id === null ? await resources.create(`/api/${kind}`, body) : await resources.update(`/api/${kind}/${id}`, { ...body, version });
    setBusy(false);
    if (result.isErr()) {
      const problem = problems.describe(result.error, { fields });
      setErrors(problem.fields);
      setMessage(problem.message);
      return;
    }
    state.set({ unsavedChanges: false });
    await navigation.navigate(`/settings/${kind}`);
    state.set({ notification: { title: 'admin:saved', type: 'success' } });
  };

  const remove = async (name: string) => {
    if (id === null || !(await confirmation.ask({ kind: 'delete', values: { name } }))) return;
    const result = await resources.remove(`/api/${kind}/${id}`);
    if (result.isErr()) {
      setMessage(problems.say(result.error));
      return;
    }
    state.set({ unsavedChanges: false });
    await navigation.navigate(`/settings/${kind}`);
  };

  return { errors, setErrors, message, setMessage, busy, save, remove, resources };
}

/** /settings/companies */
export function CompaniesScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const user = useAppState('user');
  const companies = (Array.isArray(data.items) ? data.items : []).map(decodeCompany).filter((c): c is Company => c !== null);
  return (
    <div className="stack">
      {hasPermission(user, 'company_create') && (
        <p>
          <Link href="/settings/companies/create" className="button button-primary">
            {t('companies.new')}
          </Link>
        </p>
      )}
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">{t('companies.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('companies.name')}</th>
              <th scope="col">{t('companies.brNumber')}</th>
              <th scope="col">{t('companies.phone')}</th>
            </tr>
          </thead>
          <tbody>
            {companies.map((company) => (
              <tr key={company.id}>
                <td>
                  <Link href={`/settings/companies/${company.id}`}>{bilingual(company, i18n.language)}</Link>
                </td>
                <td>{company.brNumber || '—'}</td>
                <td>{company.phone || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const LETTERHEAD_FIELDS = ['nameZh', 'nameEn', 'addressZh', 'addressEn', 'phone', 'fax', 'email', 'website', 'brNumber'] as const;
const PREFIX_FIELDS = ['quotationPrefix', 'invoicePrefix', 'receiptPrefix', 'refundPrefix'] as const;
const COMPANY_FIELDS = [...LETTERHEAD_FIELDS, ...PREFIX_FIELDS] as const;

/** /settings/companies/create and /{id}: letterhead fields in both languages, logo and chop. */
export function CompanyFormScreen({ data }: ScreenProps) {
  const { t } = useTranslation('admin');
  const problems = useProblemWords();
  const user = useAppState('user');
  const company = decodeCompany(data.props.company);
  const start = Object.fromEntries(COMPANY_FIELDS.map((f) => [f, company?.[f] ?? ''])) as Record<(typeof COMPANY_FIELDS)[number], string>;
  const [form, setForm] = useState(start);
  const record = useRecordForm('companies', company?.id ?? null, company?.version ?? null, COMPANY_FIELDS);
  const canEdit = hasPermission(user, company ? 'company_edit' : 'company_create');
  const dirty = canEdit && JSON.stringify(form) !== JSON.stringify(start);
  useUnsavedChanges(dirty);
  const draft = useFormDraft(company ? `company:${company.id}:${company.version}` : 'company:new', form, dirty, start);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.nameZh.trim() && !form.nameEn.trim()) {
      record.setErrors({ nameZh: [t('oneLanguageRequired')], nameEn: [t('oneLanguageRequired')] });
      return;
    }
    void record.save(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])));
  };

  const upload = async (kind: 'logo' | 'chop', file: File | undefined) => {
    if (!company || !file) return;
    const result = await record.resources.upload(`/api/companies/${company.id}/${kind}`, file);
    result.match(
      () => record.resources.reload(),
      (error) => record.setMessage(problems.say(error)),
    );
  };

  return (
    <form className="card form-card" noValidate onSubmit={onSubmit} aria-busy={record.busy}>
      <FormAlert message={record.message} />
      <DraftBanner draft={draft} onRestore={setForm} />
      <fieldset className="plain-fieldset" disabled={!canEdit || record.busy}>
        <div className="grid-2">
          {LETTERHEAD_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`companies.${field}`)}
              lang={field.endsWith('Zh') ? 'zh-HK' : field.endsWith('En') ? 'en' : undefined}
              value={form[field]}
              onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
              errors={record.errors[field]}
            />
          ))}
        </div>
        <fieldset className="plain-fieldset" aria-describedby="company-numbering-hint">
          <legend>{t('companies.numbering')}</legend>
          <p id="company-numbering-hint" className="hint">
            {t('companies.numberingHint')}
          </p>
          <div className="grid-2">
            {PREFIX_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`companies.${field}`)}
                value={form[field]}
                maxLength={6}
                autoCapitalize="characters"
                onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value.toUpperCase() }))}
                errors={record.errors[field]}
              />
            ))}
          </div>
        </fieldset>
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
      </fieldset>
      {canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={record.busy}>
            {t('save')}
          </button>
          {company && hasPermission(user, 'company_delete') && (
            <button type="button" className="button button-danger" onClick={() => void record.remove(company.nameZh || company.nameEn)}>
              {t('delete')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** /settings/branches */
export function BranchesScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const user = useAppState('user');
  const branches = decodeBranchRows(data.items);
  return (
    <div className="stack">
      {hasPermission(user, 'branch_create') && (
        <p>
          <Link href="/settings/branches/create" className="button button-primary">
            {t('branches.new')}
          </Link>
        </p>
      )}
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">{t('branches.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('branches.name')}</th>
              <th scope="col">{t('branches.company')}</th>
              <th scope="col">{t('branches.address')}</th>
              <th scope="col">{t('branches.phone')}</th>
            </tr>
          </thead>
          <tbody>
            {branches.map((branch) => (
              <tr key={branch.id}>
                <td>
                  <Link href={`/settings/branches/${branch.id}`}>{bilingual(branch, i18n.language)}</Link>
                </td>
                <td>{branch.company ? bilingual(branch.company, i18n.language) : '—'}</td>
                <td>{branch.address || '—'}</td>
                <td>{branch.phone || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const BRANCH_FIELDS = ['nameZh', 'nameEn', 'companyId', 'address', 'phone'] as const;

/** /settings/branches/create and /{id} */
export function BranchFormScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('admin');
  const user = useAppState('user');
  const branch = decodeBranch(data.props.branch);
  const companies = decodeNamed((data.props.options as { companies?: unknown } | undefined)?.companies);
  const start = { nameZh: branch?.nameZh ?? '', nameEn: branch?.nameEn ?? '', companyId: String(branch?.companyId ?? companies[0]?.id ?? ''), address: branch?.address ?? '', phone: branch?.phone ?? '' };
  const [form, setForm] = useState(start);
  const record = useRecordForm('branches', branch?.id ?? null, branch?.version ?? null, BRANCH_FIELDS);
  const canEdit = hasPermission(user, branch ? 'branch_edit' : 'branch_create');
  const dirty = canEdit && JSON.stringify(form) !== JSON.stringify(start);
  useUnsavedChanges(dirty);
  const draft = useFormDraft(branch ? `branch:${branch.id}:${branch.version}` : 'branch:new', form, dirty, start);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.nameZh.trim() && !form.nameEn.trim()) {
      record.setErrors({ nameZh: [t('oneLanguageRequired')], nameEn: [t('oneLanguageRequired')] });
      return;
    }
    void record.save({ nameZh: form.nameZh.trim(), nameEn: form.nameEn.trim(), companyId: Number(form.companyId), address: form.address.trim(), phone: form.phone.trim() });
  };

  return (
    <form className="card form-card" noValidate onSubmit={onSubmit} aria-busy={record.busy}>
      <FormAlert message={record.message} />
      <DraftBanner draft={draft} onRestore={setForm} />
      <fieldset className="plain-fieldset" disabled={!canEdit || record.busy}>
        <div className="grid-2">
          <TextField label={t('nameZh')} lang="zh-HK" value={form.nameZh} onChange={(e) => set('nameZh', e.target.value)} errors={record.errors.nameZh} />
          <TextField label={t('nameEn')} lang="en" value={form.nameEn} onChange={(e) => set('nameEn', e.target.value)} errors={record.errors.nameEn} />
        </div>
        <SelectField label={t('branches.company')} value={form.companyId} onChange={(e) => set('companyId', e.target.value)} options={companies.map((c) => ({ value: String(c.id), label: bilingual(c, i18n.language) }))} errors={record.errors.companyId} />
        <TextField label={t('branches.address')} value={form.address} onChange={(e) => set('address', e.target.value)} errors={record.errors.address} />
        <TextField label={t('branches.phone')} type="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} errors={record.errors.phone} />
      </fieldset>
      {canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={record.busy}>
            {t('save')}
          </button>
          {branch && hasPermission(user, 'branch_delete') && (
            <button type="button" className="button button-danger" onClick={() => void record.remove(branch.nameZh || branch.nameEn)}>
              {t('delete')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
