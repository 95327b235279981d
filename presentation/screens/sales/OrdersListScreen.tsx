import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { ORDER_TYPES } from '../../../domain/orders/order';
import { decodeOrderRows, decodeSalesOptions } from '../../../application/sales/sales';
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

const FILTERS = ['q', 'status', 'type', 'date_from', 'date_to', 'branch_id', 'salesperson_id'] as const;
const STATUSES = ['owing', 'outstanding', 'partial', 'paid', 'void', 'reminder_outstanding'] as const;

/**
 * /orders/order (invoices) and /reminders/outstanding (invoices past their due date with something
 * still owed): search, filters, sort, pages, the sum owed, and CSV.
 */
export default function OrdersListScreen({ data, route }: ScreenProps) {
  const { t, i18n } = useTranslation('sales');
  const user = useAppState('user');
  const reminder = route.apiQuery?.status === 'reminder_outstanding';
  const items = decodeOrderRows(data.props.items);
  const options = decodeSalesOptions(data.props.options);
  const { path, search, params, values, set, apply, clear } = useQueryForm(FILTERS);
  const defaultSort = '-date';
  const header = (column: string, label: string, className?: string) => <SortableHeader column={column} label={label} path={path} search={search} defaultSort={defaultSort} {...(className ? { className } : {})} />;
  const exportSearch = reminder ? `${search ? `${search}&` : ''}status=reminder_outstanding` : search;
  return (
    <div className="stack">
      {reminder && <p className="hint">{t('reminders.outstandingIntro')}</p>}
      <div className="toolbar">
        <form className="filters" role="search" onSubmit={apply}>
          <TextField label={t('list.search')} type="search" value={values.q} onChange={(e) => set('q', e.target.value)} placeholder={t('list.searchHint')} />
          {!reminder && <SelectField label={t('field.status')} value={values.status} emptyLabel={t('list.all')} options={STATUSES.map((s) => ({ value: s, label: t(`paymentStatus.${s}`) }))} onChange={(e) => set('status', e.target.value)} />}
          <SelectField label={t('field.type')} value={values.type} emptyLabel={t('list.all')} options={ORDER_TYPES.map((k) => ({ value: k, label: t(`orderType.${k}`) }))} onChange={(e) => set('type', e.target.value)} />
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
          {!reminder && hasPermission(user, 'order_create') && (
            <Link href="/orders/order/invoice/create" className="button button-primary">
              {t('order.new')}
            </Link>
          )}
          <ExportLink api="/api/orders" search={exportSearch} />
        </div>
      </div>
      <p className="list-total" role="status">
        {t('list.outstandingTotal', { amount: formatHKD(Number(data.props.outstandingTotal) || 0, i18n.language) })}
      </p>
      {items.length === 0 ? (
        <p className="notice">{params.size > 0 ? t('list.noMatch') : t(reminder ? 'list.emptyReminders' : 'list.emptyOrders')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t(reminder ? 'list.remindersCaption' : 'list.ordersCaption')}</caption>
            <thead>
              <tr>
                {header('number', t('field.number'))}
                {header('date', t('field.date'))}
                {header('due', t('field.dueDate'))}
                {header('client', t('field.client'))}
                <th scope="col">{t('field.type')}</th>
                <th scope="col">{t('field.status')}</th>
                {header('total', t('field.total'), 'number')}
                {header('outstanding', t('field.outstanding'), 'number')}
                <th scope="col">{t('field.salesperson')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link href={`/orders/order/invoice/${o.id}`}>{o.number}</Link>
                  </td>
                  <td>{o.date}</td>
                  <td>{o.dueDate}</td>
                  <td>{bilingual(o.client, i18n.language)}</td>
                  <td>{t(`orderType.${o.type}`)}</td>
                  <td>
                    <StatusBadge kind="order" status={o.status} overdue={o.overdue} />
                  </td>
                  <td className="number">{formatHKD(o.status === 'void' ? 0 : o.total, i18n.language)}</td>
                  <td className="number">{formatHKD(o.outstanding, i18n.language)}</td>
                  <td>{o.salesperson ?? '—'}</td>
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
