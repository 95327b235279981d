import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../domain/auth/permissions';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { screenValue } from '../../../application/navigation/screenData';
import { categoryFormValues, type CategoryFormValues } from '../../../application/products/productForm';
import { ProductForms } from '../../../application/products/ProductForms';
import type { ScreenProps } from '../../app/ScreenProps';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StaleSaveOffer } from '../../components/StaleSaveOffer';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';

const FIELDS = ['nameZh', 'nameEn', 'parentId', 'commissionRateBp'] as const;

/**
 * /products/categories/create and /{id}: a category, or a sub-category of a top-level one. The
 * form's rules and its save are ProductForms'.
 */
export default function CategoryFormScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('products');
  const { category, categories } = screenValue(data, 'categoryForm');
  const tops = categories.filter((c) => c.id !== category?.id);
  const forms = useService(ProductForms);
  const confirmation = useService(ConfirmationService);
  const user = useAppState('user');
  const start = categoryFormValues(category);
  const [form, setForm] = useState(start);
  const staleSave = useStaleSave();
  const save = useSubmit((values: CategoryFormValues) => forms.saveCategory(category, values), { fields: FIELDS, staleSave });
  const { busy, errors } = save;
  const canEdit = hasPermission(user, category ? 'product_edit' : 'product_create');
  const dirty = canEdit && JSON.stringify(form) !== JSON.stringify(start);
  useUnsavedChanges(dirty);
  const draft = useFormDraft(category ? `category:${category.id}:${category.version}` : 'category:new', form, dirty, start);
  const set = (key: keyof CategoryFormValues, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.submit(form);
  };

  const remove = async () => {
    if (!category || !(await confirmation.ask({ kind: 'delete', values: { name: category.nameZh || category.nameEn } }))) return;
    const result = await forms.deleteCategory(category);
    if (result.isErr()) save.show(result.error);
  };

  return (
    <form className="card form-card" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <FormAlert message={save.message} />
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
