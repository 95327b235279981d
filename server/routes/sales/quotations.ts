import { Hono } from 'hono';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import * as z from 'zod';
import { hasPermission } from '../../../domain/auth/permissions';
import { FULL_RATE_BP } from '../../../domain/money/money';
import { dueDate } from '../../../domain/orders/order';
import {
  checkContract,
  checkQuotationTransition,
  effectiveStatus,
  expiryDate,
  QUOTATION_STATUSES,
  toOrder,
  VISIT_FREQUENCIES,
  type QuotationStatus,
} from '../../../domain/quotations/quotation';
import { addDays, type IsoDate } from '../../../domain/time/dates';
import type { Database } from '../../db/schema';
import { audit, fieldChanges } from '../../audit';
import { translate } from '../../i18n';
import { errorReply } from '../../http/errors';
import type { AppContext, AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { likePattern, pageWindow, parseQuery, queryId } from '../../http/query';
import { parseJsonBody } from '../../http/validate';
import { fieldErrors, idParam, optionalText, versionField } from '../../http/fields';
import {
  checkDocument,
  clientSummary,
  codeValue,
  CSV_LIMIT,
  csvReply,
  dateText,
  documentTerms,
  documentOptions,
  figuresOf,
  isoDate,
  ItemsInput,
  letterhead,
  ListPaging,
  loadItems,
  documentCompany,
  nextDocumentNumber,
  sortEnum,
  sortOf,
  termTexts,
  today,
  withDescriptions,
  writeItems,
} from './common';
import { centsToDecimal } from '../../../domain/money/money';
import { INT_MAX } from '../../db/limits';

const ContractInput = z.object({ periodStart: isoDate, periodEnd: isoDate, frequency: z.enum(VISIT_FREQUENCIES) });

const QuotationFields = {
  kind: z.enum(['basic', 'contract']),
  date: isoDate,
  clientId: z.number().int().positive().max(INT_MAX),
  branchId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  salespersonId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  validDays: z.number().int().min(1).max(365),
  discountRateBp: z.number().int().min(0).max(FULL_RATE_BP).default(0),
  items: ItemsInput,
  termIds: z.array(z.number().int().positive().max(INT_MAX)).max(20).default([]),
  notes: optionalText(5000),
  contract: ContractInput.nullable().default(null),
};
const CreateQuotation = z.object(QuotationFields);
const UpdateQuotation = z.object({ ...QuotationFields, version: versionField });
type QuotationInput = z.output<typeof CreateQuotation>;

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

/** SQL for "valid until": the date plus its valid days, the date being day one (domain `expiryDate`). */
const validUntilSql = sql<string>`(q.date + (q.valid_days - 1))`;

/** Which stored statuses show as `status` today: draft/sent past their validity read as expired. */
function statusFilter(status: QuotationStatus, todayDate: IsoDate) {
  return (eb: ExpressionBuilder<Database & { q: Database['quotations'] }, 'q'>) => {
    const open = eb('q.status', 'in', ['draft', 'sent']);
    const pastValidity = eb(validUntilSql, '<', todayDate);
    if (status === 'expired') return eb.or([eb('q.status', '=', 'expired'), eb.and([open, pastValidity])]);
    if (status === 'draft' || status === 'sent') return eb.and([eb('q.status', '=', status), eb(validUntilSql, '>=', todayDate)]);
    return eb('q.status', '=', status);
  };
}

const LIST_COLUMNS = ['q.id', 'q.number', 'q.kind', 'q.valid_days', 'q.status', 'q.total', 'q.order_id', 'q.client_id', 'cl.name_en', 'cl.name_zh', 's.name as salesperson'] as const;

interface ListRow {
  id: number;
  number: string;
  kind: 'basic' | 'contract';
  date: string;
  valid_days: number;
  status: QuotationStatus;
  total: number;
  order_id: number | null;
  client_id: number;
  name_en: string;
  name_zh: string;
  salesperson: string | null;
}

/** A quotation as lists show it, with its status as of `todayDate`. */
const listItem = (r: ListRow, todayDate: IsoDate) => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  date: r.date,
  validUntil: expiryDate(r.date, r.valid_days),
  status: effectiveStatus(r.status, r.date, r.valid_days, todayDate),
  total: r.total,
  orderId: r.order_id,
  client: { id: r.client_id, nameEn: r.name_en, nameZh: r.name_zh },
  salesperson: r.salesperson,
});

