import type { ResultAsync } from 'neverthrow';
import type { RequestOptions } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';
import type { QueryValue } from './ApiTransport';
import type { ReportKey, ReportOptions, ReportResult } from '../reports/reports';

/** The reports, as the report screens ask for them beyond their screen data. */
export interface ReportDesk {
  /** The choices the filter screens offer: branches, staff, workers, categories, products, areas, appointment types, payment methods. */
  options(): ResultAsync<ReportOptions, ApiError>;
  /** One page of a report's result, for these filters (the query parameters of the report). */
  page(report: ReportKey, query: Readonly<Record<string, QueryValue>>, options?: RequestOptions): ResultAsync<ReportResult, ApiError>;
}

export const ReportDesk = token<ReportDesk>('ReportDesk');
