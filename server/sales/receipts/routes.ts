import { Hono } from 'hono';
import * as z from 'zod';
import { BankedReply, PaymentReply, ReceiptList, ReceiptPage } from '../../../contract/sales';
import { centsToDecimal } from '../../../domain/money/money';
import { PAYMENT_METHOD_CODE } from '../../../domain/orders/receipts';
import { INT_MAX } from '../../db/limits';
import { isoDate } from '../../http/dates';
import type { AppEnv } from '../../http/env';
import { idParam, optionalText } from '../../http/fields';
import { ListPaging, sortEnum } from '../../http/list';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { parseJsonBody } from '../../http/validate';
import { callerOf } from '../caller';
import { loadOrder } from '../orders/service';
import { salesListRoute } from '../listRoute';
import { failureReply } from '../replies';
import { bankIn, receiptDetail, receiptPage, receiptsForExport, recordPayment } from './service';

const SORTS = ['number', 'date', 'amount', 'client'] as const;
const ListQuery = z.object({
  ...ListPaging,
  /** The spec's bank-in reminder: cash and cheque receipts not yet banked in. */
  action: z.enum(['bank-in']).optional(),
  kind: z.enum(['receipt', 'refund']).optional(),
  method: z.string().regex(PAYMENT_METHOD_CODE).optional(),
  staff_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  order_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  sort: sortEnum(SORTS).default('-date'),
});

const ReceiptInput = z.object({
  kind: z.enum(['receipt', 'refund']),
  date: isoDate,
  /** One of the active payment methods (Settings → Options), checked by the service. */
  method: z.string().trim().regex(PAYMENT_METHOD_CODE),
  reference: optionalText(100),
  amount: z.number().int().min(1).max(2_147_483_647),
  reason: optionalText(1000),
});

/** The replies, checked against the wire contract (contract/sales.ts) and described in the OpenAPI document. */
const listed = replies(ReceiptList);
const shown = replies(ReceiptPage);
const banked = replies(BankedReply);
const recordedReply = replies(PaymentReply, 201);

/** Receipts and refunds (spec /orders/receipt, /reminders/bank-in): record against an order, list, export, bank-in, print. */
export function receiptRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  salesListRoute(routes, '/receipts', listed, 'receipt_view', {
    query: ListQuery,
    csv: {
      filename: (filter) => (filter.action === 'bank-in' ? 'bank-in' : 'receipts'),
      rows: receiptsForExport,
      columns: ['number', 'kind', 'date', 'order', 'clientZh', 'clientEn', 'method', 'reference', 'amount', 'bankedIn', 'staff'],
      cells: (r, label, language) => [
        r.number,
        label(`sales.receiptKind.${r.kind}`),
        r.date,
        r.order.number,
        r.client.nameZh,
        r.client.nameEn,
        language === 'en' ? r.methodName.nameEn || r.methodName.nameZh : r.methodName.nameZh || r.methodName.nameEn,
        r.reference,
        centsToDecimal(r.kind === 'refund' ? -r.amount : r.amount),
        r.bankedIn ? label('sales.csv.yes') : label('sales.csv.no'),
        r.staff ?? '',
      ],
    },
    page: receiptPage,
  });

  /** One receipt or refund with what its printed copy needs. */
  routes.get('/receipts/:id{[0-9]{1,9}}', shown, ...requirePermission('receipt_view'), async (c) => {
    const detail = await receiptDetail(callerOf(c), idParam(c));
    return detail.isErr() ? failureReply(c, detail.error) : shown.send(c, detail.value);
  });

  /** Marks a cash or cheque receipt as banked in; it leaves the bank-in reminder. */
  routes.post('/receipts/:id{[0-9]{1,9}}/bank-in', banked, ...requirePermission('receipt_edit', 'update'), async (c) => {
    const done = await bankIn(callerOf(c), idParam(c));
    return done.isErr() ? failureReply(c, done.error) : banked.send(c, { banked: true });
  });

  /** A receipt or a refund against the order (the rule is checked under the order's lock: see recordPayment). */
  routes.post('/orders/:id{[0-9]{1,9}}/receipts', recordedReply, ...requirePermission('receipt_create'), async (c) => {
    const body = await parseJsonBody(c, ReceiptInput);
    if (body.isErr()) return body.error;
    const id = idParam(c);
    const caller = callerOf(c);
    const recorded = await recordPayment(caller, id, body.value);
    if (recorded.isErr()) return failureReply(c, recorded.error);
    return recordedReply.send(c, { receiptId: recorded.value.receiptId, order: (await loadOrder(caller.db, caller.today, id))! });
  });

  return routes;
}
