import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { screenValue } from '../../../application/navigation/screenData';
import { catalogueOffers, flattenCategories } from '../../../application/products/products';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListView } from '../../components/ListView';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';

const SORTS = [
  ['-code', 'sortCodeDesc'],
  ['name', 'sortName'],
  ['-name', 'sortNameDesc'],
  ['price', 'sortPrice'],
  ['-price', 'sortPriceDesc'],
] as const;

/** /products/product: search by code or either name, filter by category (with its sub-categories) and status, sort. */
export default function ProductsListScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('products');
  const offers = catalogueOffers(useAppState('user'));
  const list = screenValue(data, 'products');
  const language = i18n.language;
  return (
    <ListView
      filters={[
        { key: 'q', type: 'search', label: t('list.search'), placeholder: t('list.searchHint') },
        {
          key: 'category_id',
          type: 'select',
          label: t('field.category'),
          emptyLabel: t('list.allCategories'),
          options: flattenCategories(list.categories).map((c) => ({ value: String(c.id), label: `${c.parentId ? '— ' : ''}${bilingual(c, language)}` })),
        },
        { key: 'active', type: 'select', label: t('list.status'), emptyLabel: t('list.all'), options: [{ value: '1', label: t('active') }, { value: '0', label: t('inactive') }] },
        { key: 'sort', type: 'select', label: t('list.sort'), emptyLabel: t('list.sortCode'), applyOnChange: true, options: SORTS.map(([value, words]) => ({ value, label: t(`list.${words}`) })) },
      ]}
      words={{ apply: t('list.searchButton'), caption: t('list.caption'), empty: t('list.empty'), noMatch: t('list.noMatch') }}
      actions={
        offers.create && (
          <Link href="/products/product/create" className="button button-primary">
            {t('list.new')}
          </Link>
        )
      }
      columns={[
        { label: t('field.code'), cell: (p) => <code>{p.code}</code> },
        { label: t('field.name'), cell: (p) => <Link href={`/products/product/${p.id}`}>{bilingual(p, language)}</Link> },
        { label: t('field.category'), cell: (p) => (p.category ? bilingual(p.category, language) : '—') },
        { label: t('field.unit'), cell: (p) => t(`unit.${p.unit}`, { defaultValue: p.unit }) },
        { label: t('field.unitPrice'), className: 'number', cell: (p) => formatHKD(p.unitPrice, language) },
        { label: t('list.status'), cell: (p) => (p.active ? t('active') : t('inactive')) },
      ]}
      rows={list.items}
      rowKey={(p) => p.id}
      paging={list}
    />
  );
}
