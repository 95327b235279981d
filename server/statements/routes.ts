import { Hono } from 'hono';
import * as z from 'zod';
import { SendStatementsReply, StatementPrintReply, StatementSendReply, StatementSends } from '../../contract/statements';
import { isoDate } from '../http/dates';
import type { AppEnv } from '../http/env';
import { errorReply } from '../http/errors';
import { failureReply } from '../http/failure';
import { idParam } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { qrPng } from '../http/qrPng';
import { parseQuery } from '../http/query';
import { replies } from '../http/reply';
import { parseJsonBody } from '../http/validate';
import { mailFailureReply } from '../mail/replies';
import { serviceContext } from '../service/context';
import { statementFpsPayload, statementRecord } from './record';
import { sendStatement, sendStatements, statementPeriodOf, statementSends } from './service';

const email = z.string().trim().min(1).max(254).pipe(z.email());
const language = z.enum(['zh-HK', 'en', 'both']);
const Period = z.object({ from: isoDate, to: isoDate });

/** GET …/statement/print and …/statement/fps-qr.png: the period (by default the last three months to today); the QR code's `amount` and `fps` only make its address new when they change. */
const QrQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });

const SendBody = z.object({
  to: email,
  language,
  message: z.string().max(5_000).default(''),
  period: Period.optional(),
});

/** The most clients one action sends statements to (a page of the reminders is at most 200 rows). */
export const MAX_CLIENTS_PER_ACTION = 200;

const SendManyBody = z.object({
  clientIds: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(MAX_CLIENTS_PER_ACTION),
  period: Period.optional(),
  language: language.optional(),
});

/**
 * Statements of account beyond the screen (HTTP only; the PDF is with the other PDFs in
 * server/documents/routes.ts): what its print view shows and the FPS QR code of what is owed (order_view), the statements sent to
 * a client and sending one (order_view / order_edit, as an invoice's e-mails), and sending the
 * statements of several clients in one action (order_edit).
 */
export function statementRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const listed = replies(StatementSends);
  const queued = replies(StatementSendReply, 202);
  const sentMany = replies(SendStatementsReply);
  const printed = replies(StatementPrintReply);

  routes.get('/clients/:id{[0-9]{1,9}}/statement/print', printed, ...requirePermission('order_view'), async (c) => {
    const query = parseQuery(c, QrQuery);
    if (query.isErr()) return query.error;
    const period = statementPeriodOf(c.var.deps.now(), query.value, 'from');
    if (period.isErr()) return failureReply(c, period.error);
    const record = await statementRecord(c.var.deps.db, idParam(c), period.value);
    if (!record) return errorReply(c, 404, 'errors.notFound');
    const { branchId: _branch, ...print } = record;
    return printed.send(c, { print });
  });

  routes.get('/clients/:id{[0-9]{1,9}}/statement/fps-qr.png', ...requirePermission('order_view'), async (c) => {
    const query = parseQuery(c, QrQuery);
    if (query.isErr()) return query.error;
    const period = statementPeriodOf(c.var.deps.now(), query.value, 'from');
    if (period.isErr()) return failureReply(c, period.error);
    const payload = await statementFpsPayload(c.var.deps.db, idParam(c), period.value);
    // No client, no FPS identifier, or nothing owed: no code (the reason said for the last two).
    if (payload.isErr()) return payload.error.code === 'notFound' ? errorReply(c, 404, 'errors.notFound') : errorReply(c, 404, 'errors.notFound', { reason: payload.error.code });
    return c.body(qrPng(payload.value).slice().buffer, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, no-store' });
  });

  routes.get('/clients/:id{[0-9]{1,9}}/statement/emails', listed, ...requirePermission('order_view'), async (c) => {
    const sends = await statementSends(c.var.deps.db, idParam(c));
    return sends.isErr() ? failureReply(c, sends.error) : listed.send(c, sends.value);
  });

  routes.post('/clients/:id{[0-9]{1,9}}/statement/emails', queued, ...requirePermission('order_edit', 'update'), async (c) => {
    const input = await parseJsonBody(c, SendBody);
    if (input.isErr()) return input.error;
    const sent = await sendStatement(serviceContext(c), idParam(c), input.value);
    return sent.isErr() ? mailFailureReply(c, sent.error) : queued.send(c, { send: sent.value });
  });

  routes.post('/statements/emails', sentMany, ...requirePermission('order_edit', 'update'), async (c) => {
    const input = await parseJsonBody(c, SendManyBody);
    if (input.isErr()) return input.error;
    const sent = await sendStatements(serviceContext(c), input.value);
    return sent.isErr() ? mailFailureReply(c, sent.error) : sentMany.send(c, sent.value);
  });

  return routes;
}
