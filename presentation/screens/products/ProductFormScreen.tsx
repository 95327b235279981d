import { useTranslation } from 'react-i18next';
import { PRODUCT_UNITS } from '../../../domain/products/units';
import { screenValue } from '../../../application/navigation/screenData';
import { productFormValues, type ProductFormValues } from '../../../application/products/productForm';
import { ProductForms } from '../../../application/products/ProductForms';
import { catalogueFormOffers, flattenCategories } from '../../../application/products/products';
import type { ScreenProps } from '../../app/ScreenProps';
import { ConfirmedDelete, RecordForm } from '../../components/RecordForm';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { useAppState } from '../../hooks/useAppState';
import { useEditForm } from '../../hooks/useEditForm';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useService } from '../../services/ServicesContext';

const FIELDS = ['code', 'nameZh', 'nameEn', 'categoryId', 'unit', 'unitPrice', 'commissionRateBp', 'activeIngredient'] as const;

/**
 * /products/product/create and /products/product/{id}: a product and its price (in HK dollars, kept
 * as cents). The form's rules and its save are ProductForms'.
 */
export default function ProductFormScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation(['products', 'field']);
  const { product, categories: tree } = screenValue(data, 'productForm');
  const categories = flattenCategories(tree);
  const forms = useService(ProductForms);
  const offers = catalogueFormOffers(useAppState('user'), product);
  const staleSave = useStaleSave();
  const edit = useEditForm({
    start: productFormValues(product),
    canEdit: offers.edit,
    draftKey: product ? `product:${product.id}:${product.version}` : 'product:new',
    save: (values: ProductFormValues) => forms.saveProduct(product, values),
    fields: FIELDS,
    staleSave,
  });
  const { form, set, save } = edit;
  const errors = save.errors;

  return (
    <RecordForm
      edit={edit}
      submitLabel={t('save')}
      stale={product && { staleSave, label: t('conflictReload') }}
      actions={product && offers.delete && <ConfirmedDelete label={t('delete')} record={product} remove={(r) => forms.deleteProduct(r)} onRefused={save.show} />}
    >
      <TextField label={t('field.code')} value={form.code} maxLength={32} onChange={(e) => set('code', e.target.value)} errors={errors.code} />
      <div className="grid-2">
        <TextField label={t('field.nameZh')} lang="zh-HK" value={form.nameZh} maxLength={200} onChange={(e) => set('nameZh', e.target.value)} errors={errors.nameZh} />
        <TextField label={t('field.nameEn')} lang="en" value={form.nameEn} maxLength={200} onChange={(e) => set('nameEn', e.target.value)} errors={errors.nameEn} />
      </div>
      <div className="grid-2">
        <SelectField
          label={t('field.category')}
          value={form.categoryId}
          onChange={(e) => set('categoryId', e.target.value)}
          emptyLabel={t('none')}
          options={categories.map((c) => ({ value: String(c.id), label: `${c.parentId ? '— ' : ''}${bilingual(c, i18n.language)}` }))}
          errors={errors.categoryId}
        />
        <SelectField label={t('field.unit')} value={form.unit} onChange={(e) => set('unit', e.target.value)} options={PRODUCT_UNITS.map((u) => ({ value: u, label: t(`unit.${u}`) }))} errors={errors.unit} />
      </div>
      <div className="grid-2">
        <TextField label={t('field.unitPriceHkd')} inputMode="decimal" value={form.unitPrice} onChange={(e) => set('unitPrice', e.target.value)} errors={errors.unitPrice} />
        <TextField label={t('field.commission')} inputMode="decimal" value={form.commission} onChange={(e) => set('commission', e.target.value)} errors={errors.commissionRateBp} />
      </div>
      <TextField label={t('field:report.activeIngredient')} value={form.activeIngredient} maxLength={200} onChange={(e) => set('activeIngredient', e.target.value)} errors={errors.activeIngredient} />
      <label className="checkbox field">
        <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> {t('field.activeLabel')}
      </label>
    </RecordForm>
  );
}
