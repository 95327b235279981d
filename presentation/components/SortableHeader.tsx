import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/**
 * A column header that sorts a server-side list: a link to the same address with `sort` set (the
 * key, or '-key' for descending), so the order is in the address like the page and the filters.
 * The current order is announced with aria-sort.
 */
export function SortableHeader({ label, column, path, search, defaultSort, className }: { label: string; column: string; path: string; search: string; defaultSort: string; className?: string }) {
  const { t } = useTranslation();
  const params = new URLSearchParams(search);
  const current = params.get('sort') ?? defaultSort;
  const active = current === column || current === `-${column}`;
  const descending = current === `-${column}`;
  params.set('sort', active && !descending ? `-${column}` : column);
  params.delete('page');
  return (
    <th scope="col" className={className} aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}>
      <Link href={`${path}?${params.toString()}`} className="sort-link">
        {label}
        <span aria-hidden="true">{active ? (descending ? ' ▼' : ' ▲') : ''}</span>
        <span className="visually-hidden">{active ? (descending ? t('sort.descending') : t('sort.ascending')) : t('sort.sortBy')}</span>
      </Link>
    </th>
  );
}
