import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { orderListOffers, quotationListOffers } from '../../../application/sales/offers';
import type { OrderRow, QuotationRow } from '../../../application/sales/sales';
import { CreateLink } from '../../components/CreateLink';
import { DataTable } from '../../components/DataTable';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { StatusBadge } from './StatusBadge';

/** A client's quotations (the client's quotation tab), with a new one for this client. */
export function ClientQuotations({ clientId, rows = [] }: { clientId: number; rows: readonly QuotationRow[] | undefined }) {
  const { t, i18n } = useTranslation('sales');
  const offers = quotationListOffers(useAppState('user'));
  return (
    <section className="stack" aria-label={t('list.quotationsCaption')}>
      <CreateLink offered={offers.create} href={`/quotations/basic/create?client_id=${clientId}`}>
        {t('quotation.new')}
      </CreateLink>
      <DataTable
        caption={t('list.quotationsCaption')}
        empty={t('list.emptyQuotations')}
        columns={[
          { label: t('field.number'), cell: (q) => <Link href={`/quotations/basic/${q.id}`}>{q.number}</Link> },
          { label: t('field.date'), cell: (q) => q.date },
          { label: t('field.kind'), cell: (q) => t(`kind.${q.kind}`) },
          { label: t('field.validUntil'), cell: (q) => q.validUntil },
          { label: t('field.status'), cell: (q) => <StatusBadge kind="quotation" status={q.status} /> },
          { label: t('field.total'), className: 'number', cell: (q) => formatHKD(q.total, i18n.language) },
        ]}
        rows={rows}
        rowKey={(q) => q.id}
      />
    </section>
  );
}

/** A client's invoices (the client's order tab), with what each still owes. */
export function ClientOrders({ clientId, rows: items = [] }: { clientId: number; rows: readonly OrderRow[] | undefined }) {
  const { t, i18n } = useTranslation('sales');
  const offers = orderListOffers(useAppState('user'));
  const owed = items.reduce((sum, o) => sum + o.outstanding, 0);
  return (
    <section className="stack" aria-label={t('list.ordersCaption')}>
      <CreateLink offered={offers.create} href={`/orders/order/invoice/create?client_id=${clientId}`}>
        {t('order.new')}
      </CreateLink>
      <p className="list-total">{t('list.outstandingTotal', { amount: formatHKD(owed, i18n.language) })}</p>
      <DataTable
        caption={t('list.ordersCaption')}
        empty={t('list.emptyOrders')}
        columns={[
          { label: t('field.number'), cell: (o) => <Link href={`/orders/order/invoice/${o.id}`}>{o.number}</Link> },
          { label: t('field.date'), cell: (o) => o.date },
          { label: t('field.type'), cell: (o) => t(`orderType.${o.type}`) },
          { label: t('field.status'), cell: (o) => <StatusBadge kind="order" status={o.status} overdue={o.overdue} /> },
          { label: t('field.total'), className: 'number', cell: (o) => formatHKD(o.status === 'void' ? 0 : o.total, i18n.language) },
          { label: t('field.outstanding'), className: 'number', cell: (o) => formatHKD(o.outstanding, i18n.language) },
        ]}
        rows={items}
        rowKey={(o) => o.id}
      />
    </section>
  );
}
