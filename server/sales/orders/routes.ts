import { Hono } from 'hono';
import * as z from 'zod';
import { centsToDecimal } from '../../../domain/money/money';
import { countedTotal, ORDER_TYPES } from '../../../domain/orders/order';
import { NewOrderPage, OrderList, OrderPage, OrderReply } from '../../../contract/sales';
import { orderAppointments } from '../../appointments/clientAppointments';
import { INT_MAX } from '../../db/limits';
import { isoDate } from '../../http/dates';
import { errorReply } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { idParam, versionField } from '../../http/fields';
import { ListPaging, sortEnum } from '../../http/list';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { queryId } from '../../http/query';
import { qrPng } from '../../http/qrPng';
import { parseJsonBody } from '../../http/validate';
import { listAttachments } from '../../attachments/service';
import { callerOf } from '../caller';
import { documentBody, documentHead } from '../documents/input';
import { salesListRoute } from '../listRoute';
import { failureReply } from '../replies';
import { ORDER_STATUS_FILTERS } from './repository';
import { createOrder, editOrder, fpsQrPayload, loadOrder, orderForm, orderPage, orderScreenOptions, ordersForExport, setVoid } from './service';

const recordId = z.number().int().positive().max(INT_MAX);
const OrderFields = {
  type: z.enum(ORDER_TYPES),
  date: documentHead.date,
  /** Omitted: the date plus the payment terms of Settings → Codes. */
  dueDate: isoDate.nullable().default(null),
  clientId: documentHead.clientId,
  branchId: documentHead.branchId,
  salespersonId: documentHead.salespersonId,
  ...documentBody,
};
/** An invoice made from an appointment's invoice tab is linked to that appointment. */
const CreateOrder = z.object({ ...OrderFields, appointmentId: recordId.nullable().default(null) });
const UpdateOrder = z.object({ ...OrderFields, version: versionField });

const SORTS = ['number', 'date', 'due', 'total', 'outstanding', 'client'] as const;
const ListQuery = z.object({
  ...ListPaging,
  status: z.enum(ORDER_STATUS_FILTERS).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  client_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  salesperson_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  sort: sortEnum(SORTS).default('-date'),
});

const VoidInput = z.object({ reason: z.string().trim().max(1000), version: versionField });

/** The replies, checked against the wire contract (contract/sales.ts) and described in the OpenAPI document. */
const listed = replies(OrderList);
const newForm = replies(NewOrderPage);
const created = replies(OrderReply, 201);
const shown = replies(OrderPage);
const saved = replies(OrderReply);

/** Orders (invoices) with their lines, void and unvoid, attachments (spec /orders…); their receipts are in ../receipts. */
export function orderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  salesListRoute(routes, '/orders', listed, 'order_view', {
    query: ListQuery,
    csv: {
      filename: 'orders',
      rows: ordersForExport,
      columns: ['number', 'type', 'date', 'dueDate', 'clientZh', 'clientEn', 'status', 'overdue', 'total', 'paid', 'outstanding', 'salesperson'],
      // As the list shows them: a void invoice counts as zero, and the overdue flag beside the status.
      cells: (r, label) => [
        r.number,
        label(`sales.orderType.${r.type}`),
        r.date,
        r.dueDate,
        r.client.nameZh,
        r.client.nameEn,
        label(`sales.paymentStatus.${r.status}`),
        label(r.overdue ? 'sales.csv.yes' : 'sales.csv.no'),
        centsToDecimal(countedTotal(r.total, r.voided)),
        centsToDecimal(r.paid),
        centsToDecimal(r.outstanding),
        r.salesperson ?? '',
      ],
    },
    page: orderPage,
  });

  routes.get('/orders/create', newForm, ...requirePermission('order_create'), async (c) => {
    const form = await orderForm(callerOf(c), queryId(c.req.query('client_id')));
    return newForm.send(c, { options: form.options, appointmentId: queryId(c.req.query('appointment_id')), defaults: form.defaults, client: form.client });
  });

  routes.post('/orders', created, ...requirePermission('order_create'), async (c) => {
    const body = await parseJsonBody(c, CreateOrder);
    if (body.isErr()) return body.error;
    const caller = callerOf(c);
    const made = await createOrder(caller, body.value);
    if (made.isErr()) return failureReply(c, made.error);
    return created.send(c, { order: (await loadOrder(caller.db, caller.today, made.value))! });
  });

  routes.get('/orders/:id{[0-9]{1,9}}', shown, ...requirePermission('order_view'), async (c) => {
    const { db, today } = callerOf(c);
    const order = await loadOrder(db, today, idParam(c));
    if (!order) return errorReply(c, 404, 'errors.notFound');
    // The receipt and refund forms offer the active payment methods and refund reasons (Settings → Options).
    return shown.send(c, { order, attachments: await listAttachments(c, 'order', order.id), appointments: await orderAppointments(c, order.id), options: await orderScreenOptions(db) });
  });

  // The invoice's FPS QR code for what is still owed (a PNG); 404 with the reason when there is none.
  routes.get('/orders/:id{[0-9]{1,9}}/fps-qr.png', ...requirePermission('order_view'), async (c) => {
    const payload = await fpsQrPayload(callerOf(c).db, idParam(c));
    if (payload.isErr()) {
      const { code } = payload.error;
      return code === 'notFound' ? errorReply(c, 404, 'errors.notFound') : errorReply(c, 404, `sales.${code}`, { reason: code });
    }
    return c.body(qrPng(payload.value).slice().buffer, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, no-store' });
  });

  routes.put('/orders/:id{[0-9]{1,9}}', saved, ...requirePermission('order_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateOrder);
    if (body.isErr()) return body.error;
    const updated = await editOrder(callerOf(c), idParam(c), body.value);
    return updated.isErr() ? failureReply(c, updated.error) : saved.send(c, { order: updated.value });
  });

  for (const action of ['void', 'unvoid'] as const) {
    routes.post(`/orders/:id{[0-9]{1,9}}/${action}`, saved, ...requirePermission('order_void'), async (c) => {
      const body = await parseJsonBody(c, VoidInput);
      if (body.isErr()) return body.error;
      const id = idParam(c);
      const caller = callerOf(c);
      const done = await setVoid(caller, id, action, body.value);
      return done.isErr() ? failureReply(c, done.error) : saved.send(c, { order: (await loadOrder(caller.db, caller.today, id))! });
    });
  }

  return routes;
}
