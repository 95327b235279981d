import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { screenValue } from '../../../application/navigation/screenData';
import { flattenCategories } from '../../../application/products/products';
import type { ScreenProps } from '../../app/ScreenProps';
import { bilingual } from '../../format/bilingual';
import { formatRate } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';

/** /products/categories: the category tree (category → sub-categories) with their product counts. */
export default function CategoriesScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('products');
  const user = useAppState('user');
  const rows = flattenCategories(screenValue(data, 'categories'));
  return (
    <div className="stack">
      {hasPermission(user, 'product_create') && (
        <p>
          <Link href="/products/categories/create" className="button button-primary">
            {t('categories.new')}
          </Link>
        </p>
      )}
      {rows.length === 0 ? (
        <p className="notice">{t('categories.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('categories.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('field.category')}</th>
                <th scope="col">{t('field.commission')}</th>
                <th scope="col">{t('categories.products')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td className={c.parentId ? 'indented' : undefined}>
                    {c.parentId && <span className="visually-hidden">{t('categories.subOf')}</span>}
                    <Link href={`/products/categories/${c.id}`}>{bilingual(c, i18n.language)}</Link>
                  </td>
                  <td>{c.commissionRateBp === null ? '—' : formatRate(c.commissionRateBp, i18n.language)}</td>
                  <td>{c.productCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
