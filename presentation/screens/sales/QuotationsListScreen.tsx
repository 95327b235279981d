import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { QUOTATION_STATUSES } from '../../../domain/quotations/quotation';
import { decodeQuotationRows, decodeSalesOptions } from '../../../application/sales/sales';
import type { ScreenProps } from '../../app/ScreenProps';
import { ExportLink } from '../../components/ExportLink';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { SortableHeader } from '../../components/SortableHeader';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { useQueryForm } from '../../hooks/useQueryForm';
import { StatusBadge } from './StatusBadge';

const FILTERS = ['q', 'status', 'kind', 'date_from', 'date_to', 'branch_id', 'salesperson_id'] as const;

/** /quotations: search by number or client, filter by status, kind, dates, branch and salesperson; sort; pages; CSV. */
export default function QuotationsListScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('sales');
  const user = useAppState('user');
  const items = decodeQuotationRows(data.props.items);
  const options = decodeSalesOptions(data.props.options);
  const { path, search, params, values, set, apply, clear } = useQueryForm(FILTERS);
  const header = (column: string, label: string, className?: string) => <SortableHeader column={column} label={label} path={path} search={search} defaultSort="-date" {...(className ? { className } : {})} />;
  return (
    <div className="stack">
      <div className="toolbar">
        <form className="filters" role="search" onSubmit={apply}>
          <TextField label={t('list.search')} type="search" value={values.q} onChange={(e) => set('q', e.target.value)} placeholder={t('list.searchHint')} />
          <SelectField label={t('field.status')} value={values.status} emptyLabel={t('list.all')} options={QUOTATION_STATUSES.map((s) => ({ value: s, label: t(`quotationStatus.${s}`) }))} onChange={(e) => set('status', e.target.value)} />
          <SelectField label={t('field.kind')} value={values.kind} emptyLabel={t('list.all')} options={(['basic', 'contract'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))} onChange={(e) => set('kind', e.target.value)} />
          <TextField label={t('list.from')} type="date" value={values.date_from} onChange={(e) => set('date_from', e.target.value)} />
          <TextField label={t('list.to')} type="date" value={values.date_to} onChange={(e) => set('date_to', e.target.value)} />
          <SelectField label={t('field.branch')} value={values.branch_id} emptyLabel={t('list.all')} options={options.branches.map((b) => ({ value: String(b.id), label: bilingual(b, i18n.language) }))} onChange={(e) => set('branch_id', e.target.value)} />
          <SelectField label={t('field.salesperson')} value={values.salesperson_id} emptyLabel={t('list.all')} options={options.salespeople.map((s) => ({ value: String(s.id), label: s.name }))} onChange={(e) => set('salesperson_id', e.target.value)} />
          <button type="submit" className="button button-primary">
            {t('list.apply')}
          </button>
          <button type="button" className="button button-secondary" onClick={clear}>
            {t('list.clear')}
          </button>
        </form>
        <div className="inline-actions">
          {hasPermission(user, 'quotation_create') && (
            <>
              <Link href="/quotations/basic/create" className="button button-primary">
                {t('quotation.new')}
              </Link>
              <Link href="/quotations/basic/create?kind=contract" className="button button-secondary">
                {t('quotation.newContract')}
              </Link>
            </>
          )}
          <ExportLink api="/api/quotations" search={search} />
        </div>
      </div>
      {items.length === 0 ? (
        <p className="notice">{params.size > 0 ? t('list.noMatch') : t('list.emptyQuotations')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('list.quotationsCaption')}</caption>
            <thead>
              <tr>
                {header('number', t('field.number'))}
                {header('date', t('field.date'))}
                {header('client', t('field.client'))}
                <th scope="col">{t('field.kind')}</th>
                <th scope="col">{t('field.validUntil')}</th>
                <th scope="col">{t('field.status')}</th>
                {header('total', t('field.total'), 'number')}
              </tr>
            </thead>
            <tbody>
              {items.map((q) => (
                <tr key={q.id}>
                  <td>
                    <Link href={`/quotations/basic/${q.id}`}>{q.number}</Link>
                  </td>
                  <td>{q.date}</td>
                  <td>{bilingual(q.client, i18n.language)}</td>
                  <td>{t(`kind.${q.kind}`)}</td>
                  <td>{q.validUntil}</td>
                  <td>
                    <StatusBadge kind="quotation" status={q.status} />
                  </td>
                  <td className="number">{formatHKD(q.total, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination path={path} search={search} page={Number(data.props.page) || 1} perPage={Number(data.props.perPage) || 20} total={Number(data.props.total) || 0} />
    </div>
  );
}
