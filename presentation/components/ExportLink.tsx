import { useTranslation } from 'react-i18next';

/**
 * Downloads the list as it is filtered now (every page, not just the one shown) as a CSV file that
 * Excel opens; the server writes it with headers in the interface language.
 */
export function ExportLink({ api, search }: { api: string; search: string }) {
  const { t } = useTranslation();
  const params = new URLSearchParams(search);
  params.delete('page');
  params.set('format', 'csv');
  return (
    <a className="button button-secondary" href={`${api}?${params.toString()}`} download>
      {t('export.csv')}
    </a>
  );
}
