import { useTranslation } from 'react-i18next';
import { chooseProduct, emptyLine, lineAmount, type LineRow } from '../../../application/sales/documentForm';
import type { ProductOption } from '../../../application/sales/sales';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';

/**
 * The lines of a quotation or an order: a product (which fills in the price), descriptions in both
 * languages, quantity and unit price, with the amount worked out by the domain as the person types.
 */
export function LinesEditor({
  rows,
  products,
  errors,
  readOnly,
  onChange,
}: {
  rows: readonly LineRow[];
  products: readonly ProductOption[];
  errors: Readonly<Record<string, readonly string[]>>;
  readOnly: boolean;
  onChange: (rows: LineRow[]) => void;
}) {
  // The products namespace holds the units' words.
  const { t, i18n } = useTranslation(['sales', 'products']);
  const update = (key: number, change: Partial<LineRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <fieldset className="repeater lines-editor">
      <legend>{t('lines.title')}</legend>
      {errors.items && (
        <ul className="field-errors" role="alert">
          {errors.items.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {rows.map((row, index) => {
        const amount = lineAmount(row);
        const e = (field: string) => errors[`items.${index}.${field}`];
        // The chosen product's unit, beside the quantity and the price (HK$3.50 per 平方呎).
        const unit = products.find((p) => String(p.id) === row.productId)?.unit;
        const unitWord = unit ? t(`products:unit.${unit}`) : null;
        return (
          <div key={row.key} className="line-row" role="group" aria-label={t('lines.line', { n: index + 1 })}>
            <SelectField
              label={t('lines.product')}
              value={row.productId}
              disabled={readOnly}
              emptyLabel={t('lines.noProduct')}
              options={products.map((p) => ({ value: String(p.id), label: `${p.code} ${bilingual(p, i18n.language)}` }))}
              onChange={(event) => update(row.key, chooseProduct(row, event.target.value, products))}
              errors={e('productId')}
            />
            <TextField label={t('lines.descriptionZh')} lang="zh-HK" value={row.descriptionZh} maxLength={500} readOnly={readOnly} onChange={(event) => update(row.key, { descriptionZh: event.target.value })} errors={e('descriptionZh')} />
            <TextField label={t('lines.descriptionEn')} lang="en" value={row.descriptionEn} maxLength={500} readOnly={readOnly} onChange={(event) => update(row.key, { descriptionEn: event.target.value })} errors={e('descriptionEn')} />
            <TextField label={t('lines.quantity')} inputMode="decimal" value={row.quantity} readOnly={readOnly} onChange={(event) => update(row.key, { quantity: event.target.value })} errors={e('quantity')} className="narrow" />
            <p className="line-amount line-unit">
              <span className="field-label">{t('lines.unit')}</span>
              <output>{unitWord ?? '—'}</output>
            </p>
            <TextField label={t('lines.unitPrice')} inputMode="decimal" value={row.unitPrice} readOnly={readOnly} onChange={(event) => update(row.key, { unitPrice: event.target.value })} errors={e('unitPrice')} className="narrow" />
            <p className="line-amount">
              <span className="field-label">{t('lines.amount')}</span>
              <output>{amount === null ? '—' : formatHKD(amount, i18n.language)}</output>
            </p>
            {!readOnly && (
              <button type="button" className="button button-secondary" onClick={() => onChange(rows.filter((r) => r.key !== row.key))} aria-label={t('lines.removeNamed', { n: index + 1 })}>
                {t('lines.remove')}
              </button>
            )}
          </div>
        );
      })}
      {!readOnly && (
        <button type="button" className="button button-secondary" onClick={() => onChange([...rows, emptyLine()])}>
          {t('lines.add')}
        </button>
      )}
    </fieldset>
  );
}
