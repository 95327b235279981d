import { Hono } from 'hono';
import * as z from 'zod';
import { ConvertReply, DeletedReply, NewQuotationPage, QuotationList, QuotationPage, QuotationReply } from '../../../contract/sales';
import { hasPermission } from '../../../domain/auth/permissions';
import { centsToDecimal } from '../../../domain/money/money';
import { QUOTATION_STATUSES, VISIT_FREQUENCIES } from '../../../domain/quotations/quotation';
import { INT_MAX } from '../../db/limits';
import { isoDate } from '../../http/dates';
import { errorReply } from '../../http/errors';
import type { AppContext, AppEnv } from '../../http/env';
import { idParam, versionField } from '../../http/fields';
import { ListPaging, sortEnum } from '../../http/list';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { parseQuery, queryId } from '../../http/query';
import { parseJsonBody } from '../../http/validate';
import { callerOf } from '../caller';
import { documentBody, documentHead } from '../documents/input';
import { salesListRoute } from '../listRoute';
import { failureReply } from '../replies';
import { convertQuotation, createQuotation, deleteQuotation, editQuotation, loadQuotation, moveQuotation, quotationForm, quotationOptions, quotationPage, quotationsForExport } from './service';

const ContractInput = z.object({ periodStart: isoDate, periodEnd: isoDate, frequency: z.enum(VISIT_FREQUENCIES) });

const { discountRateBp, ...lines } = documentBody;
const QuotationFields = {
  kind: z.enum(['basic', 'contract']),
  ...documentHead,
  validDays: z.number().int().min(1).max(365),
  discountRateBp,
  ...lines,
  contract: ContractInput.nullable().default(null),
};
const CreateQuotation = z.object(QuotationFields);
const UpdateQuotation = z.object({ ...QuotationFields, version: versionField });

const SORTS = ['number', 'date', 'total', 'client'] as const;
const ListQuery = z.object({
  ...ListPaging,
  status: z.enum(QUOTATION_STATUSES).optional(),
  kind: z.enum(['basic', 'contract']).optional(),
  client_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  salesperson_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  /** Quotations still open whose validity ends within this many days (the dashboard's "expiring soon"). */
  expiring_within: z.coerce.number().int().min(0).max(365).optional(),
  sort: sortEnum(SORTS).default('-date'),
});

const DetailQuery = z.object({ tab: z.enum(['basic', 'contract']).default('basic') });
const StatusInput = z.object({ status: z.enum(['draft', 'sent', 'accepted', 'rejected']), version: versionField });
const ConvertInput = z.object({ version: versionField });

/** The replies, checked against the wire contract (contract/sales.ts) and described in the OpenAPI document. */
const listed = replies(QuotationList);
const newForm = replies(NewQuotationPage);
const created = replies(QuotationReply, 201);
const shown = replies(QuotationPage);
const saved = replies(QuotationReply);
const convertedReply = replies(ConvertReply, 201);
const deletedReply = replies(DeletedReply);

/** Quotations (spec /quotations…): basic and contract, numbered, priced by the domain, turned into orders. */
export function quotationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  /** The quotation as it now is, in a reply. */
  const current = async (c: AppContext, id: number) => {
    const { db, today } = callerOf(c);
    return loadQuotation(db, today, id);
  };

  salesListRoute(routes, '/quotations', listed, 'quotation_view', {
    query: ListQuery,
    csv: {
      filename: 'quotations',
      rows: quotationsForExport,
      columns: ['number', 'kind', 'date', 'validUntil', 'clientZh', 'clientEn', 'status', 'total', 'salesperson'],
      cells: (r, label) => [r.number, label(`sales.kind.${r.kind}`), r.date, r.validUntil, r.client.nameZh, r.client.nameEn, label(`sales.quotationStatus.${r.status}`), centsToDecimal(r.total), r.salesperson ?? ''],
    },
    page: quotationPage,
  });

  routes.get('/quotations/create', newForm, ...requirePermission('quotation_create'), async (c) => {
    const kind = c.req.query('kind') === 'contract' ? 'contract' : 'basic';
    return newForm.send(c, await quotationForm(callerOf(c), kind, queryId(c.req.query('client_id'))));
  });

  routes.post('/quotations', created, ...requirePermission('quotation_create'), async (c) => {
    const body = await parseJsonBody(c, CreateQuotation);
    if (body.isErr()) return body.error;
    const made = await createQuotation(callerOf(c), body.value);
    return made.isErr() ? failureReply(c, made.error) : created.send(c, { quotation: (await current(c, made.value))! });
  });

  routes.get('/quotations/:id{[0-9]{1,9}}', shown, ...requirePermission('quotation_view'), async (c) => {
    const query = parseQuery(c, DetailQuery);
    if (query.isErr()) return query.error;
    const quotation = await current(c, idParam(c));
    if (!quotation) return errorReply(c, 404, 'errors.notFound');
    return shown.send(c, { quotation, tab: query.value.tab, options: await quotationOptions(callerOf(c).db) });
  });

  routes.put('/quotations/:id{[0-9]{1,9}}', saved, ...requirePermission('quotation_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateQuotation);
    if (body.isErr()) return body.error;
    const updated = await editQuotation(callerOf(c), idParam(c), body.value);
    return updated.isErr() ? failureReply(c, updated.error) : saved.send(c, { quotation: updated.value });
  });

  routes.post('/quotations/:id{[0-9]{1,9}}/status', saved, ...requirePermission('quotation_edit', 'update'), async (c) => {
    const body = await parseJsonBody(c, StatusInput);
    if (body.isErr()) return body.error;
    const id = idParam(c);
    const moved = await moveQuotation(callerOf(c), id, body.value);
    return moved.isErr() ? failureReply(c, moved.error) : saved.send(c, { quotation: (await current(c, id))! });
  });

  routes.post('/quotations/:id{[0-9]{1,9}}/convert', convertedReply, ...requirePermission('order_create'), async (c) => {
    // Turning a quotation into an invoice changes the quotation too.
    if (!hasPermission(c.var.user, 'quotation_edit')) return errorReply(c, 403, 'auth.forbidden');
    const body = await parseJsonBody(c, ConvertInput);
    if (body.isErr()) return body.error;
    const id = idParam(c);
    const converted = await convertQuotation(callerOf(c), id, body.value.version);
    return converted.isErr() ? failureReply(c, converted.error) : convertedReply.send(c, { orderId: converted.value, quotation: (await current(c, id))! });
  });

  routes.delete('/quotations/:id{[0-9]{1,9}}', deletedReply, ...requirePermission('quotation_delete'), async (c) => {
    const deleted = await deleteQuotation(callerOf(c), idParam(c));
    return deleted.isErr() ? failureReply(c, deleted.error) : deletedReply.send(c, { deleted: true });
  });

  return routes;
}
