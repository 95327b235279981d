import { useTranslation } from 'react-i18next';
import { centsToDecimal, hundredthsToDecimal, lineTotal, parseMoney, parseQuantity } from '../../../domain/money/money';
import type { DocumentItem, LineInput, ProductOption } from '../../../application/sales/sales';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';

/** One line as typed: text as the person entered it, read by the domain's parsers. */
export interface LineRow {
  readonly key: number;
  readonly productId: string;
  readonly descriptionZh: string;
  readonly descriptionEn: string;
  readonly quantity: string;
  readonly unitPrice: string;
}

let nextKey = 1;

export const emptyLine = (): LineRow => ({ key: nextKey++, productId: '', descriptionZh: '', descriptionEn: '', quantity: '1', unitPrice: '' });

/** A form with lines as text to compare, without the lines' keys (made anew on each render of the saved record). */
export const comparableForm = (form: { readonly lines: readonly LineRow[] }): string => JSON.stringify({ ...form, lines: form.lines.map(({ key: _key, ...line }) => line) });

/** Rows kept from an earlier page (a draft) with fresh keys, since keys are made anew on each load. */
export const rekeyLines = (rows: readonly LineRow[]): LineRow[] => rows.map((row) => ({ ...row, key: nextKey++ }));

/** A saved line back into the form's text. A line of a product shows no description of its own unless it had one. */
export const lineFrom = (item: DocumentItem): LineRow => ({
  key: nextKey++,
  productId: item.productId === null ? '' : String(item.productId),
  descriptionZh: item.descriptionZh,
  descriptionEn: item.descriptionEn,
  quantity: hundredthsToDecimal(item.quantity),
  unitPrice: centsToDecimal(item.unitPrice),
});

/** The lines as the API takes them, or the field messages (keyed like the server's: items.0.quantity). */
export function readLines(rows: readonly LineRow[], t: (key: string) => string): { lines: LineInput[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const lines: LineInput[] = [];
  if (rows.length === 0) errors.items = [t('lines.none')];
  rows.forEach((row, index) => {
    const quantity = parseQuantity(row.quantity);
    const price = parseMoney(row.unitPrice);
    if (quantity.isErr()) errors[`items.${index}.quantity`] = [t(`lines.${quantity.error.code}`)];
    if (price.isErr()) errors[`items.${index}.unitPrice`] = [t(`validation.${price.error.code}`)];
    if (!row.productId && !row.descriptionZh.trim() && !row.descriptionEn.trim()) errors[`items.${index}.descriptionZh`] = [t('lines.describe')];
    if (quantity.isOk() && price.isOk()) {
      lines.push({ productId: row.productId ? Number(row.productId) : null, descriptionZh: row.descriptionZh.trim(), descriptionEn: row.descriptionEn.trim(), quantity: quantity.value, unitPrice: price.value });
    }
  });
  return { lines, errors };
}

/** The line's amount while typing (null until both numbers read). */
function amountOf(row: LineRow): number | null {
  const quantity = parseQuantity(row.quantity);
  const price = parseMoney(row.unitPrice);
  return quantity.isOk() && price.isOk() ? lineTotal(quantity.value, price.value) : null;
}

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
  const chooseProduct = (row: LineRow, productId: string) => {
    const product = products.find((p) => String(p.id) === productId);
    const previous = products.find((p) => String(p.id) === row.productId);
    // A product brings its list price and its names; the person may change them for this line.
    // Descriptions typed by hand are kept; those the previous product brought are replaced.
    const untouched = (row.descriptionZh === '' && row.descriptionEn === '') || (previous !== undefined && row.descriptionZh === previous.nameZh && row.descriptionEn === previous.nameEn);
    update(row.key, {
      productId,
      ...(product ? { unitPrice: centsToDecimal(product.unitPrice) } : {}),
      ...(product && untouched ? { descriptionZh: product.nameZh, descriptionEn: product.nameEn } : {}),
    });
  };
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
        const amount = amountOf(row);
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
              onChange={(event) => chooseProduct(row, event.target.value)}
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
