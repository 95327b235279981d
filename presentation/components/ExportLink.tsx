import { useTranslation } from 'react-i18next';
import { DownloadLink } from './DownloadLink';

/**
 * Downloads the list as it is filtered now (every page, not just the one shown) as a CSV file that
 * Excel opens; the server writes it with headers in the interface language. The file comes through
 * the app's transport (DownloadLink), so the export works with the fake backend too.
 */
export function ExportLink({ api, search }: { api: string; search: string }) {
  const { t } = useTranslation();
  const params = new URLSearchParams(search);
  params.delete('page');
  params.set('format', 'csv');
  return (
    <DownloadLink className="button button-secondary" href={`${api}?${params.toString()}`}>
      {t('export.csv')}
    </DownloadLink>
  );
}
