import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ORDER_TYPES } from '../../../domain/orders/order';
import { screenValue } from '../../../application/navigation/screenData';
import { orderListOffers } from '../../../application/sales/offers';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListView } from '../../components/ListView';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { periodAndBranchFilters, salesListWords } from './listParts';
import { OutstandingClients } from './OutstandingClients';
import { StatusBadge } from './StatusBadge';

const STATUSES = ['owing', 'outstanding', 'partial', 'paid', 'void', 'reminder_outstanding'] as const;

/**
 * /orders/order (invoices) and /reminders/outstanding (invoices past their due date with something
 * still owed): search, filters, sort, pages, the sum owed, and CSV; on the reminders, the clients of
 * the invoices listed to choose and send their statements to at once.
 */
export default function OrdersListScreen({ data, route }: ScreenProps) {
  const { t, i18n } = useTranslation('sales');
  const offers = orderListOffers(useAppState('user'));
  const reminder = route.apiQuery?.status === 'reminder_outstanding';
  const list = screenValue(data, 'orders');
  const { options } = list;
  const language = i18n.language;
  return (
    <>
      <ListView
        intro={reminder && <p className="hint">{t('reminders.outstandingIntro')}</p>}
        filters={[
          { key: 'q', type: 'search', label: t('list.search'), placeholder: t('list.searchHint') },
          { key: 'status', type: 'select', shown: !reminder, label: t('field.status'), emptyLabel: t('list.all'), options: STATUSES.map((s) => ({ value: s, label: t(`paymentStatus.${s}`) })) },
          { key: 'type', type: 'select', label: t('field.type'), emptyLabel: t('list.all'), options: ORDER_TYPES.map((k) => ({ value: k, label: t(`orderType.${k}`) })) },
          ...periodAndBranchFilters(t, options.branches, language),
          { key: 'salesperson_id', type: 'select', label: t('field.salesperson'), emptyLabel: t('list.all'), options: options.salespeople.map((s) => ({ value: String(s.id), label: s.name })) },
        ]}
        words={salesListWords(t, reminder ? 'list.remindersCaption' : 'list.ordersCaption', reminder ? 'list.emptyReminders' : 'list.emptyOrders')}
        actions={
          !reminder &&
          offers.create && (
            <Link href="/orders/order/invoice/create" className="button button-primary">
              {t('order.new')}
            </Link>
          )
        }
        exportAs={{ kind: 'orders', fixed: reminder ? { status: 'reminder_outstanding' } : {} }}
        summary={
          <p className="list-total" role="status">
            {t('list.outstandingTotal', { amount: formatHKD(list.outstandingTotal, language) })}
          </p>
        }
        defaultSort="-date"
        columns={[
          { label: t('field.number'), sort: 'number', cell: (o) => <Link href={`/orders/order/invoice/${o.id}`}>{o.number}</Link> },
          { label: t('field.date'), sort: 'date', cell: (o) => o.date },
          { label: t('field.dueDate'), sort: 'due', cell: (o) => o.dueDate },
          { label: t('field.client'), sort: 'client', cell: (o) => bilingual(o.client, language) },
          { label: t('field.type'), cell: (o) => t(`orderType.${o.type}`) },
          { label: t('field.status'), cell: (o) => <StatusBadge kind="order" status={o.status} overdue={o.overdue} /> },
          { label: t('field.total'), sort: 'total', className: 'number', cell: (o) => formatHKD(o.status === 'void' ? 0 : o.total, language) },
          { label: t('field.outstanding'), sort: 'outstanding', className: 'number', cell: (o) => formatHKD(o.outstanding, language) },
          { label: t('field.salesperson'), cell: (o) => o.salesperson ?? '—' },
        ]}
        rows={list.items}
        rowKey={(o) => o.id}
        paging={list}
      />
      {reminder && <OutstandingClients rows={list.items} />}
    </>
  );
}
