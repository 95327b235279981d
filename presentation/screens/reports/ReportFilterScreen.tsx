import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PAYMENT_METHODS } from '../../../domain/orders/receipts';
import { Clock } from '../../../application/ports/Clock';
import { FILTER_CHOICES, FILTER_PARAM, filterStart, NO_REPORT_OPTIONS, REPORT_FILTERS, REQUIRED_CHOICE, reportOfPath, resultAddress, type FilterKey, type ReportKey, type ReportOptions } from '../../../application/reports/reports';
import { ReportService } from '../../../application/reports/ReportService';
import { useObservable } from '../../hooks/useObservable';
import type { ScreenProps } from '../../app/ScreenProps';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { useService } from '../../services/ServicesContext';

type Option = { value: string; label: string };

/** The choices of a filter: fixed ones in words, or the lists the server gave. */
function choicesOf(key: FilterKey, options: ReportOptions, t: (k: string) => string, language: string): Option[] | null {
  const fixed = FILTER_CHOICES[key];
  if (fixed) return fixed.map((value) => ({ value, label: t(`value.${key}.${value}`) }));
  switch (key) {
    case 'branch_id':
      return options.branches.map((b) => ({ value: String(b.id), label: bilingual(b, language) }));
    case 'salesperson_id':
    case 'staff_id':
      return options.staff.map((s) => ({ value: String(s.id), label: s.name }));
    case 'worker_id':
      return options.workers.map((s) => ({ value: String(s.id), label: s.name }));
    case 'category_id':
      return options.categories.map((c) => ({ value: String(c.id), label: `${c.parentId === null ? '' : '— '}${bilingual(c, language)}` }));
    case 'product_id':
      return options.products.map((p) => ({ value: String(p.id), label: `${p.code} ${bilingual(p, language)}` }));
    case 'area_id':
      return options.areas.map((a) => ({ value: String(a.id), label: bilingual(a, language) }));
    case 'appointment_type':
      return options.appointmentTypes.map((a) => ({ value: a.value, label: bilingual(a, language) }));
    case 'method':
      // Settings → Options; the four built-in methods when the server gave none.
      return options.paymentMethods.length > 0
        ? options.paymentMethods.map((m) => ({ value: m.value, label: bilingual(m, language) || m.value }))
        : PAYMENT_METHODS.map((value) => ({ value, label: t(`value.method.${value}`) }));
    default:
      return null;
  }
}

/**
 * A report's filter screen (spec: no data call of its own): the filters that fit the report, filled
 * from the address, with this month as the range. Running it opens the result screen with the
 * filters in its address, so a result can be bookmarked and shared.
 */
export default function ReportFilterScreen({ route }: ScreenProps) {
  const { t, i18n } = useTranslation('reports');
  const [, navigate] = useLocation();
  const search = useSearch();
  const reports = useService(ReportService);
  const clock = useService(Clock);
  const report = reportOfPath(route.path)!;
  const key: ReportKey = report.key;
  const filters = REPORT_FILTERS[key];
  const choices = useObservable(reports.choices$, { loading: true, options: null });
  const options = choices.options ?? NO_REPORT_OPTIONS;
  const loading = choices.loading;
  const [values, setValues] = useState<Record<string, string>>(() => filterStart(key, search, clock.now()));
  const [error, setError] = useState<string | null>(null);

  const set = (param: string, value: string) => setValues((v) => ({ ...v, [param]: value }));

  const run = (event: FormEvent) => {
    event.preventDefault();
    resultAddress(key, values).match(
      (address) => {
        setError(null);
        navigate(address);
      },
      (refusal) => setError(t(`filter.${refusal.code}`)),
    );
  };

  return (
    <form className="stack report-filters card" onSubmit={run} noValidate aria-describedby={`${key}-intro`}>
      <p id={`${key}-intro`} className="hint">
        {t(`intro.${key}`)}
      </p>
      <div className="filters report-filter-grid">
        {filters.map((filter) => {
          const param = FILTER_PARAM[filter];
          if (filter === 'client_id') return null;
          if (filter === 'date_from' || filter === 'date_to') {
            return <TextField key={filter} label={t(`filter.${filter}`)} type="date" value={values[param] ?? ''} onChange={(e) => set(param, e.target.value)} errors={filter === 'date_to' && error ? [error] : undefined} />;
          }
          const choices = choicesOf(filter, options, t, i18n.language);
          if (choices === null) {
            return <TextField key={filter} label={t(`filter.${filter}`)} type={filter === 'q' || filter === 'client' ? 'search' : 'text'} value={values[param] ?? ''} onChange={(e) => set(param, e.target.value)} />;
          }
          const required = REQUIRED_CHOICE[filter] !== undefined;
          return (
            <SelectField
              key={filter}
              label={t(`filter.${filter}`)}
              value={values[param] ?? ''}
              options={choices}
              {...(required ? {} : { emptyLabel: t('filter.all') })}
              onChange={(e) => set(param, e.target.value)}
            />
          );
        })}
      </div>
      {values.client_id && (
        <p className="hint">
          {t('filter.oneClient')}{' '}
          <button type="button" className="link-button" onClick={() => set('client_id', '')}>
            {t('filter.allClients')}
          </button>
        </p>
      )}
      <p className="hint" role="status">
        {loading ? t('filter.loadingChoices') : ''}
      </p>
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {t('filter.run')}
        </button>
      </div>
    </form>
  );
}
