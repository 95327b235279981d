import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QUOTATION_STATUSES } from '../../../domain/quotations/quotation';
import { screenValue } from '../../../application/navigation/screenData';
import { quotationListOffers } from '../../../application/sales/offers';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListView } from '../../components/ListView';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { periodAndBranchFilters, salesListWords } from './listParts';
import { StatusBadge } from './StatusBadge';

/** /quotations: search by number or client, filter by status, kind, dates, branch and salesperson; sort; pages; CSV. */
export default function QuotationsListScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('sales');
  const offers = quotationListOffers(useAppState('user'));
  const list = screenValue(data, 'quotations');
  const { options } = list;
  const language = i18n.language;
  return (
    <ListView
      filters={[
        { key: 'q', type: 'search', label: t('list.search'), placeholder: t('list.searchHint') },
        { key: 'status', type: 'select', label: t('field.status'), emptyLabel: t('list.all'), options: QUOTATION_STATUSES.map((s) => ({ value: s, label: t(`quotationStatus.${s}`) })) },
        { key: 'kind', type: 'select', label: t('field.kind'), emptyLabel: t('list.all'), options: (['basic', 'contract'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) })) },
        ...periodAndBranchFilters(t, options.branches, language),
        { key: 'salesperson_id', type: 'select', label: t('field.salesperson'), emptyLabel: t('list.all'), options: options.salespeople.map((s) => ({ value: String(s.id), label: s.name })) },
      ]}
      words={salesListWords(t, 'list.quotationsCaption', 'list.emptyQuotations')}
      actions={
        offers.create && (
          <>
            <Link href="/quotations/basic/create" className="button button-primary">
              {t('quotation.new')}
            </Link>
            <Link href="/quotations/basic/create?kind=contract" className="button button-secondary">
              {t('quotation.newContract')}
            </Link>
          </>
        )
      }
      exportAs={{ kind: 'quotations' }}
      defaultSort="-date"
      columns={[
        { label: t('field.number'), sort: 'number', cell: (q) => <Link href={`/quotations/basic/${q.id}`}>{q.number}</Link> },
        { label: t('field.date'), sort: 'date', cell: (q) => q.date },
        { label: t('field.client'), sort: 'client', cell: (q) => bilingual(q.client, language) },
        { label: t('field.kind'), cell: (q) => t(`kind.${q.kind}`) },
        { label: t('field.validUntil'), cell: (q) => q.validUntil },
        { label: t('field.status'), cell: (q) => <StatusBadge kind="quotation" status={q.status} /> },
        { label: t('field.total'), sort: 'total', className: 'number', cell: (q) => formatHKD(q.total, language) },
      ]}
      rows={list.items}
      rowKey={(q) => q.id}
      paging={list}
    />
  );
}
