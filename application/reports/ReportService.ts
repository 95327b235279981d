import { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import { isRecord } from '../api/decode';
import type { QueryValue } from '../ports/ApiTransport';
import type { ReportOptions, ReportResult } from './reports';

/** The most rows a print reads in one request: the server's export limit (and its per_page maximum). */
export const PRINT_ROW_LIMIT = 50_000;

/**
 * The report screens' use-cases beyond their screen data: the choices their filters offer, and every
 * row of a result for its print view. (The filter screens have no screen data of their own; the
 * result screens get theirs from the route.)
 */
export class ReportService {
  private cached: ReportOptions | null = null;

  constructor(private readonly api: ApiClient) {}

  /** Branches, staff, workers, categories, products, areas and appointment types; read once per session of the app. */
  options(): ResultAsync<ReportOptions, ApiError> {
    // The decoder comes with the reply: this service is in every page's first download, the report
    // definitions only in the report screens'.
    return this.api
      .get('/api/reports/options')
      .andThen((body) => ResultAsync.fromSafePromise(import('./reports').then((reports) => (this.cached = reports.decodeReportOptions(body)))));
  }

  /**
   * Every row of a report's result, up to PRINT_ROW_LIMIT, for its print view: the report's API path
   * with the result's filters and sort, one page as large as the limit. A failure stays on the
   * screen (no navigation), for the screen to say.
   */
  allRows(api: string, search: string): ResultAsync<ReportResult, ApiError> {
    const params = new URLSearchParams(search);
    const query: Record<string, QueryValue> = {};
    for (const key of new Set(params.keys())) {
      const values = params.getAll(key);
      query[key] = values.length === 1 ? values[0] : values;
    }
    query.page = 1;
    query.per_page = PRINT_ROW_LIMIT;
    return this.api
      .get(api, query, { navigateOnError: false })
      .andThen((body) => ResultAsync.fromSafePromise(import('./reports').then((reports) => reports.decodeReport(isRecord(body) ? body : {}))));
  }

  /** The choices read last, if any (so a second filter screen shows them at once). */
  lastOptions(): ReportOptions | null {
    return this.cached;
  }
}
