import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/**
 * Pages of a server-side list. Each page is a link to the same path with `page` set in its query,
 * so the page is in the address (bookmarkable) and the screen's data reloads with it.
 */
export function Pagination({ path, search, page, perPage, total }: { path: string; search: string; page: number; perPage: number; total: number }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return <p className="list-summary">{t('pagination.summary', { count: total })}</p>;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <p className="list-summary">{t('pagination.range', { from: (page - 1) * perPage + 1, to: Math.min(total, page * perPage), total })}</p>
      <ul>
        {page > 1 && (
          <li>
            <Link href={href(page - 1)}>{t('pagination.previous')}</Link>
          </li>
        )}
        <li aria-current="page">{t('pagination.page', { page, pages })}</li>
        {page < pages && (
          <li>
            <Link href={href(page + 1)}>{t('pagination.next')}</Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
