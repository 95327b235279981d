import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { screenValue } from '../../../application/navigation/screenData';
import { flattenCategories } from '../../../application/products/products';
import type { ScreenProps } from '../../app/ScreenProps';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';

/** /products/product: search by code or either name, filter by category (with its sub-categories) and status, sort. */
export default function ProductsListScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('products');
  const user = useAppState('user');
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const list = screenValue(data, 'products');
  const [form, setForm] = useState({ q: params.get('q') ?? '', category_id: params.get('category_id') ?? '', active: params.get('active') ?? '', sort: params.get('sort') ?? '' });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  /** The search, filters and order go in the address (a new search starts at page 1). */
  const go = (values: typeof form) => {
    const next = new URLSearchParams(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    navigate(next.size > 0 ? `${path}?${next.toString()}` : path);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(form);
  };

  /** A new order applies at once. */
  const onSort = (sort: string) => {
    set('sort', sort);
    go({ ...form, sort });
  };

  const { items, page, perPage, total } = list;
  const categories = flattenCategories(list.categories);
  return (
    <div className="stack">
      <div className="toolbar">
        <form className="filters" role="search" onSubmit={onSubmit}>
          <TextField label={t('list.search')} type="search" value={form.q} placeholder={t('list.searchHint')} onChange={(e) => set('q', e.target.value)} />
          <SelectField
            label={t('field.category')}
            value={form.category_id}
            onChange={(e) => set('category_id', e.target.value)}
            emptyLabel={t('list.allCategories')}
            options={categories.map((c) => ({ value: String(c.id), label: `${c.parentId ? '— ' : ''}${bilingual(c, i18n.language)}` }))}
          />
          <SelectField label={t('list.status')} value={form.active} onChange={(e) => set('active', e.target.value)} emptyLabel={t('list.all')} options={[{ value: '1', label: t('active') }, { value: '0', label: t('inactive') }]} />
          <SelectField
            label={t('list.sort')}
            value={form.sort}
            onChange={(e) => onSort(e.target.value)}
            emptyLabel={t('list.sortCode')}
            options={[
              { value: '-code', label: t('list.sortCodeDesc') },
              { value: 'name', label: t('list.sortName') },
              { value: '-name', label: t('list.sortNameDesc') },
              { value: 'price', label: t('list.sortPrice') },
              { value: '-price', label: t('list.sortPriceDesc') },
            ]}
          />
          <button type="submit" className="button button-primary">
            {t('list.searchButton')}
          </button>
        </form>
        {hasPermission(user, 'product_create') && (
          <Link href="/products/product/create" className="button button-primary">
            {t('list.new')}
          </Link>
        )}
      </div>
      {items.length === 0 ? (
        <p className="notice">{params.size > 0 ? t('list.noMatch') : t('list.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('field.code')}</th>
                <th scope="col">{t('field.name')}</th>
                <th scope="col">{t('field.category')}</th>
                <th scope="col">{t('field.unit')}</th>
                <th scope="col" className="number">
                  {t('field.unitPrice')}
                </th>
                <th scope="col">{t('list.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id}>
                  <td>
                    <code>{p.code}</code>
                  </td>
                  <td>
                    <Link href={`/products/product/${p.id}`}>{bilingual(p, i18n.language)}</Link>
                  </td>
                  <td>{p.category ? bilingual(p.category, i18n.language) : '—'}</td>
                  <td>{t(`unit.${p.unit}`, { defaultValue: p.unit })}</td>
                  <td className="number">{formatHKD(p.unitPrice, i18n.language)}</td>
                  <td>{p.active ? t('active') : t('inactive')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination path={path} search={search} page={page} perPage={perPage} total={total} />
    </div>
  );
}