/** A client's quotations, newest first (the client's quotation tab). */
export async function clientQuotations(c: AppContext, clientId: number) {
  const rows = await c.var.deps.db
    .selectFrom('quotations as q')
    .innerJoin('clients as cl', 'cl.id', 'q.client_id')
    .leftJoin('users as s', 's.id', 'q.salesperson_id')
    .select([...LIST_COLUMNS, dateText('q.date', 'date')])
    .where('q.client_id', '=', clientId)
    .orderBy('q.date', 'desc')
    .orderBy('q.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => listItem(r, today(c)));
}

type Db = Kysely<Database> | Transaction<Database>;

async function loadQuotation(c: AppContext, id: number, db: Db = c.var.deps.db) {
  const r = await db
    .selectFrom('quotations as q')
    .leftJoin('users as s', 's.id', 'q.salesperson_id')
    .leftJoin('orders as o', 'o.id', 'q.order_id')
    .selectAll('q')
    .select(['s.name as salesperson_name', 'o.number as order_number', dateText('q.date', 'date_text'), dateText('q.period_start', 'period_start_text'), dateText('q.period_end', 'period_end_text')])
    .where('q.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  const todayDate = today(c);
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    date: r.date_text,
    validDays: r.valid_days,
    validUntil: expiryDate(r.date_text, r.valid_days),
    status: effectiveStatus(r.status, r.date_text, r.valid_days, todayDate),
    storedStatus: r.status,
    client: await clientSummary(db, r.client_id),
    clientId: r.client_id,
    branchId: r.branch_id,
    salespersonId: r.salesperson_id,
    salesperson: r.salesperson_name,
    discountRateBp: r.discount_rate_bp,
    subtotal: r.subtotal,
    discount: r.discount,
    total: r.total,
    terms: await documentTerms(db, r.terms, 'quotation'),
    notes: r.notes,
    contract: r.kind === 'contract' && r.period_start_text && r.period_end_text ? { periodStart: r.period_start_text, periodEnd: r.period_end_text, frequency: r.visit_frequency } : null,
    order: r.order_id === null ? null : { id: r.order_id, number: r.order_number },
    items: await loadItems(db, 'quotation_items', r.id),
    letterhead: await letterhead(db, r.branch_id),
    version: r.version,
  };
}

/** Field checks beyond the shape: the document's, the contract's period, the terms. */
async function checkQuotation(c: AppContext, input: QuotationInput) {
  const errors = await checkDocument(c, input);
  const lang = c.var.language;
  if (input.kind === 'contract') {
    if (!input.contract) errors.contract = [translate(lang, 'sales.contractRequired')];
    else if (checkContract(input.contract).isErr()) errors['contract.periodEnd'] = [translate(lang, 'sales.contractPeriod')];
  }
  const terms = await termTexts(c.var.deps.db, input.termIds, 'quotation');
  if (terms === null) errors.termIds = [translate(lang, 'validation.invalid')];
  const figures = figuresOf(input.items, input.discountRateBp);
  if (figures === null) errors.items = [translate(lang, 'sales.amountTooLarge')];
  return { errors, terms: terms ?? [], figures };
}

const statusLabel = (c: AppContext, status: string) => translate(c.var.language, `sales.quotationStatus.${status}` as 'sales.quotationStatus.draft');

/** Quotations (spec /quotations…): basic and contract, numbered, priced by the domain, turned into orders. */
export function quotationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/quotations', ...requirePermission('quotation_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { q, status, kind, client_id, branch_id, salesperson_id, date_from, date_to, expiring_within, sort, page, per_page, format } = query.value;
    const { db } = c.var.deps;
    const todayDate = today(c);
    let base = db.selectFrom('quotations as q').innerJoin('clients as cl', 'cl.id', 'q.client_id');
    if (q) {
      const pattern = likePattern(q);
      base = base.where((eb) => eb.or([eb(sql`lower(q.number)`, 'like', pattern), eb(sql`lower(cl.name_en)`, 'like', pattern), eb(sql`lower(cl.name_zh)`, 'like', pattern)]));
    }
    if (status) base = base.where(statusFilter(status, todayDate));
    if (kind) base = base.where('q.kind', '=', kind);
    if (client_id) base = base.where('q.client_id', '=', client_id);
    if (branch_id) base = base.where('q.branch_id', '=', branch_id);
    if (salesperson_id) base = base.where('q.salesperson_id', '=', salesperson_id);
    if (date_from) base = base.where('q.date', '>=', date_from);
    if (date_to) base = base.where('q.date', '<=', date_to);
    if (expiring_within !== undefined) {
      base = base.where(statusFilter('sent', todayDate)).where(validUntilSql, '<=', addDays(todayDate, expiring_within));
    }
    const { by: orderColumn, direction } = sortOf(sort, { number: sql`q.number`, date: sql`q.date`, total: sql`q.total`, client: sql`coalesce(nullif(cl.name_zh, ''), cl.name_en)` });
    const rowsQuery = base
      .leftJoin('users as s', 's.id', 'q.salesperson_id')
      .select([...LIST_COLUMNS, dateText('q.date', 'date')])
      .orderBy(orderColumn, direction)
      .orderBy('q.id', direction);
    const toItem = (r: ListRow) => listItem(r, todayDate);
    if (format === 'csv') {
      const rows = (await rowsQuery.limit(CSV_LIMIT).execute()).map(toItem);
      const h = (key: string) => translate(c.var.language, `sales.csv.${key}` as 'sales.csv.number');
      return csvReply(
        c,
        'quotations',
        [h('number'), h('kind'), h('date'), h('validUntil'), h('clientZh'), h('clientEn'), h('status'), h('total'), h('salesperson')],
        rows.map((r) => [r.number, translate(c.var.language, `sales.kind.${r.kind}`), r.date, r.validUntil, r.client.nameZh, r.client.nameEn, statusLabel(c, r.status), centsToDecimal(r.total), r.salesperson ?? '']),
      );
    }
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const { limit, offset } = pageWindow(page, per_page);
    const items = (await rowsQuery.limit(limit).offset(offset).execute()).map(toItem);
    return c.json({ items, total, page, perPage: per_page, options: await documentOptions(c, 'quotation') });
  });

  routes.get('/quotations/create', ...requirePermission('quotation_create'), async (c) => {
    const clientId = queryId(c.req.query('client_id'));
    const { db } = c.var.deps;
    const user = c.var.user!;
    return c.json({
      options: await documentOptions(c, 'quotation'),
      defaults: {
        kind: c.req.query('kind') === 'contract' ? 'contract' : 'basic',
        date: today(c),
        validDays: Number(await codeValue(db, 'quotation_valid_days')),
        branchId: user.branchId,
        salespersonId: user.id,
      },
      client: clientId === null ? null : await clientSummary(db, clientId),
    });
  });

  routes.post('/quotations', ...requirePermission('quotation_create'), async (c) => {
    const body = await parseJsonBody(c, CreateQuotation);
    if (body.isErr()) return body.error;
    const input = body.value;
    const { errors, terms, figures } = await checkQuotation(c, input);
    if (Object.keys(errors).length > 0 || !figures) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const id = await db.transaction().execute(async (tx) => {
      const number = await nextDocumentNumber(tx, 'quotation_prefix', input.date, await documentCompany(tx, input.branchId, input.clientId));
      const row = await tx
        .insertInto('quotations')
        .values({
          number,
          kind: input.kind,
          date: input.date,
          client_id: input.clientId,
          branch_id: input.branchId,
          salesperson_id: input.salespersonId,
          valid_days: input.validDays,
          discount_rate_bp: input.discountRateBp,
          ...figures,
          terms: JSON.stringify(terms),
          notes: input.notes,
          period_start: input.kind === 'contract' ? (input.contract?.periodStart ?? null) : null,
          period_end: input.kind === 'contract' ? (input.contract?.periodEnd ?? null) : null,
          visit_frequency: input.kind === 'contract' ? (input.contract?.frequency ?? null) : null,
          created_by: c.var.user!.id,
          created_at: now(),
          updated_at: now(),
        })
        .returning(['id', 'number'])
        .executeTakeFirstOrThrow();
      await writeItems(tx, 'quotation_items', row.id, await withDescriptions(tx, input.items));
      // The audit line goes with the change: both are kept, or neither.
      await audit(c, { action: 'create', entityType: 'quotation', entityId: row.id, changes: { number: row.number, ...input } }, tx);
      return row.id;
    });
    return c.json({ quotation: await loadQuotation(c, id) }, 201);
  });

  routes.get('/quotations/:id{[0-9]{1,9}}', ...requirePermission('quotation_view'), async (c) => {
    const query = parseQuery(c, DetailQuery);
    if (query.isErr()) return query.error;
    const quotation = await loadQuotation(c, idParam(c));
    if (!quotation) return errorReply(c, 404, 'errors.notFound');
    return c.json({ quotation, tab: query.value.tab, options: await documentOptions(c, 'quotation') });
  });

  routes.put('/quotations/:id{[0-9]{1,9}}', ...requirePermission('quotation_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateQuotation);
    if (body.isErr()) return body.error;
    const input = body.value;
    const id = idParam(c);
    const before = await loadQuotation(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    if (before.version !== input.version) return errorReply(c, 409, 'errors.conflict');
    if (before.storedStatus !== 'draft') return errorReply(c, 422, 'sales.quotationLocked');
    const { errors, terms, figures } = await checkQuotation(c, input);
    if (Object.keys(errors).length > 0 || !figures) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const updated = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('quotations')
        .set((eb) => ({
          kind: input.kind,
          date: input.date,
          client_id: input.clientId,
          branch_id: input.branchId,
          salesperson_id: input.salespersonId,
          valid_days: input.validDays,
          discount_rate_bp: input.discountRateBp,
          ...figures,
          terms: JSON.stringify(terms),
          notes: input.notes,
          period_start: input.kind === 'contract' ? (input.contract?.periodStart ?? null) : null,
          period_end: input.kind === 'contract' ? (input.contract?.periodEnd ?? null) : null,
          visit_frequency: input.kind === 'contract' ? (input.contract?.frequency ?? null) : null,
          updated_at: now(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .where('status', '=', 'draft')
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await writeItems(tx, 'quotation_items', id, await withDescriptions(tx, input.items));
      const after = (await loadQuotation(c, id, tx))!;
      const keys = ['kind', 'date', 'clientId', 'branchId', 'salespersonId', 'validDays', 'discountRateBp', 'total', 'terms', 'notes', 'contract', 'items'] as const;
      await audit(c, { action: 'update', entityType: 'quotation', entityId: id, changes: fieldChanges(before, after, [...keys]) }, tx);
      return after;
    });
    if (!updated) return errorReply(c, 409, 'errors.conflict');
    return c.json({ quotation: updated });
  });

  routes.post('/quotations/:id{[0-9]{1,9}}/status', ...requirePermission('quotation_edit', 'update'), async (c) => {
    const body = await parseJsonBody(c, z.object({ status: z.enum(['draft', 'sent', 'accepted', 'rejected']), version: versionField }));
    if (body.isErr()) return body.error;
    const id = idParam(c);
    const before = await loadQuotation(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    if (before.version !== body.value.version) return errorReply(c, 409, 'errors.conflict');
    // The transition starts from the status as shown: an expired quotation can only go back to draft.
    const move = checkQuotationTransition(before.status, body.value.status);
    if (move.isErr()) {
      return errorReply(c, 422, 'sales.quotationTransition', {
        message: translate(c.var.language, 'sales.quotationTransition', { from: statusLabel(c, before.status), to: statusLabel(c, body.value.status) }),
      });
    }
    const { db, now } = c.var.deps;
    // Back to draft restarts its validity from today, so the reworked quotation is not expired at once.
    const restart = body.value.status === 'draft' && before.status === 'expired' ? { date: today(c) } : {};
    const updated = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('quotations')
        .set((eb) => ({ status: body.value.status, ...restart, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', body.value.version)
        .returning('id')
        .executeTakeFirst();
      if (row) {
        await audit(c, { action: 'status', entityType: 'quotation', entityId: id, changes: { status: { from: before.status, to: body.value.status }, ...('date' in restart ? { date: { from: before.date, to: restart.date } } : {}) } }, tx);
      }
      return Boolean(row);
    });
    if (!updated) return errorReply(c, 409, 'errors.conflict');
    return c.json({ quotation: await loadQuotation(c, id) });
  });

  routes.post('/quotations/:id{[0-9]{1,9}}/convert', ...requirePermission('order_create'), async (c) => {
    if (!hasPermission(c.var.user, 'quotation_edit')) return errorReply(c, 403, 'auth.forbidden');
    const body = await parseJsonBody(c, z.object({ version: versionField }));
    if (body.isErr()) return body.error;
    const id = idParam(c);
    const quotation = await loadQuotation(c, id);
    if (!quotation) return errorReply(c, 404, 'errors.notFound');
    if (quotation.version !== body.value.version) return errorReply(c, 409, 'errors.conflict');
    if (quotation.order) return errorReply(c, 422, 'sales.quotationConverted', { message: translate(c.var.language, 'sales.quotationConverted', { number: quotation.order.number ?? '' }) });
    const converted = toOrder({ kind: quotation.kind, status: quotation.status, date: quotation.date, validDays: quotation.validDays, lines: quotation.items, discountRate: quotation.discountRateBp });
    if (converted.isErr()) return errorReply(c, 422, 'sales.quotationNotAccepted');
    const { db, now } = c.var.deps;
    const date = today(c);
    const terms = Number(await codeValue(db, 'payment_terms_days'));
    const orderId = await db.transaction().execute(async (tx) => {
      const locked = await tx.selectFrom('quotations').select(['order_id', 'version']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (locked.order_id !== null || locked.version !== quotation.version) return null;
      const number = await nextDocumentNumber(tx, 'invoice_prefix', date, await documentCompany(tx, quotation.branchId, quotation.clientId));
      const order = await tx
        .insertInto('orders')
        .values({
          number,
          type: converted.value.type,
          date,
          due_date: dueDate(date, terms),
          client_id: quotation.clientId,
          branch_id: quotation.branchId,
          salesperson_id: quotation.salespersonId,
          quotation_id: id,
          discount_rate_bp: quotation.discountRateBp,
          subtotal: quotation.subtotal,
          discount: quotation.discount,
          total: quotation.total,
          // The quotation's terms that apply to invoices too: a quotation-only term stays behind.
          terms: JSON.stringify(await documentTerms(tx, quotation.terms, 'order')),
          notes: quotation.notes,
          created_by: c.var.user!.id,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeItems(
        tx,
        'order_items',
        order.id,
        quotation.items.map((i) => ({ productId: i.productId, descriptionEn: i.descriptionEn, descriptionZh: i.descriptionZh, quantity: i.quantity, unitPrice: i.unitPrice })),
      );
      await tx.updateTable('quotations').set((eb) => ({ order_id: order.id, updated_at: now(), version: eb('version', '+', 1) })).where('id', '=', id).execute();
      await audit(c, { action: 'convert', entityType: 'quotation', entityId: id, changes: { orderId: order.id } }, tx);
      await audit(c, { action: 'create', entityType: 'order', entityId: order.id, changes: { fromQuotation: quotation.number, number } }, tx);
      return order.id;
    });
    if (orderId === null) return errorReply(c, 409, 'errors.conflict');
    return c.json({ orderId, quotation: await loadQuotation(c, id) }, 201);
  });

  routes.delete('/quotations/:id{[0-9]{1,9}}', ...requirePermission('quotation_delete'), async (c) => {
    const id = idParam(c);
    const quotation = await loadQuotation(c, id);
    if (!quotation) return errorReply(c, 404, 'errors.notFound');
    if (quotation.storedStatus !== 'draft' || quotation.order) return errorReply(c, 422, 'sales.quotationDeleteDraft');
    await c.var.deps.db.transaction().execute(async (tx) => {
      const removed = await tx.deleteFrom('quotations').where('id', '=', id).where('status', '=', 'draft').returning('id').executeTakeFirst();
      if (removed) await audit(c, { action: 'delete', entityType: 'quotation', entityId: id, changes: { number: quotation.number, total: quotation.total } }, tx);
    });
    return c.json({ deleted: true });
  });

  return routes;
}
