import { useTranslation } from 'react-i18next';
import { ListExport, type ListKind } from '../../application/ports/ListExport';
import { useService } from '../services/ServicesContext';
import { DownloadLink } from './DownloadLink';

/**
 * Downloads the list as it is filtered now (every page, not just the one shown) as a CSV file that
 * Excel opens; the server writes it with headers in the interface language. The file comes through
 * the app's transport (DownloadLink), so the export works with the fake backend too. The list is
 * named by its kind; where its file is, the ListExport port knows.
 */
export function ExportLink({ kind, query }: { kind: ListKind; query: string }) {
  const { t } = useTranslation();
  const exports = useService(ListExport);
  return (
    <DownloadLink className="button button-secondary" href={exports.address(kind, query)}>
      {t('export.csv')}
    </DownloadLink>
  );
}
