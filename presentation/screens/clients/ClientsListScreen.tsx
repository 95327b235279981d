import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { clientListOffers } from '../../../application/clients/offers';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListView } from '../../components/ListView';
import { useAppState } from '../../hooks/useAppState';
import { bilingual } from '../../format/bilingual';

const SORTS = [
  ['created', 'sortOldest'],
  ['name', 'sortName'],
  ['-name', 'sortNameDesc'],
  ['code', 'sortCode'],
  ['-code', 'sortCodeDesc'],
] as const;

/** /clients: search by either name, phone or tag; filter by area, tag and source; sort; a page at a time. */
export default function ClientsListScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('clients');
  const offers = clientListOffers(useAppState('user'));
  const list = screenValue(data, 'clients');
  const { filters } = list;
  const language = i18n.language;
  return (
    <ListView
      filters={[
        { key: 'q', type: 'search', label: t('list.search'), placeholder: t('list.searchHint') },
        { key: 'area_id', type: 'select', label: t('list.area'), emptyLabel: t('list.allAreas'), options: filters.areas.map((a) => ({ value: String(a.id), label: bilingual(a, language) })) },
        { key: 'tag', type: 'select', label: t('list.tag'), emptyLabel: t('list.allTags'), options: filters.tags.map((tag) => ({ value: tag, label: tag })) },
        { key: 'source', type: 'select', label: t('field.source'), emptyLabel: t('list.allSources'), options: filters.sources.map((o) => ({ value: o.value, label: bilingual(o, language) })) },
        { key: 'sort', type: 'select', label: t('list.sort'), emptyLabel: t('list.sortNewest'), applyOnChange: true, options: SORTS.map(([value, words]) => ({ value, label: t(`list.${words}`) })) },
      ]}
      words={{ apply: t('list.searchButton'), caption: t('list.caption'), empty: t('list.empty'), noMatch: t('list.noMatch') }}
      actions={
        offers.create && (
          <Link href="/clients/basic/create" className="button button-primary">
            {t('list.new')}
          </Link>
        )
      }
      columns={[
        { label: t('field.code'), cell: (client) => client.code },
        {
          label: t('field.name'),
          cell: (client) => (
            <Link href={`/clients/basic/${client.id}`}>
              {client.nameZh && <span lang="zh-HK">{client.nameZh}</span>}
              {client.nameZh && client.nameEn && ' · '}
              {client.nameEn && <span lang="en">{client.nameEn}</span>}
            </Link>
          ),
        },
        { label: t('list.primaryContact'), cell: (client) => client.primaryContact?.name ?? '—' },
        { label: t('field.phones'), cell: (client) => client.primaryContact?.phones.join(', ') || '—' },
        { label: t('list.area'), cell: (client) => (client.area ? bilingual(client.area, language) : '—') },
        { label: t('field.tags'), cell: (client) => client.tags.join('、') || '—' },
      ]}
      rows={list.items}
      rowKey={(client) => client.id}
      paging={list}
    />
  );
}
