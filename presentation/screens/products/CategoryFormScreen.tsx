import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../domain/auth/permissions';
import { parseRate } from '../../../domain/money/money';
import { ResourceService } from '../../../application/admin/ResourceService';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { decodeCategories, decodeCategory } from '../../../application/products/products';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StaleSaveOffer } from '../../components/StaleSaveOffer';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

/** /products/categories/create and /{id}: a category, or a sub-category of a top-level one. */
export default function CategoryFormScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('products');
  const problems = useProblemWords();
  const resources = useService(ResourceService);
  const navigation = useService(NavigationService);
  const confirmation = useService(ConfirmationService);
  const state = useService(AppState);
  const user = useAppState('user');
  const category = decodeCategory(data.props.category);
  const tops = decodeCategories(data.props.categories).filter((c) => c.id !== category?.id);
  const start = {
    nameZh: category?.nameZh ?? '',
    nameEn: category?.nameEn ?? '',
    parentId: category?.parentId ? String(category.parentId) : '',
    commission: category?.commissionRateBp === null || category?.commissionRateBp === undefined ? '' : String(category.commissionRateBp / 100),
    sortOrder: String(category?.sortOrder ?? 0),
  };
  const [form, setForm] = useState(start);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const staleSave = useStaleSave();
  const canEdit = hasPermission(user, category ? 'product_edit' : 'product_create');
  const dirty = canEdit && JSON.stringify(form) !== JSON.stringify(start);
  useUnsavedChanges(dirty);
  const draft = useFormDraft(category ? `category:${category.id}:${category.version}` : 'category:new', form, dirty, start);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string[]> = {};
    if (!form.nameZh.trim() && !form.nameEn.trim()) local.nameZh = local.nameEn = [t('validation.name')];
    const rate = form.commission.trim() === '' ? null : parseRate(form.commission);
    if (rate?.isErr()) local.commissionRateBp = [t(`validation.${rate.error.code}`)];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    staleSave.note(null);
    const body = {
      nameZh: form.nameZh.trim(),
      nameEn: form.nameEn.trim(),
      parentId: form.parentId ? Number(form.parentId) : null,
      commissionRateBp: rate ? rate._unsafeUnwrap() : null,
      sortOrder: Number(form.sortOrder) || 0,
      ...(category ? { version: category.version } : {}),
    };
    const result = category ? await resources.update(`/api/product-categories/${category.id}`, body) : await resources.create('/api/product-categories', body);
    setBusy(false);
    if (result.isErr()) {
      // A stale save (409) keeps what was typed, says why, and offers the latest version.
      staleSave.note(result.error);
      const problem = problems.describe(result.error, { fields: ['nameZh', 'nameEn', 'parentId', 'commissionRateBp'] });
      setErrors(problem.fields);
      setMessage(problem.message);
      return;
    }
    state.set({ unsavedChanges: false });
    await navigation.navigate('/products/categories');
    state.set({ notification: { title: 'products:saved', type: 'success' } });
  };

  const remove = async () => {
    if (!category || !(await confirmation.ask({ kind: 'delete', values: { name: category.nameZh || category.nameEn } }))) return;
    const result = await resources.remove(`/api/product-categories/${category.id}`);
    if (result.isErr()) {
      setMessage(problems.say(result.error));
      return;
    }
    state.set({ unsavedChanges: false });
    await navigation.navigate('/products/categories');
  };

  return (
    <form className="card form-card" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={setForm} />
      {category && <StaleSaveOffer staleSave={staleSave} label={t('conflictReload')} />}
      <fieldset className="plain-fieldset" disabled={!canEdit || busy}>
        <div className="grid-2">
          <TextField label={t('field.nameZh')} lang="zh-HK" value={form.nameZh} onChange={(e) => set('nameZh', e.target.value)} errors={errors.nameZh} />
          <TextField label={t('field.nameEn')} lang="en" value={form.nameEn} onChange={(e) => set('nameEn', e.target.value)} errors={errors.nameEn} />
        </div>
        <SelectField
          label={t('categories.parent')}
          value={form.parentId}
          onChange={(e) => set('parentId', e.target.value)}
          emptyLabel={t('categories.topLevel')}
          options={tops.map((c) => ({ value: String(c.id), label: bilingual(c, i18n.language) }))}
          errors={errors.parentId}
        />
        <div className="grid-2">
          <TextField label={t('field.commission')} inputMode="decimal" value={form.commission} onChange={(e) => set('commission', e.target.value)} errors={errors.commissionRateBp} />
          <TextField label={t('categories.sortOrder')} type="number" value={form.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} />
        </div>
      </fieldset>
      {canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('save')}
          </button>
          {category && hasPermission(user, 'product_delete') && (
            <button type="button" className="button button-danger" onClick={() => void remove()}>
              {t('delete')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
