import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import { decodeReportOptions, type ReportOptions } from './reports';

/**
 * The report screens' use-cases beyond their screen data: the choices their filters offer. (The
 * filter screens have no screen data of their own; the result screens get theirs from the route.)
 */
export class ReportService {
  private cached: ReportOptions | null = null;

  constructor(private readonly api: ApiClient) {}

  /** Branches, staff, workers, categories, products, areas and appointment types; read once per session of the app. */
  options(): ResultAsync<ReportOptions, ApiError> {
    return this.api.get('/api/reports/options').map((body) => (this.cached = decodeReportOptions(body)));
  }

  /** The choices read last, if any (so a second filter screen shows them at once). */
  lastOptions(): ReportOptions | null {
    return this.cached;
  }
}
