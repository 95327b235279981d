import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { signedAmount } from '../../../domain/orders/receipts';
import { screenValue } from '../../../application/navigation/screenData';
import { SalesDeskLoader } from '../../../application/sales/SalesDesks';
import type { ScreenProps } from '../../app/ScreenProps';
import { FormAlert } from '../../components/FormAlert';
import { ListView } from '../../components/ListView';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';
import { periodAndBranchFilters, salesListWords } from './listParts';
import { methodChoices, methodWords } from './paymentMethods';

/**
 * /orders/receipt (receipts and refunds) and /reminders/bank-in (cash and cheque receipts not yet
 * banked in, each with its "banked in" button): search, filters, sort, pages, the net sum and CSV.
 */
export default function ReceiptsListScreen({ data, route }: ScreenProps) {
  const { t, i18n } = useTranslation('sales');
  const user = useAppState('user');
  const desk = use(useService(SalesDeskLoader).load()).receipts;
  const offers = desk.offers(user);
  const banking = useSubmit((id: number) => desk.bankIn(id), { always: true });
  /** The receipt whose "banked in" is being sent (its button waits). */
  const [busyId, setBusyId] = useState<number | null>(null);
  const bankIn = route.apiQuery?.action === 'bank-in';
  const list = screenValue(data, 'receipts');
  const { options } = list;
  const language = i18n.language;
  /** Every payment method, active or not (Settings → Options), to filter by. */
  const methods = options.paymentMethods;

  /** One receipt at a time: a click while another is being sent is not taken. */
  const markBanked = (id: number) => {
    if (banking.busy) return;
    setBusyId(id);
    void banking.submit(id);
  };

  return (
    <ListView
      intro={bankIn && <p className="hint">{t('reminders.bankInIntro')}</p>}
      filters={[
        { key: 'q', type: 'search', label: t('list.search'), placeholder: t('list.searchReceiptsHint') },
        { key: 'kind', type: 'select', shown: !bankIn, label: t('field.receiptKind'), emptyLabel: t('list.all'), options: (['receipt', 'refund'] as const).map((k) => ({ value: k, label: t(`receiptKind.${k}`) })) },
        { key: 'method', type: 'select', label: t('field.method'), emptyLabel: t('list.all'), options: methodChoices(methods, t, language) },
        ...periodAndBranchFilters(t, options.branches, language),
        { key: 'staff_id', type: 'select', label: t('field.staff'), emptyLabel: t('list.all'), options: options.staff.map((s) => ({ value: String(s.id), label: s.name })) },
      ]}
      words={salesListWords(t, bankIn ? 'list.bankInCaption' : 'list.receiptsCaption', bankIn ? 'list.emptyBankIn' : 'list.emptyReceipts')}
      exportAs={{ kind: 'receipts', fixed: bankIn ? { action: 'bank-in' } : {} }}
      summary={
        <>
          <FormAlert message={banking.message} />
          <p className="list-total" role="status">
            {t('list.netTotal', { amount: formatHKD(list.netAmount, language) })}
          </p>
        </>
      }
      defaultSort="-date"
      columns={[
        { label: t('field.number'), sort: 'number', cell: (r) => r.number },
        { label: t('field.date'), sort: 'date', cell: (r) => r.date },
        { label: t('field.receiptKind'), cell: (r) => t(`receiptKind.${r.kind}`) },
        { label: t('field.invoice'), cell: (r) => <Link href={`/orders/order/invoice/${r.order.id}`}>{r.order.number}</Link> },
        { label: t('field.client'), sort: 'client', cell: (r) => bilingual(r.client, language) },
        { label: t('field.method'), cell: (r) => methodWords(r, t, language) },
        { label: t('field.reference'), cell: (r) => r.reference || '—' },
        { label: t('field.amount'), sort: 'amount', className: 'number', cell: (r) => formatHKD(signedAmount(r), language) },
        { label: t('field.staff'), cell: (r) => r.staff ?? '—' },
        bankIn && {
          label: t('actions'),
          labelHidden: true,
          cell: (r) =>
            offers.bankIn && (
              <button type="button" className="button button-secondary" disabled={banking.busy && busyId === r.id} onClick={() => markBanked(r.id)} aria-label={t('reminders.markBankedNamed', { number: r.number })}>
                {t('reminders.markBanked')}
              </button>
            ),
        },
      ]}
      rows={list.items}
      rowKey={(r) => r.id}
      paging={list}
    />
  );
}
