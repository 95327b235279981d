import type { ExportFormat, ListExport, ListKind } from '../../application/ports/ListExport';

/**
 * ListExport with the API: a list's own GET address (each kind is named as its API collection,
 * /api/orders …) with `format` set and no page (the file holds every page). Bound with the composition
 * root, so it stays this small (the /login budget).
 */
export class HttpListExport implements ListExport {
  address(kind: ListKind, query: string, format: ExportFormat = 'csv'): string {
    const params = new URLSearchParams(query);
    params.delete('page');
    params.set('format', format);
    return `/api/${kind}?${params}`;
  }
}
