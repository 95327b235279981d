import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { screenValue } from '../../../application/navigation/screenData';
import { catalogueOffers, flattenCategories } from '../../../application/products/products';
import type { ScreenProps } from '../../app/ScreenProps';
import { CreateLink } from '../../components/CreateLink';
import { DataTable } from '../../components/DataTable';
import { bilingual } from '../../format/bilingual';
import { formatRate } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';

/** /products/categories: the category tree (category → sub-categories) with their product counts. */
export default function CategoriesScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('products');
  const offers = catalogueOffers(useAppState('user'));
  const rows = flattenCategories(screenValue(data, 'categories'));
  return (
    <div className="stack">
      <CreateLink offered={offers.create} href="/products/categories/create">
        {t('categories.new')}
      </CreateLink>
      <DataTable
        caption={t('categories.caption')}
        empty={t('categories.empty')}
        columns={[
          {
            label: t('field.category'),
            cellClassName: (c) => (c.parentId ? 'indented' : undefined),
            cell: (c) => (
              <>
                {c.parentId && <span className="visually-hidden">{t('categories.subOf')}</span>}
                <Link href={`/products/categories/${c.id}`}>{bilingual(c, i18n.language)}</Link>
              </>
            ),
          },
          { label: t('field.commission'), cell: (c) => (c.commissionRateBp === null ? '—' : formatRate(c.commissionRateBp, i18n.language)) },
          { label: t('categories.products'), cell: (c) => c.productCount },
        ]}
        rows={rows}
        rowKey={(c) => c.id}
      />
    </div>
  );
}
