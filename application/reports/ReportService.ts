import { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { ReportOptions } from './reports';

/**
 * The report screens' use-cases beyond their screen data: the choices their filters offer. (The
 * filter screens have no screen data of their own; the result screens get theirs from the route.)
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

  /** The choices read last, if any (so a second filter screen shows them at once). */
  lastOptions(): ReportOptions | null {
    return this.cached;
  }
}
