import { Hono } from 'hono';
import { ReportOptionsReply, ReportPageReply } from '../../contract/reports';
import type * as z from 'zod';
import { hongKongDate } from '../../domain/time/dates';
import type { AppContext, AppEnv } from '../http/env';
import { failureReply } from '../http/failure';
import { requirePermission } from '../http/permissions';
import { parseQuery } from '../http/query';
import { replies } from '../http/reply';
import { analysisReport, AnalysisQuery } from './analysis';
import { appointmentReport, AppointmentQuery, completedReportReport, CompletedQuery } from './appointments';
import { clientReport, ClientQuery } from './clients';
import { commissionReport, CommissionQuery } from './commission';
import { exportReply, reportJson } from './export';
import { reportOptions } from './options';
import { itemsReport, ItemQuery, orderReport, OrderQuery } from './orders';
import { productReport, ProductQuery } from './products';
import { receiptReport, ReceiptQuery } from './receipts';
import type { ReportContext, ReportQuery, ReportResult } from './report';

/**
 * The reports' HTTP (spec /reports/…): each route parses its query, runs its report (./orders.ts,
 * ./analysis.ts …, which build the SQL and return a `ReportResult`) and replies — the page as JSON,
 * or every row as the asked CSV or Excel file; a report's failure (a field it cannot take) is a 422
 * on that field. Every report needs report_view.
 */

const contextOf = (c: AppContext): ReportContext => ({ db: c.var.deps.db, user: c.var.user!, language: c.var.language, today: hongKongDate(c.var.deps.now()) });

/** The handler of one report: parse, run, reply. */
function report<S extends z.ZodType<ReportQuery>>(schema: S, run: (ctx: ReportContext, query: z.output<S>) => Promise<ReportResult>) {
  return async (c: AppContext) => {
    const query = parseQuery(c, schema);
    if (query.isErr()) return query.error;
    const result = await run(contextOf(c), query.value);
    if (result.isErr()) return failureReply(c, result.error);
    const outcome = result.value;
    if (outcome.kind === 'page') return reportJson(c, outcome.page);
    return exportReply(c, query.value.format === 'xlsx' ? 'xlsx' : 'csv', query.value.headers, outcome.table);
  };
}

export function reportRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // A page of a report (JSON; an export is a file, not checked).
  const view = [replies(ReportPageReply), ...requirePermission('report_view')] as const;
  // The choices the report filter screens offer.
  const options = replies(ReportOptionsReply);
  routes.get('/reports/options', options, ...requirePermission('report_view'), async (c) => options.send(c, await reportOptions(c.var.deps.db, c.var.user!)));
  routes.get('/reports/orders/order', ...view, report(OrderQuery, orderReport));
  routes.get('/reports/orders/items', ...view, report(ItemQuery, itemsReport));
  routes.get('/reports/orders/order-analysis', ...view, report(AnalysisQuery, analysisReport));
  routes.get('/reports/orders/receipt', ...view, report(ReceiptQuery, receiptReport));
  routes.get('/reports/orders/commission', ...view, report(CommissionQuery, commissionReport));
  routes.get('/reports/clients/client', ...view, report(ClientQuery, clientReport));
  routes.get('/reports/products/product', ...view, report(ProductQuery, productReport));
  routes.get('/reports/appointments/appointment', ...view, report(AppointmentQuery, appointmentReport));
  routes.get('/reports/appointments/completed-report', ...view, report(CompletedQuery, completedReportReport));
  return routes;
}
