import { token } from '../di/token';

/** The lists whose rows the back end exports as a file (each one a server-side list). */
export type ListKind = 'orders' | 'quotations' | 'receipts';

/** The kinds of file a list is exported as. */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * Where a list's export is: the address of the file holding every row of the list as `query` filters
 * and sorts it (not just the page shown). A download link fetches it through the app's transport
 * (DownloadService), so the screens know a list by its kind, never by its API path.
 */
export interface ListExport {
  /** The export's address for the list `kind` filtered by `query` (the list's own query string). */
  address(kind: ListKind, query: string, format?: ExportFormat): string;
}

export const ListExport = token<ListExport>('ListExport');
