import type { ResultAsync } from 'neverthrow';
import type { ApiClient, Decode, RequestOptions } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { QueryValue } from '../../../application/ports/ApiTransport';
import type { ReportDesk } from '../../../application/ports/ReportDesk';
import { REPORTS } from '../../../application/navigation/routes';
import type { ReportKey, ReportOptions, ReportResult } from '../../../application/reports/reports';
import { ReportOptionsReply, ReportPageReply } from '../../../contract/reports';
import { decoderOf } from '../wire';

/** A report's page read by the wire contract (contract/reports.ts), as the result screens know it. */
export const reportPage: Decode<ReportResult> = decoderOf(ReportPageReply);
const reportOptions: Decode<ReportOptions> = decoderOf(ReportOptionsReply);

/**
 * The reports over the API (/api/reports/…), each reply read by the wire contract: one that does not
 * match is `malformedReply`, never a value with silent defaults. Loaded with the first report screen
 * (lazyPort in the composition root), not with the sign-in page.
 */
export class HttpReportDesk implements ReportDesk {
  constructor(private readonly api: ApiClient) {}

  options(): ResultAsync<ReportOptions, ApiError> {
    return this.api.call({ method: 'GET', path: '/api/reports/options' }, reportOptions);
  }

  page(report: ReportKey, query: Readonly<Record<string, QueryValue>>, options?: RequestOptions): ResultAsync<ReportResult, ApiError> {
    const path = REPORTS.find((r) => r.key === report)!.api;
    return this.api.call({ method: 'GET', path, query }, reportPage, options);
  }
}
