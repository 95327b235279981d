import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../domain/auth/permissions';
import { centsToDecimal, parseMoney, parseRate } from '../../../domain/money/money';
import { PRODUCT_CODE, PRODUCT_UNITS } from '../../../domain/products/units';
import { ResourceService } from '../../../application/admin/ResourceService';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { decodeCategories, decodeProduct, flattenCategories } from '../../../application/products/products';
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

const FIELDS = ['code', 'nameZh', 'nameEn', 'categoryId', 'unit', 'unitPrice', 'commissionRateBp'] as const;

/** /products/product/create and /products/product/{id}: a product and its price (in HK dollars, kept as cents). */
export default function ProductFormScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('products');
  const problems = useProblemWords();
  const resources = useService(ResourceService);
  const navigation = useService(NavigationService);
  const confirmation = useService(ConfirmationService);
  const state = useService(AppState);
  const user = useAppState('user');
  const product = decodeProduct(data.props.product);
  const categories = flattenCategories(decodeCategories(data.props.categories));
  const start = {
    code: product?.code ?? '',
    nameZh: product?.nameZh ?? '',
    nameEn: product?.nameEn ?? '',
    categoryId: product?.categoryId ? String(product.categoryId) : '',
    unit: product?.unit ?? 'visit',
    unitPrice: product ? centsToDecimal(product.unitPrice) : '',
    commission: product?.commissionRateBp === null || product?.commissionRateBp === undefined ? '' : String(product.commissionRateBp / 100),
    active: product?.active ?? true,
  };
  const [form, setForm] = useState(start);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const staleSave = useStaleSave();
  const canEdit = hasPermission(user, product ? 'product_edit' : 'product_create');
  const dirty = canEdit && JSON.stringify(form) !== JSON.stringify(start);
  useUnsavedChanges(dirty);
  const draft = useFormDraft(product ? `product:${product.id}:${product.version}` : 'product:new', form, dirty, start);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string[]> = {};
    if (!PRODUCT_CODE.test(form.code.trim())) local.code = [t('validation.code')];
    if (!form.nameZh.trim() && !form.nameEn.trim()) local.nameZh = local.nameEn = [t('validation.name')];
    const price = parseMoney(form.unitPrice);
    if (price.isErr()) local.unitPrice = [t(`validation.${price.error.code}`)];
    const rate = form.commission.trim() === '' ? null : parseRate(form.commission);
    if (rate?.isErr()) local.commissionRateBp = [t(`validation.${rate.error.code}`)];
    if (Object.keys(local).length > 0 || price.isErr() || rate?.isErr()) {
      setErrors(local);
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    staleSave.note(null);
    const body = {
      code: form.code.trim(),
      nameZh: form.nameZh.trim(),
      nameEn: form.nameEn.trim(),
      categoryId: form.categoryId ? Number(form.categoryId) : null,
      unit: form.unit,
      unitPrice: price.value,
      commissionRateBp: rate ? rate._unsafeUnwrap() : null,
      active: form.active,
      ...(product ? { version: product.version } : {}),
    };
    const result = product ? await resources.update(`/api/products/${product.id}`, body) : await resources.create('/api/products', body);
    setBusy(false);
    if (result.isErr()) {
      // A stale save (409) keeps what was typed, says why, and offers the latest version.
      staleSave.note(result.error);
      const problem = problems.describe(result.error, { fields: FIELDS });
      setErrors(problem.fields);
      setMessage(problem.message);
      return;
    }
    state.set({ unsavedChanges: false });
    await navigation.navigate('/products/product');
    state.set({ notification: { title: 'products:saved', type: 'success' } });
  };

  const remove = async () => {
    if (!product || !(await confirmation.ask({ kind: 'delete', values: { name: product.nameZh || product.nameEn } }))) return;
    const result = await resources.remove(`/api/products/${product.id}`);
    if (result.isErr()) {
      setMessage(problems.say(result.error));
      return;
    }
    state.set({ unsavedChanges: false });
    await navigation.navigate('/products/product');
  };

  return (
    <form className="card form-card" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={setForm} />
      {product && <StaleSaveOffer staleSave={staleSave} label={t('conflictReload')} />}
      <fieldset className="plain-fieldset" disabled={!canEdit || busy}>
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
        <label className="checkbox field">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> {t('field.activeLabel')}
        </label>
      </fieldset>
      {canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('save')}
          </button>
          {product && hasPermission(user, 'product_delete') && (
            <button type="button" className="button button-danger" onClick={() => void remove()}>
              {t('delete')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
