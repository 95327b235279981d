import { useTranslation } from 'react-i18next';
import { screenValue } from '../../../application/navigation/screenData';
import { categoryFormValues, type CategoryFormValues } from '../../../application/products/productForm';
import { ProductForms } from '../../../application/products/ProductForms';
import { catalogueFormOffers } from '../../../application/products/products';
import type { ScreenProps } from '../../app/ScreenProps';
import { ConfirmedDelete, RecordForm } from '../../components/RecordForm';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { bilingualChoices } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useEditForm } from '../../hooks/useEditForm';
import { useStaleSave } from '../../hooks/useStaleSave';
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
  const offers = catalogueFormOffers(useAppState('user'), category);
  const staleSave = useStaleSave();
  const edit = useEditForm({
    start: categoryFormValues(category),
    canEdit: offers.edit,
    draftKey: category ? `category:${category.id}:${category.version}` : 'category:new',
    save: (values: CategoryFormValues) => forms.saveCategory(category, values),
    fields: FIELDS,
    staleSave,
  });
  const { form, set, save } = edit;
  const errors = save.errors;

  return (
    <RecordForm
      edit={edit}
      submitLabel={t('save')}
      stale={category && { staleSave, label: t('conflictReload') }}
      actions={category && offers.delete && <ConfirmedDelete label={t('delete')} record={category} remove={(r) => forms.deleteCategory(r)} onRefused={save.show} />}
    >
      <div className="grid-2">
        <TextField label={t('field.nameZh')} lang="zh-HK" value={form.nameZh} onChange={(e) => set('nameZh', e.target.value)} errors={errors.nameZh} />
        <TextField label={t('field.nameEn')} lang="en" value={form.nameEn} onChange={(e) => set('nameEn', e.target.value)} errors={errors.nameEn} />
      </div>
      <SelectField
        label={t('categories.parent')}
        value={form.parentId}
        onChange={(e) => set('parentId', e.target.value)}
        emptyLabel={t('categories.topLevel')}
        options={bilingualChoices(tops, i18n.language)}
        errors={errors.parentId}
      />
      <div className="grid-2">
        <TextField label={t('field.commission')} inputMode="decimal" value={form.commission} onChange={(e) => set('commission', e.target.value)} errors={errors.commissionRateBp} />
        <TextField label={t('categories.sortOrder')} type="number" value={form.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} />
      </div>
    </RecordForm>
  );
}
