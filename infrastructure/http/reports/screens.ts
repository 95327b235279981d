import type { Decode } from '../../../application/api/ApiClient';
import type { Dashboard } from '../../../application/reports/reports';
import { DashboardReply } from '../../../contract/dashboard';
import { decoderOf } from '../wire';

/** The dashboard's and the report results' screen data, read by the wire contract (loaded with those screens). */
export const dashboard: Decode<Dashboard> = decoderOf(DashboardReply);
export { reportPage as reportResult } from './HttpReportDesk';
