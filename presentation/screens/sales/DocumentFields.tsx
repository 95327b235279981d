import { useTranslation } from 'react-i18next';
import { documentFigures, tickTerm, type DocumentForm } from '../../../application/sales/documentForm';
import type { DocumentOptions } from '../../../application/sales/sales';
import { SelectField } from '../../components/SelectField';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { ClientPicker } from './ClientPicker';
import { LinesEditor } from './LinesEditor';

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** The live figures of the form's readable lines and discount, by the domain's rules. */
export function FormFigures({ form }: { form: DocumentForm }) {
  const { t, i18n } = useTranslation('sales');
  const figures = documentFigures(form);
  return (
    <dl className="figures" aria-live="polite">
      <dt>{t('field.subtotal')}</dt>
      <dd>{formatHKD(figures.subtotal, i18n.language)}</dd>
      <dt>{t('field.discountAmount')}</dt>
      <dd>{formatHKD(figures.discount, i18n.language)}</dd>
      <dt>{t('field.total')}</dt>
      <dd className="figure-total">{formatHKD(figures.total, i18n.language)}</dd>
    </dl>
  );
}

/** Client, date, branch, salesperson, discount, lines, terms and notes of a quotation or an order. */
export function DocumentFields({
  form,
  options,
  errors,
  readOnly,
  set,
  children,
  showTerms = true,
}: {
  form: DocumentForm;
  options: DocumentOptions;
  errors: FieldErrors;
  readOnly: boolean;
  set: (change: Partial<DocumentForm>) => void;
  /** Fields of the document's own kind, shown after the date. */
  children?: React.ReactNode;
  showTerms?: boolean;
}) {
  const { t, i18n } = useTranslation('sales');
  return (
    <>
      <ClientPicker value={form.client} onChange={(client) => set({ client })} errors={errors.clientId} disabled={readOnly} />
      <fieldset className="plain-fieldset" disabled={readOnly}>
        <div className="grid-4">
          <TextField label={t('field.date')} type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} errors={errors.date} required />
          {children}
        </div>
        <div className="grid-4">
          <SelectField
            label={t('field.branch')}
            value={form.branchId}
            emptyLabel={t('none')}
            options={options.branches.map((b) => ({ value: String(b.id), label: bilingual(b, i18n.language) }))}
            onChange={(e) => set({ branchId: e.target.value })}
            errors={errors.branchId}
          />
          <SelectField
            label={t('field.salesperson')}
            value={form.salespersonId}
            emptyLabel={t('none')}
            options={options.salespeople.map((s) => ({ value: String(s.id), label: s.name }))}
            onChange={(e) => set({ salespersonId: e.target.value })}
            errors={errors.salespersonId}
          />
          <TextField label={t('field.discountRate')} inputMode="decimal" value={form.discount} onChange={(e) => set({ discount: e.target.value })} errors={errors.discountRateBp} />
        </div>
      </fieldset>
      <LinesEditor rows={form.lines} products={options.products} errors={errors} readOnly={readOnly} onChange={(lines) => set({ lines })} />
      <FormFigures form={form} />
      <fieldset className="plain-fieldset" disabled={readOnly}>
        {showTerms && options.terms.length > 0 && (
          <fieldset className="checkbox-group">
            <legend>{t('field.terms')}</legend>
            {options.terms.map((term) => (
              <label key={term.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={form.termIds.includes(term.id)}
                  onChange={(e) => set({ termIds: tickTerm(form.termIds, term.id, e.target.checked) })}
                />{' '}
                {i18n.language === 'en' ? term.titleEn || term.titleZh : term.titleZh || term.titleEn}
              </label>
            ))}
            {errors.termIds && <p className="field-errors">{errors.termIds.join(' ')}</p>}
          </fieldset>
        )}
        <TextAreaField label={t('field.notes')} value={form.notes} maxLength={5000} onChange={(e) => set({ notes: e.target.value })} errors={errors.notes} />
      </fieldset>
    </>
  );
}
