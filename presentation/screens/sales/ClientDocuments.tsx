import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { decodeOrderRows, decodeQuotationRows } from '../../../application/sales/sales';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { StatusBadge } from './StatusBadge';

/** A client's quotations (the client's quotation tab), with a new one for this client. */
export function ClientQuotations({ clientId, rows }: { clientId: number; rows: unknown }) {
  const { t, i18n } = useTranslation('sales');
  const user = useAppState('user');
  const items = decodeQuotationRows(rows);
  return (
    <section className="stack" aria-label={t('list.quotationsCaption')}>
      {hasPermission(user, 'quotation_create') && (
        <p>
          <Link href={`/quotations/basic/create?client_id=${clientId}`} className="button button-primary">
            {t('quotation.new')}
          </Link>
        </p>
      )}
      {items.length === 0 ? (
        <p className="notice">{t('list.emptyQuotations')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('list.quotationsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('field.number')}</th>
                <th scope="col">{t('field.date')}</th>
                <th scope="col">{t('field.kind')}</th>
                <th scope="col">{t('field.validUntil')}</th>
                <th scope="col">{t('field.status')}</th>
                <th scope="col" className="number">
                  {t('field.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((q) => (
                <tr key={q.id}>
                  <td>
                    <Link href={`/quotations/basic/${q.id}`}>{q.number}</Link>
                  </td>
                  <td>{q.date}</td>
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
    </section>
  );
}

/** A client's invoices (the client's order tab), with what each still owes. */
export function ClientOrders({ clientId, rows }: { clientId: number; rows: unknown }) {
  const { t, i18n } = useTranslation('sales');
  const user = useAppState('user');
  const items = decodeOrderRows(rows);
  const owed = items.reduce((sum, o) => sum + o.outstanding, 0);
  return (
    <section className="stack" aria-label={t('list.ordersCaption')}>
      {hasPermission(user, 'order_create') && (
        <p>
          <Link href={`/orders/order/invoice/create?client_id=${clientId}`} className="button button-primary">
            {t('order.new')}
          </Link>
        </p>
      )}
      <p className="list-total">{t('list.outstandingTotal', { amount: formatHKD(owed, i18n.language) })}</p>
      {items.length === 0 ? (
        <p className="notice">{t('list.emptyOrders')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('list.ordersCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('field.number')}</th>
                <th scope="col">{t('field.date')}</th>
                <th scope="col">{t('field.type')}</th>
                <th scope="col">{t('field.status')}</th>
                <th scope="col" className="number">
                  {t('field.total')}
                </th>
                <th scope="col" className="number">
                  {t('field.outstanding')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link href={`/orders/order/invoice/${o.id}`}>{o.number}</Link>
                  </td>
                  <td>{o.date}</td>
                  <td>{t(`orderType.${o.type}`)}</td>
                  <td>
                    <StatusBadge kind="order" status={o.status} overdue={o.overdue} />
                  </td>
                  <td className="number">{formatHKD(o.status === 'void' ? 0 : o.total, i18n.language)}</td>
                  <td className="number">{formatHKD(o.outstanding, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
